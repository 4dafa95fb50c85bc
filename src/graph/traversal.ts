/**
 * Traversals over a directed weighted graph in CSR form: dependency BFS to a depth, Dijkstra, and
 * Yen's k shortest loopless paths. Edges are reported by the caller's edge ids (Csr.edgeIds).
 */
import { MinHeap } from '../util/heap.js';
import type { Csr } from './csr.js';

/** A BFS tree as parallel arrays in visiting order; parent is -1 (and parentEdge -1) for the sources. */
export interface BfsTree {
  order: number[];
  parent: number[];
  parentEdge: number[];
  depth: number[];
}

export interface Path {
  nodes: number[];
  /** Edge ids along the path; nodes.length - 1 of them. */
  edges: number[];
  cost: number;
}

/** Nodes reachable from the sources within maxDepth edges, each reached by a shortest-hop tree edge. */
export function bfsTree(g: Csr, sources: number | readonly number[], maxDepth: number): BfsTree {
  const starts = typeof sources === 'number' ? [sources] : sources;
  const tree: BfsTree = { order: [], parent: [], parentEdge: [], depth: [] };
  const seen = new Uint8Array(g.n);
  for (const s of starts) {
    checkNode(g, s);
    if (seen[s]) continue;
    seen[s] = 1;
    tree.order.push(s);
    tree.parent.push(-1);
    tree.parentEdge.push(-1);
    tree.depth.push(0);
  }
  for (let k = 0; k < tree.order.length; k++) {
    const u = tree.order[k]!;
    const d = tree.depth[k]!;
    if (d >= maxDepth) continue;
    for (let p = g.offsets[u]!; p < g.offsets[u + 1]!; p++) {
      const v = g.targets[p]!;
      if (seen[v]) continue;
      seen[v] = 1;
      tree.order.push(v);
      tree.parent.push(u);
      tree.parentEdge.push(g.edgeIds[p]!);
      tree.depth.push(d + 1);
    }
  }
  return tree;
}

/** Internal path form: CSR positions instead of edge ids, so blocked edges are cheap to test. */
interface PositionPath {
  nodes: number[];
  positions: number[];
  cost: number;
}

/** Dijkstra from source to target avoiding blocked nodes and CSR positions; null when unreachable. */
function dijkstra(
  g: Csr,
  source: number,
  target: number,
  blockedNodes: Uint8Array | null,
  blockedPositions: ReadonlySet<number> | null,
): PositionPath | null {
  const dist = new Float64Array(g.n).fill(Infinity);
  const via = new Int32Array(g.n).fill(-1);
  const from = new Int32Array(g.n).fill(-1);
  const done = new Uint8Array(g.n);
  const heap = new MinHeap();
  dist[source] = 0;
  heap.push(0, source);
  while (heap.size > 0) {
    const u = heap.pop();
    if (done[u]) continue;
    done[u] = 1;
    if (u === target) break;
    for (let p = g.offsets[u]!; p < g.offsets[u + 1]!; p++) {
      const v = g.targets[p]!;
      if (done[v] || (blockedNodes !== null && blockedNodes[v]) || (blockedPositions !== null && blockedPositions.has(p))) continue;
      const candidate = dist[u]! + g.weights[p]!;
      if (candidate < dist[v]!) {
        dist[v] = candidate;
        via[v] = p;
        from[v] = u;
        heap.push(candidate, v);
      }
    }
  }
  if (dist[target] === Infinity) return null;
  const nodes = [target];
  const positions: number[] = [];
  for (let v = target; v !== source; v = from[v]!) {
    positions.push(via[v]!);
    nodes.push(from[v]!);
  }
  return { nodes: nodes.reverse(), positions: positions.reverse(), cost: dist[target]! };
}

function checkNode(g: Csr, v: number): void {
  if (!(Number.isInteger(v) && v >= 0 && v < g.n)) throw new RangeError(`node ${v} is outside 0..${g.n - 1}`);
}

function checkWeights(g: Csr): void {
  for (let p = 0; p < g.weights.length; p++) {
    if (!(g.weights[p]! >= 0)) throw new RangeError('shortest paths need non-negative edge weights');
  }
}

function toPath(g: Csr, path: PositionPath): Path {
  return { nodes: path.nodes, edges: path.positions.map((p) => g.edgeIds[p]!), cost: path.cost };
}

/** A cheapest path from source to target (non-negative weights), or null when target is unreachable. */
export function shortestPath(g: Csr, source: number, target: number): Path | null {
  checkNode(g, source);
  checkNode(g, target);
  checkWeights(g);
  const path = dijkstra(g, source, target, null, null);
  return path === null ? null : toPath(g, path);
}

/**
 * Yen's algorithm: up to k loopless source-target paths in order of cost (ties: fewer edges first).
 * Parallel edges give distinct paths.
 */
export function kShortestPaths(g: Csr, source: number, target: number, k: number): Path[] {
  checkNode(g, source);
  checkNode(g, target);
  checkWeights(g);
  const first = k > 0 ? dijkstra(g, source, target, null, null) : null;
  if (first === null) return [];
  const accepted: PositionPath[] = [first];
  const candidates: PositionPath[] = [];
  const seen = new Set<string>([first.positions.join(',')]);
  const blockedNodes = new Uint8Array(g.n);
  while (accepted.length < k) {
    const previous = accepted[accepted.length - 1]!;
    for (let i = 0; i < previous.positions.length; i++) {
      const spur = previous.nodes[i]!;
      const rootPositions = previous.positions.slice(0, i);
      const blockedPositions = new Set<number>();
      for (const path of accepted) {
        if (path.positions.length > i && rootPositions.every((p, j) => path.positions[j] === p)) {
          blockedPositions.add(path.positions[i]!);
        }
      }
      for (let j = 0; j < i; j++) blockedNodes[previous.nodes[j]!] = 1;
      const spurPath = dijkstra(g, spur, target, blockedNodes, blockedPositions);
      for (let j = 0; j < i; j++) blockedNodes[previous.nodes[j]!] = 0;
      if (spurPath === null) continue;
      let rootCost = 0;
      for (const p of rootPositions) rootCost += g.weights[p]!;
      const candidate: PositionPath = {
        nodes: [...previous.nodes.slice(0, i), ...spurPath.nodes],
        positions: [...rootPositions, ...spurPath.positions],
        cost: rootCost + spurPath.cost,
      };
      const key = candidate.positions.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push(candidate);
    }
    if (candidates.length === 0) break;
    let best = 0;
    for (let c = 1; c < candidates.length; c++) {
      const x = candidates[c]!;
      const y = candidates[best]!;
      if (x.cost < y.cost || (x.cost === y.cost && x.positions.length < y.positions.length)) best = c;
    }
    accepted.push(candidates[best]!);
    candidates[best] = candidates[candidates.length - 1]!;
    candidates.pop();
  }
  return accepted.map((path) => toPath(g, path));
}
