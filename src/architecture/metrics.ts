/** Architecture quality metrics (algorithms.md §7): TurboMQ, BasicMQ, Newman modularity, sizes. */
import type { DepGraph } from '../graph/types.js';
import { countComponentEdges } from './component-edges.js';
import { mean, median, sampleSd } from './stats.js';
import type { Architecture, ArchitectureMetrics } from './types.js';

export function computeMetrics(arch: Architecture, graph: DepGraph): ArchitectureMetrics {
  const { sizes, internal, between } = countComponentEdges(arch, graph);
  const k = sizes.length;
  const outgoing = between.map((m) => [...m.values()].reduce((s, x) => s + x, 0));
  const incoming = sizes.map(() => 0);
  between.forEach((m) => m.forEach((n, j) => (incoming[j] += n)));
  const pair = (i: number, j: number) => (between[i].get(j) ?? 0) + (between[j].get(i) ?? 0);

  const clusteringFactors = internal.map((mu, i) => (mu === 0 ? 0 : (2 * mu) / (2 * mu + outgoing[i] + incoming[i])));
  const intra = internal.map((mu, i) => mu / sizes[i] ** 2);
  const inter: number[] = [];
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) inter.push(pair(i, j) / (2 * sizes[i] * sizes[j]));
  const intraMean = mean(intra);
  const interMean = mean(inter);
  // (2/(k(k−1)))·Σ_{i<j} is the mean over the k(k−1)/2 pairs.
  const basicMQ = k <= 1 ? intraMean : intraMean - interMean;

  const internalEdges = internal.reduce((s, x) => s + x, 0);
  const externalEdges = outgoing.reduce((s, x) => s + x, 0);
  const m = internalEdges + externalEdges;
  let modularity = 0;
  if (m > 0) {
    internal.forEach((mu, i) => {
      const degree = 2 * mu + outgoing[i] + incoming[i];
      modularity += mu / m - (degree / (2 * m)) ** 2;
    });
  }
  return {
    componentCount: k,
    sizes: {
      min: k === 0 ? 0 : Math.min(...sizes),
      max: k === 0 ? 0 : Math.max(...sizes),
      mean: mean(sizes),
      median: median(sizes),
      sd: sampleSd(sizes),
    },
    turboMQ: mean(clusteringFactors),
    basicMQ,
    modularity,
    intraConnectivity: intraMean,
    interConnectivity: interMean,
    internalEdges,
    externalEdges,
  };
}
