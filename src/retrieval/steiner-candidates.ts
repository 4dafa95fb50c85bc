/**
 * The candidate subgraph of get_context (the best PPR nodes) and the prize-collecting Steiner tree on
 * it: prizes are PPR scores scaled so the best is 1, an edge costs the mean prize divided by its weight,
 * so strong edges are cheap connectors and weak ones only pay off between valuable nodes.
 */
import type { LoadedGraph } from '../graph/memory.js';
import { pcst } from './pcst.js';

/** The `limit` highest-scoring nodes with a positive score (plus `always`), best first; ties by index. */
export function topNodes(scores: Float64Array, limit: number, always: readonly number[] = []): number[] {
  // Native numeric sort of a copy finds the cut-off score; only the nodes above it are sorted by comparator.
  const sorted = Float64Array.from(scores).sort();
  const cutoff = Math.max(Number.MIN_VALUE, sorted[Math.max(0, sorted.length - limit)] ?? Infinity);
  const top: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i]! >= cutoff) top.push(i);
  top.sort((a, b) => scores[b]! - scores[a]! || a - b);
  top.length = Math.min(top.length, limit);
  const present = new Set(top);
  for (const node of always) {
    if (!present.has(node)) {
      present.add(node);
      top.push(node);
    }
  }
  return top;
}

/** Nodes of the Steiner tree over the candidates, rooted at the best one (candidates[0]). */
export function steinerConnectors(
  graph: LoadedGraph, edgeWeights: Float64Array, candidates: readonly number[], scores: Float64Array,
): Set<number> {
  if (candidates.length === 0) return new Set();
  const local = new Map(candidates.map((node, i) => [node, i]));
  const top = scores[candidates[0]!]!;
  const prize = candidates.map((node) => scores[node]! / top);
  const meanPrize = prize.reduce((a, b) => a + b, 0) / prize.length;
  const edgeU: number[] = [];
  const edgeV: number[] = [];
  const cost: number[] = [];
  for (const node of candidates) {
    for (const p of graph.out[node]!) {
      const target = local.get(graph.edgeTarget[p]!);
      if (target === undefined || target === local.get(node)) continue;
      edgeU.push(local.get(node)!);
      edgeV.push(target);
      cost.push(meanPrize / edgeWeights[p]!);
    }
  }
  const tree = pcst({ n: candidates.length, edgeU, edgeV, cost, prize }, { pruning: 'strong', root: 0 });
  return new Set(tree.nodes.map((i) => candidates[i]!));
}
