/**
 * Repositories held open by a long-running surface (the MCP server): the index with its sessions, incremental
 * updates, the files a filter keeps, filtered graph views, and whether results are stale.
 */
import { basename } from 'node:path';
import { indexRepository, locateRepo, openIndexForWrite, type IndexSummary } from '../graph/indexing.js';
import { buildLoadedGraph, loadGraph, type LoadedGraph } from '../graph/memory.js';
import { SessionStore } from '../graph/sessions-store.js';
import { indexMatchesTree, treeFingerprint } from '../graph/tree-state.js';
import type { LanguageId } from '../graph/types.js';
import { allLanguages, languageForPath } from '../indexer/languages/index.js';
import { walkRepository } from '../indexer/walk.js';
import { filterGraph, isNoFilter, passesFilter, type FileFilter } from './file-filter.js';
import type { RepoHandle } from './repo.js';

export { SessionStore, SESSION_ID_PATTERN, type SessionRecord, type SessionState, type SessionSummary } from '../graph/sessions-store.js';
export type { IndexSummary } from '../graph/indexing.js';
export type { LoadedGraph } from '../graph/memory.js';
export type { LanguageId } from '../graph/types.js';

export interface WorkspaceRepo extends RepoHandle {
  name: string;
  sessions: SessionStore;
}

export function supportedLanguages(): LanguageId[] {
  return allLanguages.map((l) => l.id);
}

/** Opens a repository's index for queries and sessions, creating an empty index when there is none yet. */
export function openWorkspaceRepo(repo: string, indexDir?: string): WorkspaceRepo {
  const loc = locateRepo(repo, indexDir);
  const store = openIndexForWrite(loc.indexDir);
  return {
    repo: loc.repo,
    indexDir: loc.indexDir,
    name: basename(loc.repo),
    store,
    sessions: new SessionStore(store),
    graph: () => loadGraph(store, loc.indexDir),
    close: () => store.close(),
  };
}

const running = new Map<string, Promise<IndexSummary>>();

/** Brings the index up to date incrementally; concurrent calls for one index share a run. */
export function updateIndex(handle: RepoHandle): Promise<IndexSummary> {
  const pending = running.get(handle.indexDir);
  if (pending) return pending;
  // A server indexes again as the repository changes: its workers wait for the next run.
  const run = indexRepository({ repo: handle.repo, indexDir: handle.indexDir, keepWorkers: true }).finally(() => running.delete(handle.indexDir));
  running.set(handle.indexDir, run);
  return run;
}

/**
 * Resolves once no index run of this process is writing to the repository's index. A run holds its write
 * transaction across parsing, so other writes on the same index (sessions, synonyms) wait for it here
 * instead of blocking the event loop on SQLite's busy timeout.
 */
export async function indexIdle(handle: RepoHandle): Promise<void> {
  for (let run = running.get(handle.indexDir); run; run = running.get(handle.indexDir)) await run.catch(() => undefined);
}

/** The indexable files (by the walker's rules) that the filter keeps, with their languages. */
export function sourceFiles(handle: RepoHandle, filter: FileFilter): { path: string; language: LanguageId }[] {
  const out: { path: string; language: LanguageId }[] = [];
  for (const file of walkRepository({ root: handle.repo, indexDir: handle.indexDir, accept: (p) => languageForPath(p) !== undefined }).files) {
    const language = languageForPath(file.path)!.id;
    if (passesFilter(filter, file.path, language)) out.push({ path: file.path, language });
  }
  return out;
}

export function workingTreeFingerprint(handle: RepoHandle): string {
  return treeFingerprint(handle.repo, handle.indexDir);
}

export function indexIsCurrent(handle: RepoHandle): boolean {
  return indexMatchesTree(handle.store, handle.repo, handle.indexDir);
}

const filteredCache = new Map<string, LoadedGraph>();

/** The in-memory graph narrowed to the filter's files, cached per index version and filter. */
export function filteredGraph(handle: RepoHandle, filter: FileFilter): LoadedGraph {
  const full = handle.graph();
  if (isNoFilter(filter)) return full;
  const key = `${handle.indexDir}\0${JSON.stringify(filter)}`;
  const hit = filteredCache.get(key);
  if (hit && hit.version === full.version) return hit;
  const view = buildLoadedGraph(filterGraph(full, filter), full.version);
  filteredCache.set(key, view);
  return view;
}
