/** Louvain community detection on the weighted, undirected file graph, with a seeded random source. */
import { UndirectedGraph } from 'graphology';
import louvainImport from 'graphology-communities-louvain';
import type { FileGraph } from './file-graph.js';
import { isIsolated } from './partition.js';

const SEED = 0x5eed;

// The package's typings describe a CommonJS module, but Node hands ESM importers the function itself.
const louvain = louvainImport as unknown as typeof louvainImport.default;

/** mulberry32: a small, fast, well-distributed 32-bit generator. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function louvainPartition(fg: FileGraph): number[][] {
  const graph = new UndirectedGraph();
  const loose: number[][] = [];
  fg.files.forEach((_, f) => (isIsolated(fg, f) ? loose.push([f]) : graph.addNode(String(f))));
  fg.out.forEach((outs, s) => {
    for (const [t, w] of outs) {
      const [a, b] = s < t ? [s, t] : [t, s];
      const key = `${a}-${b}`;
      if (graph.hasEdge(key)) graph.updateEdgeAttribute(key, 'weight', (old: number | undefined) => (old ?? 0) + w);
      else graph.addEdgeWithKey(key, String(a), String(b), { weight: w });
    }
  });
  const communities = louvain(graph, { getEdgeWeight: 'weight', rng: seededRandom(SEED) });
  const groups = new Map<number, number[]>();
  graph.forEachNode((node) => {
    const c = communities[node];
    groups.set(c, [...(groups.get(c) ?? []), Number(node)]);
  });
  return [...groups.values(), ...loose];
}
