/**
 * Score propagation from lexical seeds along dependency edges: callers, importers and subclasses become
 * dependents of a match, callees, bases and imported entities its dependencies. Each hop multiplies by
 * the edge kind's weight and confidence and a per-hop decay; a seed with many neighbours spreads its
 * score thinner, so a popular helper does not lift half the repository.
 */
import type { LoadedGraph } from '../graph/memory.js';
import type { EdgeKind } from '../graph/types.js';

export type Role = 'direct match' | 'dependent of match' | 'dependency of match' | 'component sibling';

/** Strongest first. */
export const ROLE_ORDER: readonly Role[] = ['direct match', 'dependent of match', 'dependency of match', 'component sibling'];

export interface Reached {
  score: number;
  role: Exclude<Role, 'direct match' | 'component sibling'>;
  /** The matched entity the score came from. */
  via: number;
}

export const EDGE_WEIGHT: Readonly<Record<EdgeKind, number>> = {
  calls: 0.5,
  inherits: 0.6,
  implements: 0.6,
  references: 0.35,
  imports: 0.2,
  contains: 0,
};
const INFERRED_FACTOR = 0.5;
const HOP_DECAY = 0.5;
export const MAX_HOPS = 2;

function edgeFactor(graph: LoadedGraph, edge: number): number {
  const e = graph.edges[edge]!;
  return EDGE_WEIGHT[e.kind] * (e.confidence === 'inferred' ? INFERRED_FACTOR : 1);
}

/** Hop-1 nodes that spread further: the strongest only, so a hub's hundred callers stop there. */
const SECOND_HOP_SOURCES = 50;

interface Spreads {
  out: Float64Array;
  in: Float64Array;
}

const spreads = new WeakMap<LoadedGraph, Spreads>();

/** Per node, sqrt of the number of weighted edges leaving / entering it (1 when none). */
function spreadsOf(graph: LoadedGraph): Spreads {
  let s = spreads.get(graph);
  if (!s) {
    // One pass over the edges in order, not one per node over its edge lists: spring-framework's 494,000 edges
    // took 0.25 s read node by node, scattered through memory.
    const out = new Float64Array(graph.entities.length);
    const inc = new Float64Array(graph.entities.length);
    const { edges, edgeSource, edgeTarget } = graph;
    for (let p = 0; p < edges.length; p++) {
      if (EDGE_WEIGHT[edges[p]!.kind] <= 0) continue;
      out[edgeSource[p]!]!++;
      inc[edgeTarget[p]!]!++;
    }
    const spread = (counts: Float64Array): Float64Array => counts.map((n) => (n === 0 ? 1 : Math.sqrt(n)));
    s = { out: spread(out), in: spread(inc) };
    spreads.set(graph, s);
  }
  return s;
}

/** Scores reached from the seeds within MAX_HOPS; a seed itself is never in the result. */
export function propagate(graph: LoadedGraph, seeds: ReadonlyMap<number, number>): Map<number, Reached> {
  const reached = new Map<number, Reached>();
  const spread = spreadsOf(graph);
  let frontier = new Map<number, { score: number; role: Reached['role'] | null; via: number }>();
  for (const [node, score] of seeds) frontier.set(node, { score, role: null, via: node });
  for (let hop = 1; hop <= MAX_HOPS && frontier.size > 0; hop++) {
    const next = new Map<number, { score: number; role: Reached['role']; via: number }>();
    const offer = (node: number, score: number, role: Reached['role'], via: number): void => {
      if (seeds.has(node) || score <= 0) return;
      const old = next.get(node);
      if (!old || score > old.score) next.set(node, { score, role, via });
    };
    for (const [node, { score, role, via }] of frontier) {
      const base = score * HOP_DECAY;
      const outSpread = spread.out[node]!;
      const inSpread = spread.in[node]!;
      // The role is fixed by the first hop: a caller of a caller is still a dependent.
      for (const p of graph.out[node]!) {
        offer(graph.edgeTarget[p]!, (base * edgeFactor(graph, p)) / outSpread, role ?? 'dependency of match', via);
      }
      for (const p of graph.in[node]!) {
        offer(graph.edgeSource[p]!, (base * edgeFactor(graph, p)) / inSpread, role ?? 'dependent of match', via);
      }
    }
    for (const [node, r] of next) {
      const old = reached.get(node);
      if (!old || r.score > old.score) reached.set(node, r);
    }
    frontier = new Map([...next].sort((a, b) => b[1].score - a[1].score).slice(0, SECOND_HOP_SOURCES));
  }
  return reached;
}
