/**
 * LIMBO (Andritsos & Tzerpos): agglomerative Information Bottleneck clustering of files.
 *
 * Each file is a distribution p(F|f) with prior 1/N. Half of its mass is structural, spread evenly over
 * itself and the files it depends on or is depended on by; half is lexical, spread over its most
 * distinctive identifier and docstring terms in proportion to their counts (all of it on one side when
 * the other is empty; an isolated file has no structural side). Features most files share say little
 * and make every pair a candidate, which costs time: hub files adjacent to more than max(20, 5%) of the files,
 * terms in a single file or in more than a tenth of the files, and terms beyond a file's 20 best by
 * TF-IDF are left out. Files with no feature left are placed by recover like isolated files. The pair
 * merged next is the one losing the least information, δI = (p₁+p₂)·JS, with the Jensen–Shannon
 * divergence weighted by p(cᵢ)/p(c*).
 */
import type { AggCluster, Linkage } from './agglomerate.js';
import { agglomerate } from './agglomerate.js';
import type { TermCorpus } from './corpus.js';
import type { FileGraph } from './file-graph.js';
import { compareStrings } from '../util/compare.js';
import { isIsolated } from './partition.js';

const HUB_SHARE = 0.05;
const MIN_HUB_DEGREE = 20;
const COMMON_TERM_SHARE = 0.1;
const TERMS_PER_FILE = 20;

export function limboPartition(fg: FileGraph, corpus: TermCorpus, numClusters: number): number[][] {
  const vectors = limboVectors(fg, corpus);
  // A file with no feature can merge with nothing; counting it towards numClusters would let the
  // others collapse into one cluster first.
  const clustered = vectors.flatMap((v, f) => (v.size > 0 ? [f] : []));
  const initial: AggCluster[] = clustered.map((f) => ({ members: [f], weight: 1 / clustered.length, vector: vectors[f] }));
  const loose = vectors.flatMap((v, f) => (v.size === 0 ? [[f]] : []));
  return [...agglomerate(initial, limboLinkage, numClusters), ...loose];
}

/** p(F|f) per file: features 0..n-1 are files, n.. are terms in sorted order. */
export function limboVectors(fg: FileGraph, corpus: TermCorpus): Map<number, number>[] {
  const n = fg.files.length;
  const maxDocFreq = Math.max(3, Math.ceil(COMMON_TERM_SHARE * n));
  const termIds = new Map<string, number>();
  const usable = [...corpus.docFreq].filter(([, df]) => df >= 2 && df <= maxDocFreq).map(([t]) => t);
  for (const t of usable.sort(compareStrings)) termIds.set(t, n + termIds.size);
  const maxDegree = Math.max(MIN_HUB_DEGREE, HUB_SHARE * n);
  const hub = fg.files.map((_, f) => fg.out[f].size + fg.in[f].size > maxDegree);
  return fg.files.map((_, f) => fileVector(fg, corpus, termIds, hub, f));
}

function fileVector(fg: FileGraph, corpus: TermCorpus, termIds: Map<string, number>, hub: boolean[], f: number): Map<number, number> {
  // An isolated file's only structural feature would be itself, which no other file shares.
  const neighbours = isIsolated(fg, f) ? [] : [f, ...fg.out[f].keys(), ...fg.in[f].keys()];
  const structural = [...new Set(neighbours)].filter((j) => !hub[j]);
  const fileCount = fg.files.length;
  const tfIdf = (t: string, c: number) => c * Math.log(fileCount / corpus.docFreq.get(t)!);
  const lexical = [...corpus.fileTerms[f]]
    .filter(([t]) => termIds.has(t))
    .sort((a, b) => tfIdf(b[0], b[1]) - tfIdf(a[0], a[1]) || compareStrings(a[0], b[0]))
    .slice(0, TERMS_PER_FILE);
  const lexicalTotal = lexical.reduce((s, [, c]) => s + c, 0);
  const structuralMass = lexical.length === 0 ? 1 : structural.length === 0 ? 0 : 0.5;
  const vector = new Map<number, number>();
  for (const j of structural) vector.set(j, structuralMass / structural.length);
  for (const [t, c] of lexical) vector.set(termIds.get(t)!, ((1 - structuralMass) * c) / lexicalTotal);
  return vector;
}

/** Slots: the JS sum over shared features, then the mass of each distribution on them. */
export const limboLinkage: Linkage = {
  slots: 3,
  accumulate(acc, at, vz, vy, z, y) {
    const wz = z.weight / (z.weight + y.weight);
    const wy = 1 - wz;
    const m = wz * vz + wy * vy;
    acc[at] += wz * vz * Math.log(vz / m) + wy * vy * Math.log(vy / m);
    acc[at + 1] += vz;
    acc[at + 2] += vy;
  },
  score(acc, at, z, y) {
    const wz = z.weight / (z.weight + y.weight);
    const wy = 1 - wz;
    // A feature only one side holds contributes w·p·ln(1/w): the mixture there is w·p.
    const js = acc[at] + wz * Math.max(0, 1 - acc[at + 1]) * Math.log(1 / wz) + wy * Math.max(0, 1 - acc[at + 2]) * Math.log(1 / wy);
    return -(z.weight + y.weight) * js;
  },
  merge(p, q) {
    const w = p.weight + q.weight;
    const vector = new Map<number, number>();
    for (const [j, v] of p.vector) vector.set(j, (v * p.weight) / w);
    for (const [j, v] of q.vector) vector.set(j, (vector.get(j) ?? 0) + (v * q.weight) / w);
    return { members: [...p.members, ...q.members], weight: w, vector };
  },
};
