/**
 * How strongly each dependency ties two entities together, for get_context's walk (PPR) and its
 * connector costs (PCST). One operator per LoadedGraph, built on first use.
 */
import type { LoadedGraph } from '../graph/memory.js';
import type { Edge, EdgeKind } from '../graph/types.js';
import { buildPprOperator, type PprOperator } from './ppr.js';

export const EDGE_KIND_WEIGHT: Readonly<Record<EdgeKind, number>> = {
  calls: 1,
  inherits: 1,
  implements: 0.9,
  contains: 0.7,
  references: 0.6,
  imports: 0.4,
};

/** An inferred edge (the only definition with that name) may be wrong; it counts half. */
export const INFERRED_FACTOR = 0.5;

/** β_f, β_b: what an entity depends on matters more than who depends on it, but both matter. */
export const FORWARD_WEIGHT = 1;
export const BACKWARD_WEIGHT = 0.6;

/** Weight in (0, 1]: kind × confidence, up to doubled (capped at 1) for repeated occurrences. */
export function edgeWeight(edge: Pick<Edge, 'kind' | 'confidence' | 'count'>): number {
  const base = EDGE_KIND_WEIGHT[edge.kind] * (edge.confidence === 'exact' ? 1 : INFERRED_FACTOR);
  const repeat = 1 + Math.min(1, Math.log(Math.max(1, edge.count)) / Math.log(8));
  return Math.min(1, base * repeat);
}

export interface ContextGraph {
  operator: PprOperator;
  /** edgeWeight of every edge of the LoadedGraph, by edge position. */
  weights: Float64Array;
}

const cache = new WeakMap<LoadedGraph, ContextGraph>();

export function contextGraph(graph: LoadedGraph): ContextGraph {
  const hit = cache.get(graph);
  if (hit) return hit;
  const weights = Float64Array.from(graph.edges, edgeWeight);
  const operator = buildPprOperator(graph.entities.length, graph.edgeSource, graph.edgeTarget, weights, {
    forwardWeight: FORWARD_WEIGHT,
    backwardWeight: BACKWARD_WEIGHT,
  });
  const built = { operator, weights };
  cache.set(graph, built);
  return built;
}
