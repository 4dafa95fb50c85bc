/** Loading tree-sitter query files from `src/indexer/languages/<lang>/` (with their includes) and compiling each once. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Query, type Language } from 'web-tree-sitter';

let packageRoot: string | undefined;

/** The directory holding package.json, found by walking up from this module (works from `src/` and `dist/src/`). */
export function findPackageRoot(): string {
  if (packageRoot !== undefined) return packageRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('codectx: package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  packageRoot = dir;
  return dir;
}

/** `; include <lang>/<file>` lines stand for that file's patterns, so grammars that share node types share patterns. */
const INCLUDE = /^; include (\S+)$/gm;

function querySource(relPath: string): string {
  const text = readFileSync(join(findPackageRoot(), 'src', 'indexer', 'languages', relPath), 'utf8');
  return text.replace(INCLUDE, (_line, included: string) => querySource(included));
}

const compiled = new WeakMap<Language, Map<string, Query>>();

/** The compiled query `src/indexer/languages/<lang>/<file>` for `language`; compiled once per grammar and file. */
export function languageQuery(language: Language, lang: string, file: string): Query {
  let queries = compiled.get(language);
  if (queries === undefined) {
    queries = new Map();
    compiled.set(language, queries);
  }
  const key = `${lang}/${file}`;
  let query = queries.get(key);
  if (query === undefined) {
    query = new Query(language, querySource(`${lang}/${file}`));
    queries.set(key, query);
  }
  return query;
}
