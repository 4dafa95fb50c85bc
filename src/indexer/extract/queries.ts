/** Loading tree-sitter query files from `src/indexer/languages/<lang>/` and compiling each once. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Query, type Language, type Node, type QueryCapture } from 'web-tree-sitter';

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

const compiled = new Map<string, Query>();

/** The compiled query `src/indexer/languages/<lang>/<file>` for `language`; compiled once per grammar and file. */
export function languageQuery(language: Language, lang: string, file: string): Query {
  const key = `${language.name ?? ''}\0${lang}/${file}`;
  let query = compiled.get(key);
  if (query === undefined) {
    const path = join(findPackageRoot(), 'src', 'indexer', 'languages', lang, file);
    query = new Query(language, readFileSync(path, 'utf8'));
    compiled.set(key, query);
  }
  return query;
}

/** One query match as a capture-name -> node map (the first node for each name). */
export type CaptureMap = Map<string, Node>;

export function matchesOf(query: Query, root: Node): { pattern: number; captures: CaptureMap }[] {
  const out: { pattern: number; captures: CaptureMap }[] = [];
  for (const match of query.matches(root)) {
    const captures: CaptureMap = new Map();
    for (const capture of match.captures as QueryCapture[]) {
      if (!captures.has(capture.name)) captures.set(capture.name, capture.node);
    }
    out.push({ pattern: match.patternIndex, captures });
  }
  return out;
}
