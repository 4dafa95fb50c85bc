/**
 * File-level BM25F: one document per file from its path, the names and signatures it defines and the
 * words of its docstrings and bodies. It catches files whose vocabulary matches as a whole even when no
 * single entity does; path and names keep low length normalisation so big files gain nothing from size.
 */
import type { LoadedGraph } from '../graph/memory.js';
import { codeTokens } from './code-tokens.js';
import { Bm25fIndex, type FieldSpec, type QueryTerm } from './bm25f.js';
import { storedLexicalIndex } from './lexical-cache.js';
import { selectiveTerms } from './lexical.js';

export const FILE_FIELDS: readonly FieldSpec[] = [
  { name: 'path', weight: 2, b: 0.3 },
  { name: 'names', weight: 1.5, b: 0.5 },
  { name: 'text', weight: 1, b: 0.8 },
];

export interface FileLexicalIndex {
  files: string[];
  bm25: Bm25fIndex;
}

const indexes = new WeakMap<LoadedGraph, FileLexicalIndex>();

export function fileLexicalIndex(graph: LoadedGraph): FileLexicalIndex {
  let index = indexes.get(graph);
  if (index) return index;
  const files = [...graph.byFile.keys()];
  const bm25 = storedLexicalIndex(graph, 'files', FILE_FIELDS, files, () => new Bm25fIndex(FILE_FIELDS, fileDocs(graph, files)));
  index = { files, bm25 };
  indexes.set(graph, index);
  return index;
}

/** One document per file: its path, the names and signatures it defines, the words of its docstrings and bodies. */
function fileDocs(graph: LoadedGraph, files: readonly string[]): string[][][] {
  return files.map((file) => {
    const names: string[] = [];
    const text: string[] = [];
    for (const i of graph.byFile.get(file)!) {
      const e = graph.entities[i]!;
      if (e.kind !== 'module') names.push(...codeTokens(e.name), ...codeTokens(e.signature));
      text.push(...codeTokens(e.docstring), ...codeTokens(e.terms));
    }
    return [codeTokens(file), names, text];
  });
}

/** Files scored by BM25F, normalised so the best is 1. */
export function scoreFiles(graph: LoadedGraph, terms: readonly QueryTerm[]): Map<string, number> {
  const { files, bm25 } = fileLexicalIndex(graph);
  const hits = bm25.search(selectiveTerms(bm25, terms));
  const top = hits[0]?.score ?? 0;
  return new Map(hits.map((h) => [files[h.doc]!, top > 0 ? h.score / top : 0]));
}
