/** Dependency edges of a DepGraph counted between and inside the components of an architecture. */
import type { DepGraph } from '../graph/types.js';
import { isDependencyEdge } from './file-graph.js';
import type { Architecture } from './types.js';

export interface ComponentEdges {
  /** Entities per component. */
  sizes: number[];
  /** μ_i: edges with both ends in component i. */
  internal: number[];
  /** ε_ij: edges from component i to component j ≠ i; absent when 0. */
  between: Map<number, number>[];
}

/**
 * Each dependency edge counts once whatever its occurrence count; a self-edge (recursion) is ignored.
 * Entities are placed by fqn, and those not listed (modules) by the component holding their file.
 */
export function countComponentEdges(arch: Architecture, graph: DepGraph): ComponentEdges {
  const byFqn = new Map<string, number>();
  const byFile = new Map<string, number>();
  arch.components.forEach((c, i) => {
    for (const fqn of c.entities) byFqn.set(fqn, i);
    for (const f of c.files) byFile.set(f, i);
  });
  const componentOf = new Map<string, number>();
  for (const e of graph.entities) {
    const c = byFqn.get(e.fqn) ?? byFile.get(e.filePath);
    if (c !== undefined) componentOf.set(e.id, c);
  }
  const internal = arch.components.map(() => 0);
  const between = arch.components.map(() => new Map<number, number>());
  for (const edge of graph.edges) {
    if (!isDependencyEdge(edge.kind) || edge.source === edge.target) continue;
    const s = componentOf.get(edge.source);
    const t = componentOf.get(edge.target);
    if (s === undefined || t === undefined) continue;
    if (s === t) internal[s]++;
    else between[s].set(t, (between[s].get(t) ?? 0) + 1);
  }
  return { sizes: arch.components.map((c) => c.entities.length), internal, between };
}
