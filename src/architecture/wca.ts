/**
 * WCA, the weighted combined algorithm (Maqbool & Babri), run on files.
 *
 * Entity e has feature j = 1 when e is connected to file j by a dependency in either direction
 * (incoming too, so leaf files that depend on nothing still cluster; a direct dependency between two
 * files makes them share features). A file starts as the merged cluster of its entities: value j is the
 * fraction of its entities connected to j, plus its own file as a feature with value 1; weight is its
 * entity count. Merged vectors are (n₁v₁ + n₂v₂)/(n₁ + n₂).
 */
import type { DepGraph } from '../graph/types.js';
import type { AggCluster, Linkage } from './agglomerate.js';
import { agglomerate } from './agglomerate.js';
import type { FileGraph } from './file-graph.js';
import { isDependencyEdge } from './file-graph.js';
import { isIsolated } from './partition.js';
import type { WcaSimilarity } from './types.js';

export function wcaPartition(graph: DepGraph, fg: FileGraph, numClusters: number, similarity: WcaSimilarity): number[][] {
  const fileOf = new Map<string, number>();
  const entityCount = fg.files.map(() => 0);
  for (const e of graph.entities) {
    const f = fg.indexOf.get(e.filePath)!;
    fileOf.set(e.id, f);
    entityCount[f]++;
  }
  const related = new Map<string, Set<number>>();
  const relate = (entity: string, file: number) => {
    let set = related.get(entity);
    if (!set) related.set(entity, (set = new Set()));
    set.add(file);
  };
  for (const edge of graph.edges) {
    if (!isDependencyEdge(edge.kind)) continue;
    const s = fileOf.get(edge.source);
    const t = fileOf.get(edge.target);
    if (s === undefined || t === undefined || s === t) continue;
    relate(edge.source, t);
    relate(edge.target, s);
  }
  const counts = fg.files.map(() => new Map<number, number>());
  for (const [entity, files] of related) {
    const bag = counts[fileOf.get(entity)!];
    for (const j of files) bag.set(j, (bag.get(j) ?? 0) + 1);
  }

  const initial: AggCluster[] = [];
  const loose: number[][] = [];
  fg.files.forEach((_, f) => {
    if (isIsolated(fg, f)) {
      loose.push([f]);
      return;
    }
    const vector = new Map<number, number>([[f, 1]]);
    // Sorted features fix the summation order of similarities, whatever the order of the input edges.
    for (const [j, n] of [...counts[f]].sort((a, b) => a[0] - b[0])) vector.set(j, n / entityCount[f]);
    initial.push({ members: [f], weight: entityCount[f], vector });
  });
  const linkage = wcaLinkage(similarity, fg.files.length);
  return [...agglomerate(initial, linkage, numClusters), ...loose];
}

export function wcaLinkage(similarity: WcaSimilarity, featureCount: number): Linkage {
  return {
    slots: 2,
    accumulate(acc, at, vz, vy) {
      acc[at] += 1;
      acc[at + 1] += vz + vy;
    },
    score(acc, at, z, y) {
      const a = acc[at];
      const halfMa = 0.5 * acc[at + 1];
      const b = z.vector.size - a;
      const c = y.vector.size - a;
      if (similarity === 'uem') return halfMa / (halfMa + b + c);
      const d = featureCount - a - b - c;
      return halfMa / (halfMa + 2 * (b + c) + a + d);
    },
    merge(p, q) {
      const n = p.weight + q.weight;
      const vector = new Map<number, number>();
      for (const [j, v] of p.vector) vector.set(j, (v * p.weight) / n);
      for (const [j, v] of q.vector) vector.set(j, (vector.get(j) ?? 0) + (v * q.weight) / n);
      return { members: [...p.members, ...q.members], weight: n, vector };
    },
  };
}
