/**
 * Prize-collecting Steiner tree (algorithms.md §4): Goemans–Williamson moat growth driven by two event
 * heaps (edge becomes tight, cluster deactivates), then `gw` or `strong` pruning, returning one tree.
 * Minimises c(E_T) + π(V \ V_T); with `gw` or `strong` pruning the value is at most 2·OPT.
 */
import { MinHeap } from '../util/heap.js';

export interface PcstInput {
  /** Nodes are 0..n-1. */
  n: number;
  /** Undirected edge e joins edgeU[e] and edgeV[e] at cost[e] >= 0. */
  edgeU: ArrayLike<number>;
  edgeV: ArrayLike<number>;
  cost: ArrayLike<number>;
  /** prize[v] >= 0. */
  prize: ArrayLike<number>;
}

/** gw: Goemans–Williamson reverse-delete of dead clusters; strong: optimal pruning of the grown forest. */
export type PcstPruning = 'gw' | 'strong';

export interface PcstOptions {
  pruning?: PcstPruning;
  /** Rooted variant: the tree must contain this node. */
  root?: number;
}

export interface PcstResult {
  /** Nodes of the tree, ascending. */
  nodes: number[];
  /** Edge indices of the tree, ascending; always nodes.length - 1 of them. */
  edges: number[];
  /** c(E_T). */
  cost: number;
  /** π(V \ V_T). */
  missedPrize: number;
  /** cost + missedPrize, the quantity minimised. */
  objective: number;
}

/** GW state over clusters 0..2n-2: singletons are 0..n-1, merges get the next ids. */
class MoatGrowth {
  readonly mergedInto: Int32Array;
  readonly active: Uint8Array;
  /** Edges of F in the order they became tight. */
  readonly forest: number[] = [];
  /** For each edge of F: the cluster that was inactive when it merged, or -1 for an active–active merge. */
  readonly inactiveSide: number[] = [];
  /** For each edge of F: its endpoint inside that inactive cluster, or -1. */
  readonly inactiveNode: number[] = [];
  private readonly jump: Int32Array;
  /** Frozen moats from a cluster up to (excluding) jump[cluster]. */
  private readonly jumpSum: Float64Array;
  /** Own moat when the cluster last changed state; grows from activeSince while active. */
  private readonly moat: Float64Array;
  /** Sum of all moats inside the cluster (its own included), at activeSince. */
  private readonly innerMoat: Float64Array;
  private readonly activeSince: Float64Array;
  private readonly prizeSum: Float64Array;
  private readonly hasRoot: Uint8Array;
  /** Edges touching each live cluster (internal ones included; they are skipped when met). */
  private readonly clusterEdges: (number[] | undefined)[];
  private readonly edgeEvents = new MinHeap();
  private readonly clusterEvents = new MinHeap();
  private clusterCount: number;
  private activeCount = 0;
  private time = 0;

  constructor(private readonly g: PcstInput, root: number) {
    const { n } = g;
    const size = Math.max(2 * n - 1, 1);
    this.mergedInto = new Int32Array(size).fill(-1);
    this.jump = new Int32Array(size).fill(-1);
    this.jumpSum = new Float64Array(size);
    this.moat = new Float64Array(size);
    this.innerMoat = new Float64Array(size);
    this.activeSince = new Float64Array(size);
    this.prizeSum = new Float64Array(size);
    this.active = new Uint8Array(size);
    this.hasRoot = new Uint8Array(size);
    this.clusterEdges = Array.from({ length: size }, (_, c) => (c < n ? [] : undefined));
    this.clusterCount = n;
    for (let v = 0; v < n; v++) {
      this.prizeSum[v] = g.prize[v]!;
      if (v === root) {
        this.hasRoot[v] = 1;
      } else {
        this.active[v] = 1;
        this.activeCount++;
        this.clusterEvents.push(g.prize[v]!, v);
      }
    }
    for (let e = 0; e < g.edgeU.length; e++) {
      const u = g.edgeU[e]!;
      const v = g.edgeV[e]!;
      if (u === v) continue;
      this.clusterEdges[u]!.push(e);
      this.clusterEdges[v]!.push(e);
      this.pushEdge(e);
    }
  }

