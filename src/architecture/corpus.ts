/** Per-file term counts from entity names and docstrings, for LIMBO's lexical features and for naming. */
import type { DepGraph } from '../graph/types.js';
import type { FileGraph } from './file-graph.js';
import { splitTerms } from './terms.js';

export interface TermCorpus {
  fileTerms: Map<string, number>[];
  /** Number of files each term occurs in. */
  docFreq: Map<string, number>;
}

export function buildTermCorpus(graph: DepGraph, fg: FileGraph): TermCorpus {
  const fileTerms = fg.files.map(() => new Map<string, number>());
  for (const e of graph.entities) {
    const bag = fileTerms[fg.indexOf.get(e.filePath)!];
    const words = e.kind === 'module' ? splitTerms(e.docstring) : [...splitTerms(e.name), ...splitTerms(e.docstring)];
    for (const w of words) bag.set(w, (bag.get(w) ?? 0) + 1);
  }
  const docFreq = new Map<string, number>();
  for (const bag of fileTerms) for (const w of bag.keys()) docFreq.set(w, (docFreq.get(w) ?? 0) + 1);
  return { fileTerms, docFreq };
}
