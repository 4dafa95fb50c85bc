/**
 * Traversals over a directed weighted graph in CSR form: dependency BFS to a depth, Dijkstra, and
 * Yen's k shortest loopless paths. Edges are reported by the caller's edge ids (Csr.edgeIds).
 */
import { MinHeap } from '../util/heap.js';
import { transposeCsr, type Csr } from './csr.js';

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

/**
 * Dijkstra scratch space sized to the graph and reset after each search by undoing only what it
 * touched, so Yen's many spur searches do not pay O(n) each.
 */
class Dijkstra {
  private readonly dist: Float64Array;
  private readonly via: Int32Array;
  private readonly done: Uint8Array;
  private readonly touched: number[] = [];
  /** Nodes and CSR positions a search must not use. */
  readonly blockedNodes: Uint8Array;
  readonly blockedPositions: Uint8Array;

  constructor(private readonly g: Csr) {
    this.dist = new Float64Array(g.n).fill(Infinity);
    this.via = new Int32Array(g.n).fill(-1);
    this.done = new Uint8Array(g.n);
    this.blockedNodes = new Uint8Array(g.n);
    this.blockedPositions = new Uint8Array(g.targets.length);
  }

  /**
   * A cheapest source-target path avoiding the blocked nodes and positions; null when unreachable.
   * With `toTarget` (exact distances to the target in the unblocked graph) this is A*: blocking only
   * lengthens paths, so those distances stay a consistent lower bound and the search heads straight in.
   */
  search(source: number, target: number, toTarget?: Float64Array): PositionPath | null {
    const { g, dist, via, done, blockedNodes, blockedPositions, touched } = this;
    const heap = new MinHeap();
    dist[source] = 0;
    touched.push(source);
    heap.push(toTarget === undefined ? 0 : toTarget[source]!, source);
    while (heap.size > 0) {
      const u = heap.pop();
      if (done[u]) continue;
      done[u] = 1;
      if (u === target) break;
      for (let p = g.offsets[u]!; p < g.offsets[u + 1]!; p++) {
        const v = g.targets[p]!;
        if (done[v] || blockedNodes[v] || blockedPositions[p]) continue;
        const candidate = dist[u]! + g.weights[p]!;
        if (candidate < dist[v]!) {
          const bound = toTarget === undefined ? 0 : toTarget[v]!;
          if (bound === Infinity) continue;
          if (dist[v] === Infinity) touched.push(v);
          dist[v] = candidate;
          via[v] = p;
          heap.push(candidate + bound, v);
        }
      }
    }
    let path: PositionPath | null = null;
    if (dist[target]! < Infinity) {
      const nodes = [target];
      const positions: number[] = [];
      for (let v = target; v !== source; ) {
        const p = via[v]!;
        positions.push(p);
        v = this.sourceOf(p);
        nodes.push(v);
      }
      path = { nodes: nodes.reverse(), positions: positions.reverse(), cost: dist[target]! };
    }
    for (const v of touched) {
      dist[v] = Infinity;
      via[v] = -1;
      done[v] = 0;
    }
    touched.length = 0;
    return path;
  }

  /** The tail node of CSR position p (binary search over offsets). */
  private sourceOf(p: number): number {
    const offsets = this.g.offsets;
    let lo = 0;
    let hi = this.g.n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (offsets[mid]! <= p) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** Distances from source to every node by Dijkstra (non-negative weights). */
function distancesFrom(g: Csr, source: number): Float64Array {
  const dist = new Float64Array(g.n).fill(Infinity);
  const heap = new MinHeap();
  dist[source] = 0;
  heap.push(0, source);
  while (heap.size > 0) {
    const key = heap.peekKey();
    const u = heap.pop();
    if (key > dist[u]!) continue;
    for (let p = g.offsets[u]!; p < g.offsets[u + 1]!; p++) {
      const v = g.targets[p]!;
      const candidate = key + g.weights[p]!;
      if (candidate < dist[v]!) {
        dist[v] = candidate;
        heap.push(candidate, v);
      }
    }
  }
  return dist;
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

/** Cost of a cheapest path from source to every node (Infinity when unreachable); non-negative weights. */
export function shortestDistances(g: Csr, source: number): Float64Array {
  checkNode(g, source);
  checkWeights(g);
  return distancesFrom(g, source);
}

/** A cheapest path from source to target (non-negative weights), or null when target is unreachable. */
export function shortestPath(g: Csr, source: number, target: number): Path | null {
  checkNode(g, source);
  checkNode(g, target);
  checkWeights(g);
  const path = new Dijkstra(g).search(source, target);
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
  if (k <= 0) return [];
  const toTarget = distancesFrom(transposeCsr(g), target);
  if (toTarget[source] === Infinity) return [];
  const dijkstra = new Dijkstra(g);
  const first = dijkstra.search(source, target, toTarget)!;
  const accepted: PositionPath[] = [first];
  const candidates: PositionPath[] = [];
  const seen = new Set<string>([first.positions.join(',')]);
  while (accepted.length < k) {
    const previous = accepted[accepted.length - 1]!;
    for (let i = 0; i < previous.positions.length; i++) {
      const spur = previous.nodes[i]!;
      const rootPositions = previous.positions.slice(0, i);
      const blocked: number[] = [];
      for (const path of accepted) {
        if (path.positions.length > i && rootPositions.every((p, j) => path.positions[j] === p)) {
          blocked.push(path.positions[i]!);
        }
      }
      for (const p of blocked) dijkstra.blockedPositions[p] = 1;
      for (let j = 0; j < i; j++) dijkstra.blockedNodes[previous.nodes[j]!] = 1;
      const spurPath = dijkstra.search(spur, target, toTarget);
      for (const p of blocked) dijkstra.blockedPositions[p] = 0;
      for (let j = 0; j < i; j++) dijkstra.blockedNodes[previous.nodes[j]!] = 0;
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