  /** Grows moats until at most `targetActive` clusters are active or nothing can happen any more. */
  run(targetActive: number): void {
    while (this.activeCount > targetActive) {
      const edgeTime = this.edgeEvents.peekKey();
      const clusterTime = this.clusterEvents.peekKey();
      if (edgeTime === Infinity && clusterTime === Infinity) return;
      if (edgeTime <= clusterTime) this.processEdgeEvent(edgeTime, this.edgeEvents.pop());
      else this.processClusterEvent(clusterTime, this.clusterEvents.pop());
    }
  }

  find(x: number): number {
    let top = x;
    let below = 0;
    while (this.jump[top]! !== -1) {
      below += this.jumpSum[top]!;
      top = this.jump[top]!;
    }
    // Path compression: each node on the path now jumps straight to the top with its full frozen sum.
    for (let c = x; this.jump[c]! !== -1 && this.jump[c]! !== top; ) {
      const next = this.jump[c]!;
      const own = this.jumpSum[c]!;
      this.jumpSum[c] = below;
      this.jump[c] = top;
      below -= own;
      c = next;
    }
    return top;
  }

  private freezeInto(c: number, parent: number): void {
    const frozen = this.currentMoat(c);
    this.moat[c] = frozen;
    this.jump[c] = parent;
    this.jumpSum[c] = frozen;
    this.mergedInto[c] = parent;
  }

  private currentMoat(c: number): number {
    return this.moat[c]! + (this.active[c] ? this.time - this.activeSince[c]! : 0);
  }

  private currentInnerMoat(c: number): number {
    return this.innerMoat[c]! + (this.active[c] ? this.time - this.activeSince[c]! : 0);
  }

  /** Total moat covering node v now. */
  private coverage(v: number, top: number): number {
    return (v === top ? 0 : this.jumpSum[v]!) + this.currentMoat(top);
  }

  /** When edge e becomes tight under the current activity states (Infinity if neither side grows). */
  private edgeTime(e: number): number {
    const u = this.g.edgeU[e]!;
    const v = this.g.edgeV[e]!;
    const cu = this.find(u);
    const cv = this.find(v);
    if (cu === cv) return NaN;
    const rate = this.active[cu]! + this.active[cv]!;
    if (rate === 0) return Infinity;
    const slack = this.g.cost[e]! - this.coverage(u, cu) - this.coverage(v, cv);
    return this.time + Math.max(0, slack) / rate;
  }

  private pushEdge(e: number): void {
    const t = this.edgeTime(e);
    if (t < Infinity) this.edgeEvents.push(t, e);
  }

  private processEdgeEvent(eventTime: number, e: number): void {
    const t = this.edgeTime(e);
    if (Number.isNaN(t) || t === Infinity) return;
    // Stale entry: a side stopped growing since it was pushed.
    if (t > eventTime + 1e-10 * (1 + Math.abs(eventTime))) {
      this.edgeEvents.push(t, e);
      return;
    }
    this.time = Math.max(this.time, eventTime);
    this.merge(e);
  }

  private processClusterEvent(eventTime: number, c: number): void {
    if (this.jump[c]! !== -1 || !this.active[c]) return;
    const t = this.time + Math.max(0, this.prizeSum[c]! - this.currentInnerMoat(c));
    if (t > eventTime + 1e-10 * (1 + Math.abs(eventTime))) {
      this.clusterEvents.push(t, c);
      return;
    }
    this.time = Math.max(this.time, eventTime);
    this.moat[c] = this.currentMoat(c);
    this.innerMoat[c] = this.currentInnerMoat(c);
    this.active[c] = 0;
    this.activeCount--;
    // Edges of c now close more slowly; their queued times are re-checked when popped.
  }

