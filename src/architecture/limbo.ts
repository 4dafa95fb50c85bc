/**
 * LIMBO (Andritsos & Tzerpos): agglomerative Information Bottleneck clustering of files.
 *
 * Each file is a distribution p(F|f) with prior 1/N. Half of its mass is structural, spread evenly over
 * itself and the files it depends on or is depended on by; half is lexical, spread over the terms of
 * its identifiers and docstrings in proportion to their counts (all of it on one side when the other is
 * empty). Terms in a single file cannot relate files and terms in more than a tenth of the files mostly
 * add noise, so both are left out. The pair merged next is the one losing the least information,
 * δI = (p₁+p₂)·JS, with the Jensen–Shannon divergence weighted by p(cᵢ)/p(c*).
 */
import type { AggCluster, Linkage } from './agglomerate.js';
import { agglomerate } from './agglomerate.js';
import type { TermCorpus } from './corpus.js';
import type { FileGraph } from './file-graph.js';
import { compareStrings } from './file-graph.js';

export function limboPartition(fg: FileGraph, corpus: TermCorpus, numClusters: number): number[][] {
  const n = fg.files.length;
  const maxDocFreq = Math.max(3, Math.ceil(0.1 * n));
  const termIds = new Map<string, number>();
  const usable = [...corpus.docFreq].filter(([, df]) => df >= 2 && df <= maxDocFreq).map(([t]) => t);
  for (const t of usable.sort(compareStrings)) termIds.set(t, n + termIds.size);

  const initial: AggCluster[] = fg.files.map((_, f) => {
    const structural = new Set<number>([f, ...fg.out[f].keys(), ...fg.in[f].keys()]);
    const lexical = new Map<number, number>();
    let lexicalTotal = 0;
    for (const [t, c] of [...corpus.fileTerms[f]].sort((a, b) => compareStrings(a[0], b[0]))) {
      const id = termIds.get(t);
      if (id === undefined) continue;
      lexical.set(id, c);
      lexicalTotal += c;
    }
    const structuralMass = lexicalTotal === 0 ? 1 : 0.5;
    const vector = new Map<number, number>();
    for (const j of structural) vector.set(j, structuralMass / structural.size);
    for (const [id, c] of lexical) vector.set(id, ((1 - structuralMass) * c) / lexicalTotal);
    return { members: [f], weight: 1 / n, vector };
  });
  return agglomerate(initial, limboLinkage, numClusters);
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
