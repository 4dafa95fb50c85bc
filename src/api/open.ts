/** Opening an index for reading from CLI-style options. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { locateRepo, openIndexForRead, openIndexForWrite, sameFolder } from '../graph/indexing.js';
import { INDEX_DB_NAME, type IndexStore } from '../graph/store.js';
import { UserError } from '../util/errors.js';

export interface RepoArgs {
  repo?: unknown;
  'index-dir'?: unknown;
}

/**
 * Opens the index of `repo` for reading (as it is when its folder cannot be written). An index folder outside the repository (--index-dir, CODECTX_INDEX_DIR)
 * may hold another repository's index: answering from it would describe the wrong code, so that is refused.
 */
export function openStoreForRead(repo: string, indexDir?: string): IndexStore {
  const loc = locateRepo(repo, indexDir);
  if (!existsSync(join(loc.indexDir, INDEX_DB_NAME))) {
    throw new UserError(`no index for ${loc.repo} in ${loc.indexDir}: run codectx index first`);
  }
  const store = openIndexForRead(loc.indexDir);
  const indexed = store.indexedRepo();
  if (indexed !== undefined && !sameFolder(loc.indexDir, join(loc.repo, '.codectx')) && !sameFolder(indexed, loc.repo)) {
    store.close();
    throw new UserError(`${loc.indexDir} holds the index of ${indexed}, not of ${loc.repo}: pass --repo ${indexed} to query it, or index ${loc.repo} into another --index-dir`);
  }
  return store;
}

/**
 * The repository a command means when it names none: with an index folder given (`indexDir`, else
 * CODECTX_INDEX_DIR), the one that index was built from; else the nearest folder, from the current one up, with an
 * index in its `.codectx/` (so a command run in a subfolder finds its repository, as git does); else the current one.
 */
export function defaultRepo(indexDir?: string): string {
  const dir = indexDir ?? process.env.CODECTX_INDEX_DIR;
  if (dir) {
    if (!existsSync(join(resolve(dir), INDEX_DB_NAME))) return '.';
    const store = openIndexForRead(resolve(dir));
    try {
      const indexed = store.indexedRepo();
      return indexed !== undefined && existsSync(indexed) ? indexed : '.';
    } finally {
      store.close();
    }
  }
  for (let at = process.cwd(); ; at = dirname(at)) {
    if (existsSync(join(at, '.codectx', INDEX_DB_NAME))) return at;
    if (dirname(at) === at) return '.';
  }
}

/** The repository's index store, created empty when the repository was never indexed (e.g. for synonyms). */
export function openStoreForWrite(repo: string, indexDir?: string): IndexStore {
  return openIndexForWrite(locateRepo(repo, indexDir).indexDir);
}

export async function openIndexed<T>(args: RepoArgs, use: (store: IndexStore) => T): Promise<T> {
  const indexDir = typeof args['index-dir'] === 'string' ? args['index-dir'] : undefined;
  const repo = typeof args.repo === 'string' ? args.repo : defaultRepo(indexDir);
  const store = openStoreForRead(repo, indexDir);
  try {
    return use(store);
  } finally {
    store.close();
  }
}