  private merge(e: number): void {
    const u = this.g.edgeU[e]!;
    const v = this.g.edgeV[e]!;
    const a = this.find(u);
    const b = this.find(v);
    const d = this.clusterCount++;
    const inner = this.currentInnerMoat(a) + this.currentInnerMoat(b);
    this.freezeInto(a, d);
    this.freezeInto(b, d);
    this.forest.push(e);
    this.inactiveSide.push(this.active[a] && this.active[b] ? -1 : this.active[a] ? b : a);
    this.inactiveNode.push(this.active[a] && this.active[b] ? -1 : this.active[a] ? v : u);
    const wasActive = this.active[a]! + this.active[b]!;
    const reactivated = this.active[a] ? (this.active[b] ? -1 : b) : a;
    this.active[a] = 0;
    this.active[b] = 0;
    this.prizeSum[d] = this.prizeSum[a]! + this.prizeSum[b]!;
    this.hasRoot[d] = this.hasRoot[a]! | this.hasRoot[b]!;
    this.innerMoat[d] = inner;
    this.moat[d] = 0;
    this.activeSince[d] = this.time;
    this.active[d] = this.hasRoot[d] ? 0 : 1;
    this.activeCount += this.active[d]! - wasActive;

    if (this.active[d]) {
      this.clusterEvents.push(this.time + Math.max(0, this.prizeSum[d]! - inner), d);
      // The formerly inactive side grows again, so its boundary edges close sooner than queued.
      if (reactivated >= 0) for (const x of this.clusterEdges[reactivated]!) this.pushEdge(x);
    }
    const listA = this.clusterEdges[a]!;
    const listB = this.clusterEdges[b]!;
    const [big, small] = listA.length >= listB.length ? [listA, listB] : [listB, listA];
    for (const x of small) big.push(x);
    this.clusterEdges[d] = big;
    this.clusterEdges[a] = undefined;
    this.clusterEdges[b] = undefined;
  }
}

interface Tree {
  nodes: number[];
  edges: number[];
}

/** Solves PCST on the input graph and returns one tree (the best by objective among the candidates). */
export function pcst(input: PcstInput, options: PcstOptions = {}): PcstResult {
  const { n, edgeU, edgeV, cost, prize } = input;
  const pruning = options.pruning ?? 'gw';
  const root = options.root ?? -1;
  validate(input, root);
  if (n === 0) return { nodes: [], edges: [], cost: 0, missedPrize: 0, objective: 0 };

  const growth = new MoatGrowth(input, root);
  growth.run(root >= 0 ? 0 : 1);

  // Nodes of the root's cluster (rooted) or of the clusters still active (unrooted).
  const good = new Uint8Array(n);
  const rootTop = root >= 0 ? growth.find(root) : -1;
  for (let v = 0; v < n; v++) {
    const top = growth.find(v);
    if (root >= 0 ? top === rootTop : growth.active[top] === 1) good[v] = 1;
  }
  const kept: number[] = [];
  const keptInactiveSide: number[] = [];
  const keptInactiveNode: number[] = [];
  growth.forest.forEach((e, i) => {
    if (good[edgeU[e]!] && good[edgeV[e]!]) {
      kept.push(e);
      keptInactiveSide.push(growth.inactiveSide[i]!);
      keptInactiveNode.push(growth.inactiveNode[i]!);
    }
  });

  const candidates: Tree[] =
    pruning === 'strong'
      ? strongPrune(input, good, kept, root)
      : gwPrune(input, growth, good, kept, keptInactiveSide, keptInactiveNode, root);
  // A single vertex is always a feasible tree; it rescues runs where every cluster died.
  if (root >= 0) candidates.push({ nodes: [root], edges: [] });
  else {
    let best = 0;
    for (let v = 1; v < n; v++) if (prize[v]! > prize[best]!) best = v;
    candidates.push({ nodes: [best], edges: [] });
  }

  let totalPrize = 0;
  for (let v = 0; v < n; v++) totalPrize += prize[v]!;
  let bestResult: PcstResult | null = null;
  for (const tree of candidates) {
    let treeCost = 0;
    for (const e of tree.edges) treeCost += cost[e]!;
    let collected = 0;
    for (const v of tree.nodes) collected += prize[v]!;
    const missedPrize = Math.max(0, totalPrize - collected);
    const objective = treeCost + missedPrize;
    if (bestResult === null || objective < bestResult.objective) {
      bestResult = {
        nodes: [...tree.nodes].sort((x, y) => x - y),
        edges: [...tree.edges].sort((x, y) => x - y),
        cost: treeCost,
        missedPrize,
        objective,
      };
    }
  }
  return bestResult!;
}

