/**
 * What every tool call sees: the served repository roots (with path confinement), their opened indexes, and the
 * sessions stored in them.
 */
import { openWorkspaceRepo, workingTreeFingerprint, type SessionRecord, type SessionSummary, type WorkspaceRepo } from '../api/workspace.js';
import { UserError } from '../util/errors.js';
import { PathGuard } from './paths.js';

export interface ServerOptions {
  /** Repository roots the server may read; the first is the default. */
  roots: readonly string[];
  /** Index folder, only with a single root (default: <root>/.codectx). */
  indexDir?: string;
}

export interface FoundSession {
  repo: WorkspaceRepo;
  record: SessionRecord;
}

export class ServerContext {
  readonly guard: PathGuard;
  private readonly indexDir: string | undefined;
  private readonly repos = new Map<string, WorkspaceRepo>();

  constructor(options: ServerOptions) {
    if (options.indexDir && options.roots.length > 1) throw new UserError('--index-dir works with a single --repo');
    this.guard = new PathGuard(options.roots);
    this.indexDir = options.indexDir;
  }

  /** The opened repository whose root is `root` (a served root). */
  repoAt(root: string): WorkspaceRepo {
    let repo = this.repos.get(root);
    if (!repo) {
      repo = openWorkspaceRepo(root, this.indexDir);
      this.repos.set(root, repo);
    }
    return repo;
  }

  /** The served repository a client names by path (the default root when omitted). */
  repoFor(path: string | undefined): WorkspaceRepo {
    const confined = this.guard.confine(path ?? '.', { mustExist: true });
    if (confined.rel !== '') {
      throw new UserError(`${JSON.stringify(path)} is not a served repository root (${this.guard.describeRoots()})`);
    }
    return this.repoAt(confined.root);
  }

  /** Every session of every served repository, oldest first. */
  allSessions(): { repo: WorkspaceRepo; session: SessionSummary }[] {
    return this.guard.roots.flatMap((root) => {
      const repo = this.repoAt(root);
      return repo.sessions.list().map((session) => ({ repo, session }));
    });
  }

  /** A stored session, optionally of one of `types`; an unknown id is an error listing the ids there are. */
  session(id: string, types?: readonly string[]): FoundSession {
    for (const root of this.guard.roots) {
      const repo = this.repoAt(root);
      const record = repo.sessions.get(id);
      if (!record) continue;
      if (types && !types.includes(record.type)) {
        throw new UserError(`session ${id} is a ${record.type}; this needs ${types.join(' or ')}`);
      }
      return { repo, record };
    }
    const available = this.allSessions()
      .filter(({ session }) => !types || types.includes(session.type))
      .map(({ session }) => `${session.id} (${session.type})`);
    const what = types ? `${types.join('/')} sessions` : 'sessions';
    throw new UserError(`unknown session ${JSON.stringify(id)}; available ${what}: ${available.length ? available.join(', ') : 'none'}`);
  }

  /** True when the repository's indexable files changed since the state a session recorded. */
  isStale(repo: WorkspaceRepo, record: Pick<SessionRecord, 'treeHash'>): boolean {
    return workingTreeFingerprint(repo) !== record.treeHash;
  }

  close(): void {
    for (const repo of this.repos.values()) repo.close();
    this.repos.clear();
  }
}
