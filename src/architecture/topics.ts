/**
 * A component's distinctive terms: TF-IDF of its identifier and docstring terms against the whole
 * repository. tf is the term's share of the component's terms, idf is ln(files / files holding the
 * term), so a term frequent in the component and rare elsewhere scores highest.
 */
import type { TermCorpus } from './corpus.js';
import { compareStrings } from '../util/compare.js';

export interface ScoredTerm {
  term: string;
  score: number;
}

export function termBag(files: number[], corpus: TermCorpus): Map<string, number> {
  const bag = new Map<string, number>();
  for (const f of files) for (const [t, c] of corpus.fileTerms[f]) bag.set(t, (bag.get(t) ?? 0) + c);
  return bag;
}

export function distinctiveTerms(bag: Map<string, number>, corpus: TermCorpus, limit: number): ScoredTerm[] {
  const fileCount = corpus.fileTerms.length;
  let total = 0;
  for (const c of bag.values()) total += c;
  const scored: ScoredTerm[] = [];
  for (const [term, count] of bag) {
    const idf = Math.log(fileCount / (corpus.docFreq.get(term) ?? 1));
    // A term in every file still ranks by frequency, just below any term with a positive idf.
    scored.push({ term, score: (count / total) * (idf > 0 ? idf : 1e-6) });
  }
  return scored.sort((a, b) => b.score - a.score || compareStrings(a.term, b.term)).slice(0, limit);
}
