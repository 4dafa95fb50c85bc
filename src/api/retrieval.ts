/** Retrieval on an opened repository: context_for_task, search_symbol and the repository's synonyms. */
import { loadEntityGraph } from '../graph/memory.js';
import type { IndexStore } from '../graph/store.js';
import { addSynonyms, listSynonyms, removeSynonyms, type SynonymPair } from '../graph/synonyms-store.js';
import { contextForTask, type ArchitectureLike, type ContextForTaskResult } from '../retrieval/context-for-task.js';
import { searchSymbol, type SearchSymbolOptions, type SymbolMatch } from '../retrieval/search-symbol.js';
import { buildSynonymMap, type SynonymMap } from '../retrieval/synonyms.js';
import type { RepoHandle } from './repo.js';
export { DEFAULT_MAX_FILES, type ContextForTaskResult } from '../retrieval/context-for-task.js';
export { DEFAULT_SYMBOL_LIMIT } from '../retrieval/search-symbol.js';

export interface TaskContextOptions {
  maxFiles?: number;
  architecture?: ArchitectureLike | null;
}

export function repoSynonyms(store: IndexStore): SynonymMap {
  return buildSynonymMap(listSynonyms(store));
}

/** context_for_task over the repository's current graph, with its stored synonyms. */
export function taskContext(handle: RepoHandle, task: string, options: TaskContextOptions = {}): ContextForTaskResult {
  return contextForTask(handle.graph(), task, {
    maxFiles: options.maxFiles,
    architecture: options.architecture,
    synonyms: repoSynonyms(handle.store),
  });
}

export function symbolSearch(handle: RepoHandle, name: string, options: SearchSymbolOptions = {}): SymbolMatch[] {
  return searchSymbol(handle.graph(), name, options);
}

/**
 * search_symbol over every entity of the repository's index, loading no edges unless this process already holds
 * them (see loadEntityGraph): for surfaces that search the whole index (the CLI, the web page), not a filtered view.
 */
export function indexSymbolSearch(handle: RepoHandle, name: string, options: SearchSymbolOptions = {}): SymbolMatch[] {
  return searchSymbol(loadEntityGraph(handle.store, handle.indexDir), name, options);
}

export function addRepoSynonyms(store: IndexStore, term: string, aliases: readonly string[]): number {
  return addSynonyms(store, term, aliases);
}

export function removeRepoSynonyms(store: IndexStore, term: string, alias?: string): number {
  return removeSynonyms(store, term, alias);
}

export function repoSynonymPairs(store: IndexStore): SynonymPair[] {
  return listSynonyms(store);
}
