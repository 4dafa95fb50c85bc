/**
 * get_context and the graph queries on an opened repository: files are read from the working tree at
 * query time and compared with the hash recorded when they were indexed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { IndexStore } from '../graph/store.js';
import { getContext, type ContextResult } from '../retrieval/get-context.js';
import {
  getCallers, getDependencies, getExecutionPath,
  type CallersResult, type DependenciesResult, type DependencyOptions, type ExecutionPathResult, type PathEnds,
} from '../retrieval/graph-queries.js';
import type { SourceReader } from '../retrieval/snippets.js';
import type { RepoHandle } from './repo.js';
import { repoSynonyms } from './retrieval.js';
import { loneCrAsLf } from '../util/line-ends.js';
export { DEFAULT_TOKEN_BUDGET, renderContext } from '../retrieval/get-context.js';
export { DEFAULT_DEPTH, DEFAULT_PATH_COUNT, type Dependency } from '../retrieval/graph-queries.js';

export interface GetContextParams {
  query: string;
  token_budget?: number;
  seed_files?: readonly string[];
  seed_symbols?: readonly string[];
}

/**
 * Reads repository files as they are now, flagging those whose content hash differs from the index's. A lone '\r'
 * (a classic Mac line end) is read as '\n', so the lines are those extraction numbered (indexer/parse.ts).
 */
export function repoSourceReader(repo: string, store: IndexStore): SourceReader {
  const hashOf = store.db.prepare('SELECT hash FROM files WHERE path = ?');
  return {
    load(path) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(resolve(repo, path));
      } catch {
        return undefined;
      }
      const row = hashOf.get(path) as { hash: string } | undefined;
      const hash = createHash('sha1').update(bytes).digest('hex');
      return { text: loneCrAsLf(bytes.toString('utf8').replace(/^\uFEFF/, '')), changedSinceIndexing: row?.hash !== hash };
    },
  };
}

/** A path given on the command line or by a client, as the repo-relative path the index uses. */
export function toRepoPath(repo: string, path: string): string {
  if (!isAbsolute(path)) return path;
  return relative(repo, path).split(sep).join('/');
}

export function contextForRepo(handle: RepoHandle, params: GetContextParams): ContextResult {
  return getContext(handle.graph(), repoSourceReader(handle.repo, handle.store), {
    query: params.query,
    tokenBudget: params.token_budget,
    seedFiles: params.seed_files?.map((f) => toRepoPath(handle.repo, f)),
    seedSymbols: params.seed_symbols,
    synonyms: repoSynonyms(handle.store),
  });
}

export function callersForRepo(handle: RepoHandle, symbol: string, path?: string): CallersResult {
  return getCallers(handle.graph(), symbol, path === undefined ? undefined : toRepoPath(handle.repo, path));
}

export function dependenciesForRepo(handle: RepoHandle, target: string, options: DependencyOptions = {}): DependenciesResult {
  const path = options.path === undefined ? undefined : toRepoPath(handle.repo, options.path);
  return getDependencies(handle.graph(), toRepoPath(handle.repo, target), { ...options, path });
}

export function executionPathForRepo(handle: RepoHandle, source: string, sink: string, k?: number, ends: PathEnds = {}): ExecutionPathResult {
  const repoPath = (p: string | undefined): string | undefined => (p === undefined ? undefined : toRepoPath(handle.repo, p));
  return getExecutionPath(handle.graph(), source, sink, k, { ...ends, sourcePath: repoPath(ends.sourcePath), sinkPath: repoPath(ends.sinkPath) });
}
