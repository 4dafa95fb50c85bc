/** The order get_context returns its nodes in: most relevant first; among equally relevant ones, callers before callees. */
import type { LoadedGraph } from '../graph/memory.js';

/** Scores closer than this (relative to the larger) count as tied. */
const TIE_TOLERANCE = 1e-9;

export function readingOrder(graph: LoadedGraph, nodes: readonly number[], scores: ArrayLike<number>): number[] {
  const sorted = [...nodes].sort((a, b) => scores[b]! - scores[a]! || a - b);
  const out: number[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i + 1;
    while (j < sorted.length && tied(scores[sorted[i]!]!, scores[sorted[j]!]!)) j++;
    out.push(...callersFirst(graph, sorted.slice(i, j)));
    i = j;
  }
  return out;
}

function tied(a: number, b: number): boolean {
  return Math.abs(a - b) <= TIE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/** Topological order of the call edges among `group` (Kahn, smallest index first); cycles keep index order. */
function callersFirst(graph: LoadedGraph, group: readonly number[]): number[] {
  if (group.length < 2) return [...group];
  const members = new Set(group);
  const indegree = new Map<number, number>(group.map((n) => [n, 0]));
  const callees = new Map<number, number[]>(group.map((n) => [n, []]));
  for (const node of group) {
    for (const p of graph.out[node]!) {
      const target = graph.edgeTarget[p]!;
      if (graph.edges[p]!.kind !== 'calls' || !members.has(target) || target === node) continue;
      callees.get(node)!.push(target);
      indegree.set(target, indegree.get(target)! + 1);
    }
  }
  const out: number[] = [];
  const placed = new Set<number>();
  while (out.length < group.length) {
    const ready = group.filter((n) => !placed.has(n) && indegree.get(n) === 0);
    // In a cycle nobody is ready: release the first unplaced node.
    const next = ready[0] ?? group.find((n) => !placed.has(n))!;
    placed.add(next);
    out.push(next);
    for (const callee of callees.get(next)!) indegree.set(callee, indegree.get(callee)! - 1);
  }
  return out;
}
