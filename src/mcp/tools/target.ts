/** Which graph a query runs on: a DependencyGraph session's (filtered) view, or a served repository's whole index. */
import type { RepoHandle } from '../../api/repo.js';
import { indexIsCurrent, updateIndex, type WorkspaceRepo } from '../../api/workspace.js';
import { UserError } from '../../util/errors.js';
import type { ServerContext } from '../context.js';
import { DEPENDENCY_GRAPH, sessionGraph } from '../sessions.js';

export interface QueryTarget {
  repo: WorkspaceRepo;
  /** The repository handle whose graph() is the view the query must see. */
  handle: RepoHandle;
  dep_graph: string | null;
  /** Files changed since the session (or, without one, since the index) was built. */
  stale: boolean;
}

export async function queryTarget(ctx: ServerContext, args: { repo?: string; dep_graph?: string }): Promise<QueryTarget> {
  if (args.repo !== undefined && args.dep_graph !== undefined) throw new UserError('pass repo or dep_graph, not both');
  if (args.dep_graph !== undefined) {
    const { repo, record } = ctx.session(args.dep_graph, [DEPENDENCY_GRAPH]);
    const handle: RepoHandle = { ...repo, graph: () => sessionGraph(repo, record) };
    return { repo, handle, dep_graph: record.id, stale: ctx.isStale(repo, record) };
  }
  const repo = ctx.repoFor(args.repo);
  // A repository queried before anything parsed it gets indexed once, so the first query has a graph.
  if (!repo.store.hasFiles()) await updateIndex(repo);
  return { repo, handle: repo, dep_graph: null, stale: !indexIsCurrent(repo) };
}