function validate(input: PcstInput, root: number): void {
  const { n, edgeU, edgeV, cost, prize } = input;
  if (prize.length !== n) throw new RangeError(`prize has length ${prize.length}, expected ${n}`);
  if (edgeV.length !== edgeU.length || cost.length !== edgeU.length) throw new RangeError('edge arrays differ in length');
  for (let v = 0; v < n; v++) if (!(prize[v]! >= 0 && prize[v]! < Infinity)) throw new RangeError(`prize ${v} must be finite and >= 0`);
  for (let e = 0; e < edgeU.length; e++) {
    const u = edgeU[e]!;
    const v = edgeV[e]!;
    if (!(u >= 0 && u < n && v >= 0 && v < n)) throw new RangeError(`edge ${e} has a node outside 0..${n - 1}`);
    if (!(cost[e]! >= 0 && cost[e]! < Infinity)) throw new RangeError(`cost ${e} must be finite and >= 0`);
  }
  if (root !== -1 && !(Number.isInteger(root) && root >= 0 && root < n)) throw new RangeError(`root ${root} is not a node`);
}

/** Adjacency of the kept forest: for node v, pairs (neighbour, edge). */
function forestAdjacency(n: number, input: PcstInput, edges: readonly number[]): number[][] {
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (const e of edges) {
    const u = input.edgeU[e]!;
    const v = input.edgeV[e]!;
    adj[u]!.push(v, e);
    adj[v]!.push(u, e);
  }
  return adj;
}

/**
 * GW pruning: walk F backwards; an active–active edge is kept and marks both sides necessary; an edge that
 * merged an inactive cluster is kept only if that cluster is necessary, else the inactive side is deleted.
 */
function gwPrune(
  input: PcstInput,
  growth: MoatGrowth,
  good: Uint8Array,
  kept: readonly number[],
  keptInactiveSide: readonly number[],
  keptInactiveNode: readonly number[],
  root: number,
): Tree[] {
  const { n, edgeU, edgeV } = input;
  const necessary = new Uint8Array(growth.mergedInto.length);
  const markNecessary = (v: number): void => {
    for (let c = v; c !== -1 && !necessary[c]; c = growth.mergedInto[c]!) necessary[c] = 1;
  };
  if (root >= 0) markNecessary(root);
  const adj = forestAdjacency(n, input, kept);
  const deleted = new Uint8Array(n);
  const deleteSide = (start: number, blocked: number): void => {
    const stack = [start];
    deleted[start] = 1;
    while (stack.length > 0) {
      const x = stack.pop()!;
      const list = adj[x]!;
      for (let i = 0; i < list.length; i += 2) {
        const y = list[i]!;
        if (y === blocked || deleted[y]) continue;
        deleted[y] = 1;
        stack.push(y);
      }
    }
  };
  const edges: number[] = [];
  for (let i = kept.length - 1; i >= 0; i--) {
    const e = kept[i]!;
    const u = edgeU[e]!;
    const v = edgeV[e]!;
    if (deleted[u] && deleted[v]) continue;
    const inactive = keptInactiveSide[i]!;
    if (inactive < 0 || necessary[inactive]) {
      markNecessary(u);
      markNecessary(v);
      edges.push(e);
    } else {
      const inactiveNode = keptInactiveNode[i]!;
      deleteSide(inactiveNode, inactiveNode === u ? v : u);
    }
  }
  const nodes: number[] = [];
  for (let v = 0; v < n; v++) if (good[v] && !deleted[v]) nodes.push(v);
  return splitIntoTrees(input, nodes, edges);
}

