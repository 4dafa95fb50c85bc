/** Opening an index for reading from CLI-style options. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { locateRepo, openIndexForWrite, openIndexStore } from '../graph/indexing.js';
import { INDEX_DB_NAME, type IndexStore } from '../graph/store.js';
import { UserError } from '../util/errors.js';

export interface RepoArgs {
  repo?: unknown;
  'index-dir'?: unknown;
}

export function openStoreForRead(repo: string, indexDir?: string): IndexStore {
  const loc = locateRepo(repo, indexDir);
  if (!existsSync(join(loc.indexDir, INDEX_DB_NAME))) {
    throw new UserError(`no index for ${loc.repo} in ${loc.indexDir}: run codectx index first`);
  }
  return openIndexStore(loc.indexDir);
}

/** The repository's index store, created empty when the repository was never indexed (e.g. for synonyms). */
export function openStoreForWrite(repo: string, indexDir?: string): IndexStore {
  return openIndexForWrite(locateRepo(repo, indexDir).indexDir);
}

export async function openIndexed<T>(args: RepoArgs, use: (store: IndexStore) => T): Promise<T> {
  const repo = typeof args.repo === 'string' ? args.repo : '.';
  const indexDir = typeof args['index-dir'] === 'string' ? args['index-dir'] : undefined;
  const store = openStoreForRead(repo, indexDir);
  try {
    return use(store);
  } finally {
    store.close();
  }
}
