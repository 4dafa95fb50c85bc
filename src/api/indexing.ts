/** Indexing as the surfaces see it: build or update a repository's index, and where that index lives. */
export { indexRepository, locateRepo } from '../graph/indexing.js';
export { MAX_WORKERS } from '../indexer/pool.js';
export { discardUnfinished } from '../graph/fresh-index.js';
export type { IndexOptions, IndexProgress, IndexSummary } from '../graph/indexing.js';
