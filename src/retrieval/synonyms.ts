/**
 * Per-repository synonyms: a task word that the code spells differently (`auth` -> `login`, `credential`).
 * Matching is on analyzed terms, so `Shell` in a task expands like `shell` and both directions expand.
 */
import { analyzeText } from './analyzer.js';
import type { SynonymPair } from '../graph/synonyms-store.js';
import type { QueryTerm } from './bm25f.js';

export type { SynonymPair } from '../graph/synonyms-store.js';

/** Analyzed term -> analyzed alias terms it also stands for. */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;

/** How much an expanded alias counts relative to the word the task actually used. */
export const SYNONYM_WEIGHT = 0.7;

function keyOf(word: string): string[] {
  return [...new Set(analyzeText(word))];
}

/** A lookup over stored pairs, symmetric: the alias also expands to the term. */
export function buildSynonymMap(pairs: readonly SynonymPair[]): SynonymMap {
  const map = new Map<string, Set<string>>();
  const link = (from: string, to: string): void => {
    for (const a of keyOf(from)) {
      for (const b of keyOf(to)) {
        if (a === b) continue;
        let set = map.get(a);
        if (!set) map.set(a, (set = new Set()));
        set.add(b);
      }
    }
  };
  for (const { term, alias } of pairs) {
    link(term, alias);
    link(alias, term);
  }
  return new Map([...map].map(([k, v]) => [k, [...v]]));
}

/** Adds alias terms for every query term with synonyms; an alias never lowers a term already present. */
export function expandWithSynonyms(terms: readonly QueryTerm[], synonyms: SynonymMap | undefined): QueryTerm[] {
  if (!synonyms || synonyms.size === 0) return [...terms];
  const weights = new Map(terms.map((t) => [t.term, t.weight]));
  for (const { term, weight } of terms) {
    for (const alias of synonyms.get(term) ?? []) {
      const w = weight * SYNONYM_WEIGHT;
      if ((weights.get(alias) ?? 0) < w) weights.set(alias, w);
    }
  }
  return [...weights].map(([term, weight]) => ({ term, weight }));
}
