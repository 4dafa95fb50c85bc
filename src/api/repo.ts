/** A repository opened for queries: its store and its in-memory graph. CLI and MCP both go through this. */
import { indexRepository, locateRepo, type IndexProgress, type IndexSummary } from '../graph/indexing.js';
import { loadGraph, type LoadedGraph } from '../graph/memory.js';
import type { IndexStore } from '../graph/store.js';
import { openStoreForRead } from './open.js';

export interface RepoHandle {
  repo: string;
  indexDir: string;
  store: IndexStore;
  /** The in-memory graph of the current index version (cached across calls in this process). */
  graph(): LoadedGraph;
  close(): void;
}

export interface OpenRepoOptions {
  repo: string;
  indexDir?: string;
  /** Index incrementally before opening (so a never-indexed repo works). */
  update?: boolean;
  onProgress?: (p: IndexProgress) => void;
}

export async function openRepo(options: OpenRepoOptions): Promise<RepoHandle & { summary?: IndexSummary }> {
  const loc = locateRepo(options.repo, options.indexDir);
  const summary = options.update
    ? await indexRepository({ repo: loc.repo, indexDir: loc.indexDir, onProgress: options.onProgress })
    : undefined;
  const store = openStoreForRead(loc.repo, loc.indexDir);
  return {
    repo: loc.repo,
    indexDir: loc.indexDir,
    store,
    graph: () => loadGraph(store, loc.indexDir),
    close: () => store.close(),
    summary,
  };
}
