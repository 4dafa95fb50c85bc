/**
 * The session kinds the tools create, what each records, and how a stored session is shown: its id and type,
 * its result, and whether the repository changed since (`stale`).
 */
import type { FileFilter } from '../api/file-filter.js';
import {
  filteredGraph,
  indexIdle,
  updateIndex,
  workingTreeFingerprint,
  type LoadedGraph,
  type SessionRecord,
  type SessionState,
  type WorkspaceRepo,
} from '../api/workspace.js';
import type { JsonObject } from './budget.js';
import type { ServerContext } from './context.js';
import { toJson } from './tool.js';

export const INGESTED_REPO = 'IngestedRepo';
export const DEPENDENCY_GRAPH = 'DependencyGraph';
export const ARCHITECTURE = 'Architecture';

export interface IngestParams {
  filter: FileFilter;
}

export interface DepGraphParams {
  filter: FileFilter;
  /** The IngestedRepo session it was parsed from; null when parsed straight from a path. */
  ingest_session_id: string | null;
}

export function currentState(repo: WorkspaceRepo): SessionState {
  return { indexVersion: repo.store.indexVersion(), treeHash: workingTreeFingerprint(repo) };
}

/** A stored session as tools return it. */
export function showSession(ctx: ServerContext, repo: WorkspaceRepo, record: SessionRecord): JsonObject {
  const result = (record.result ?? {}) as JsonObject;
  return { session_id: record.id, type: record.type, stale: ctx.isStale(repo, record), ...result };
}

function depGraphParams(record: SessionRecord): DepGraphParams {
  return record.params as DepGraphParams;
}

/** The graph a DependencyGraph session stands for: the repository's current index, narrowed by its filter. */
export function sessionGraph(repo: WorkspaceRepo, record: SessionRecord): LoadedGraph {
  return filteredGraph(repo, depGraphParams(record).filter);
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Counts that describe a dependency graph: what parse returns. */
function summarizeGraph(repo: WorkspaceRepo, graph: LoadedGraph): JsonObject {
  return toJson({
    name: repo.name,
    repo: repo.repo,
    num_files: graph.byFile.size,
    num_entities: graph.entities.length,
    num_edges: graph.edges.length,
    num_packages: new Set(graph.entities.map((e) => e.package)).size,
    languages: [...new Set(graph.entities.map((e) => e.language))].sort(),
    entities_by_kind: countBy(graph.entities, (e) => e.kind),
    edges_by_kind: countBy(graph.edges, (e) => e.kind),
    index_version: graph.version,
  });
}

/** Indexes incrementally, then creates a DependencyGraph session (or refreshes `existing`) from the result. */
export async function buildDepGraphSession(
  ctx: ServerContext,
  repo: WorkspaceRepo,
  params: DepGraphParams,
  existing?: SessionRecord,
): Promise<JsonObject> {
  await updateIndex(repo);
  await indexIdle(repo);
  const summary = summarizeGraph(repo, filteredGraph(repo, params.filter));
  const state = currentState(repo);
  if (existing) {
    repo.sessions.update(existing.id, summary, state);
    return showSession(ctx, repo, repo.sessions.get(existing.id)!);
  }
  return showSession(ctx, repo, repo.sessions.create(DEPENDENCY_GRAPH, params, summary, state));
}

/** The newest DependencyGraph session built with these parameters, if any. */
export function findDepGraphSession(repo: WorkspaceRepo, params: DepGraphParams): SessionRecord | undefined {
  const wanted = JSON.stringify(params);
  const candidates = repo.sessions.list().filter((s) => s.type === DEPENDENCY_GRAPH).reverse();
  for (const summary of candidates) {
    const record = repo.sessions.get(summary.id);
    if (record && JSON.stringify(record.params) === wanted) return record;
  }
  return undefined;
}
