/** A repository opened for queries: its store and its in-memory graph. CLI and MCP both go through this. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { indexDirWritable, indexRepository, locateRepo, type IndexProgress, type IndexSummary } from '../graph/indexing.js';
import { INDEX_DB_NAME } from '../graph/store.js';
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
  /**
   * Index incrementally before opening (so a never-indexed repo works). An index whose folder this process cannot
   * write is read as it is (`readOnly` in the handle).
   */
  update?: boolean;
  onProgress?: (p: IndexProgress) => void;
}

export async function openRepo(options: OpenRepoOptions): Promise<RepoHandle & { summary?: IndexSummary; readOnly: boolean }> {
  const loc = locateRepo(options.repo, options.indexDir);
  const readOnly = existsSync(join(loc.indexDir, INDEX_DB_NAME)) && !indexDirWritable(loc.indexDir);
  const summary = options.update && !readOnly
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
    readOnly,
  };
}
