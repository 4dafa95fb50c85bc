/**
 * A fingerprint of the working tree as the indexer sees it (the indexable files and their contents), to tell
 * whether anything changed since a result was computed. Contents are hashed only when a file's size or
 * modification time changed since the last look in this process.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { languageForPath } from '../indexer/languages/index.js';
import { EXTRACT_VERSION, RESOLVE_VERSION } from '../indexer/versions.js';
import { walkRepository } from '../indexer/walk.js';
import type { IndexStore, StoredFile } from './store.js';

interface CachedHash {
  size: number;
  mtimeMs: number;
  hash: string;
}

const hashCache = new Map<string, CachedHash>();

export function treeFingerprint(root: string, indexDir?: string): string {
  const walk = walkRepository({ root, indexDir, accept: (p) => languageForPath(p) !== undefined });
  const digest = createHash('sha1');
  for (const file of walk.files) digest.update(`${file.path}\0${contentHash(file.absPath)}\n`);
  return digest.digest('hex');
}

function contentHash(absPath: string): string {
  try {
    const st = statSync(absPath);
    const hit = hashCache.get(absPath);
    if (hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs) return hit.hash;
    const hash = createHash('sha1').update(readFileSync(absPath)).digest('hex');
    hashCache.set(absPath, { size: st.size, mtimeMs: st.mtimeMs, hash });
    return hash;
  } catch {
    return 'unreadable';
  }
}

/**
 * Whether the stored index reflects the working tree: same indexable files (less the skipped ones), same contents,
 * built by this version of extraction and resolution.
 */
export function indexMatchesTree(store: IndexStore, root: string, indexDir?: string): boolean {
  // An index built by another version of extraction or resolution is redone by the next run.
  if (store.getMeta('extract_version') !== String(EXTRACT_VERSION) || store.getMeta('resolve_version') !== String(RESOLVE_VERSION)) return false;
  const walk = walkRepository({ root, indexDir, accept: (p) => languageForPath(p) !== undefined });
  const { stored, skipped } = storedFiles(store);
  let seen = 0;
  for (const file of walk.files) {
    if (skipped.has(file.path)) continue;
    const row = stored.get(file.path);
    // An unchanged stamp stands for unchanged content, as it does for the indexer.
    if (row === undefined || ((row.stamp === '' || row.stamp !== file.stamp) && row.hash !== contentHash(file.absPath))) return false;
    seen++;
  }
  return seen === stored.size;
}

/**
 * A store's file rows and skips, read again only once another connection committed to the index (SQLite's
 * data_version): the MCP server asks at every query, and on spring-framework reading 9,257 rows took ~70 ms of
 * the ~250 ms check.
 */
const storedState = new WeakMap<IndexStore, { dataVersion: number; stored: Map<string, StoredFile>; skipped: Map<string, string> }>();

function storedFiles(store: IndexStore): { stored: Map<string, StoredFile>; skipped: Map<string, string> } {
  const dataVersion = store.db.pragma('data_version', { simple: true }) as number;
  const kept = storedState.get(store);
  if (kept !== undefined && kept.dataVersion === dataVersion) return kept;
  const state = { dataVersion, stored: new Map(store.files().map((f) => [f.path, f])), skipped: store.skips() };
  storedState.set(store, state);
  return state;
}
