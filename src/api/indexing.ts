/** Indexing as the surfaces see it: build or update a repository's index, and where that index lives. */
export { indexRepository, locateRepo } from '../graph/indexing.js';
export { DEFAULT_WORKERS_CAP, MAX_WORKERS, defaultWorkerCount } from '../indexer/pool.js';
export { DEFAULT_MAX_BYTES } from '../indexer/content.js';
export { discardUnfinished } from '../graph/fresh-index.js';
export type { IndexOptions, IndexProgress, IndexSummary } from '../graph/indexing.js';