function splitIntoTrees(input: PcstInput, nodes: readonly number[], edges: readonly number[]): Tree[] {
  const adj = forestAdjacency(input.n, input, edges);
  const seen = new Uint8Array(input.n);
  const trees: Tree[] = [];
  for (const start of nodes) {
    if (seen[start]) continue;
    const tree: Tree = { nodes: [start], edges: [] };
    seen[start] = 1;
    for (let k = 0; k < tree.nodes.length; k++) {
      const list = adj[tree.nodes[k]!]!;
      for (let i = 0; i < list.length; i += 2) {
        const y = list[i]!;
        if (seen[y]) continue;
        seen[y] = 1;
        tree.nodes.push(y);
        tree.edges.push(list[i + 1]!);
      }
    }
    trees.push(tree);
  }
  return trees;
}

/**
 * Strong pruning (Johnson–Minkoff–Phillips) of each tree of the kept forest: payoff(v) = π_v +
 * Σ_child max(0, payoff(u) − c_vu), rooted at r or, unrooted, at the root with the best payoff found by
 * re-rooting; children with payoff(u) − c_vu <= 0 are cut. This is the best subtree of each tree.
 */
function strongPrune(input: PcstInput, good: Uint8Array, kept: readonly number[], root: number): Tree[] {
  const { n, cost, prize } = input;
  const nodes: number[] = [];
  for (let v = 0; v < n; v++) if (good[v]) nodes.push(v);
  const adj = forestAdjacency(n, input, kept);
  const parent = new Int32Array(n).fill(-1);
  const parentEdge = new Int32Array(n).fill(-1);
  const payoff = new Float64Array(n);
  const full = new Float64Array(n);

  // Fills parent/parentEdge/payoff for the tree hanging from r; returns nodes in BFS order.
  const rootAt = (r: number): number[] => {
    const order = [r];
    parent[r] = -1;
    parentEdge[r] = -1;
    for (let k = 0; k < order.length; k++) {
      const x = order[k]!;
      const list = adj[x]!;
      for (let i = 0; i < list.length; i += 2) {
        const y = list[i]!;
        if (y === parent[x]) continue;
        parent[y] = x;
        parentEdge[y] = list[i + 1]!;
        order.push(y);
      }
    }
    for (let k = order.length - 1; k >= 0; k--) {
      const x = order[k]!;
      payoff[x]! += prize[x]!;
      if (k > 0) payoff[parent[x]!]! += Math.max(0, payoff[x]! - cost[parentEdge[x]!]!);
    }
    return order;
  };
  const clear = (order: readonly number[]): void => {
    for (const x of order) payoff[x] = 0;
  };

  const trees: Tree[] = [];
  const done = new Uint8Array(n);
  const starts = root >= 0 ? (good[root] ? [root] : []) : nodes;
  for (const start of starts) {
    if (done[start]) continue;
    let order = rootAt(start);
    for (const x of order) done[x] = 1;
    let best = start;
    if (root < 0) {
      // Re-rooting: full(v) is the payoff of the best subtree containing v.
      full[start] = payoff[start]!;
      for (let k = 1; k < order.length; k++) {
        const x = order[k]!;
        const c = cost[parentEdge[x]!]!;
        const fromParent = full[parent[x]!]! - Math.max(0, payoff[x]! - c);
        full[x] = payoff[x]! + Math.max(0, fromParent - c);
        if (full[x]! > full[best]!) best = x;
      }
      if (best !== start) {
        clear(order);
        order = rootAt(best);
      }
    }
    const tree: Tree = { nodes: [best], edges: [] };
    for (let k = 0; k < tree.nodes.length; k++) {
      const x = tree.nodes[k]!;
      const list = adj[x]!;
      for (let i = 0; i < list.length; i += 2) {
        const y = list[i]!;
        if (y === parent[x]) continue;
        if (payoff[y]! - cost[list[i + 1]!]! > 0) {
          tree.nodes.push(y);
          tree.edges.push(list[i + 1]!);
        }
      }
    }
    clear(order);
    trees.push(tree);
  }
  return trees;
}
