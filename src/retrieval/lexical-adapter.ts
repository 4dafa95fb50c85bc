/**
 * Stand-in for the shared entity-level lexical seeding (branch `ranking`, src/retrieval/lexical.ts):
 * synonym expansion of the analyzed query, then BM25F over entity names, fqns, paths, signatures and terms.
 * Replaced by that module once it lands.
 */
import type { LoadedGraph } from '../graph/memory.js';
import { analyzeCode, analyzeText } from './analyzer.js';
import { Bm25fIndex, toQueryTerms, type FieldSpec, type QueryTerm } from './bm25f.js';

/** term -> aliases (both analyzed tokens), per repository. */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;

export interface LexicalHit {
  node: number;
  score: number;
}

/** An alias found only through a synonym counts this much of the original term. */
export const SYNONYM_WEIGHT = 0.5;

const FIELDS: FieldSpec[] = [
  { name: 'name', weight: 3, b: 0.2 },
  { name: 'fqn', weight: 1.5, b: 0.3 },
  { name: 'path', weight: 0.5, b: 0.3 },
  { name: 'declaration', weight: 1, b: 0.6 },
  { name: 'terms', weight: 0.4, b: 0.75 },
];

/** Query terms plus their synonyms at SYNONYM_WEIGHT (a term already in the query is not added twice). */
export function expandWithSynonyms(tokens: readonly string[], synonyms: SynonymMap): QueryTerm[] {
  const terms = toQueryTerms(tokens);
  const present = new Set(tokens);
  const extra: string[] = [];
  for (const token of present) {
    for (const alias of synonyms.get(token) ?? []) {
      if (!present.has(alias)) extra.push(alias);
    }
  }
  return [...terms, ...toQueryTerms(extra, SYNONYM_WEIGHT)];
}

const indexes = new WeakMap<LoadedGraph, Bm25fIndex>();

function entityIndex(graph: LoadedGraph): Bm25fIndex {
  const hit = indexes.get(graph);
  if (hit) return hit;
  const docs = graph.entities.map((e) => [
    analyzeCode(e.name),
    analyzeCode(e.fqn),
    analyzeCode(e.filePath),
    analyzeCode(`${e.signature} ${e.docstring}`),
    analyzeCode(e.terms),
  ]);
  const index = new Bm25fIndex(FIELDS, docs);
  indexes.set(graph, index);
  return index;
}

/** The best-matching entities for a free-text query, best first. */
export function lexicalSeeds(graph: LoadedGraph, query: string, synonyms: SynonymMap, limit = 20): LexicalHit[] {
  const terms = expandWithSynonyms(analyzeText(query), synonyms);
  if (terms.length === 0) return [];
  return entityIndex(graph).search(terms, { limit }).map(({ doc, score }) => ({ node: doc, score }));
}
