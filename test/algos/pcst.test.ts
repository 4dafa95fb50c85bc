import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pcst, type PcstInput, type PcstPruning, type PcstResult } from '../../src/retrieval/pcst.js';
import { makeRng, type Rng } from './rng.js';

function randomInstance(rng: Rng, n: number): PcstInput {
  const edgeU: number[] = [];
  const edgeV: number[] = [];
  const cost: number[] = [];
  const density = rng.pick([0.2, 0.4, 0.7]);
  for (let u = 0; u < n; u++) {
    for (let v = u + 1; v < n; v++) {
      if (rng.next() < density) {
        edgeU.push(u);
        edgeV.push(v);
        cost.push(rng.next() < 0.1 ? 0 : Math.round(rng.next() * 100) / 10);
      }
    }
  }
  const prize = Array.from({ length: n }, () => (rng.next() < 0.3 ? 0 : Math.round(rng.next() * 150) / 10));
  return { n, edgeU, edgeV, cost, prize };
}

/** Minimum spanning tree cost of G[S] by Kruskal, or Infinity when G[S] is disconnected. */
function mstCost(g: PcstInput, inS: boolean[]): number {
  const parent = Array.from({ length: g.n }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
  const order = [...Array(g.edgeU.length).keys()].sort((a, b) => g.cost[a]! - g.cost[b]!);
  let total = 0;
  let joined = 0;
  for (const e of order) {
    const u = g.edgeU[e]!;
    const v = g.edgeV[e]!;
    if (!inS[u] || !inS[v] || find(u) === find(v)) continue;
    parent[find(u)] = find(v);
    total += g.cost[e]!;
    joined++;
  }
  return joined === inS.filter(Boolean).length - 1 ? total : Infinity;
}

/** OPT = min over non-empty S (containing root) with G[S] connected of MST(G[S]) + π(V \ S). */
function bruteForceOpt(g: PcstInput, root = -1): number {
  let best = Infinity;
  for (let mask = 1; mask < 1 << g.n; mask++) {
    if (root >= 0 && !(mask & (1 << root))) continue;
    const inS = Array.from({ length: g.n }, (_, v) => (mask & (1 << v)) !== 0);
    let missed = 0;
    for (let v = 0; v < g.n; v++) if (!inS[v]) missed += g.prize[v]!;
    best = Math.min(best, mstCost(g, inS) + missed);
  }
  return best;
}

function assertTree(g: PcstInput, r: PcstResult): void {
  assert.ok(r.nodes.length >= 1);
  assert.equal(r.edges.length, r.nodes.length - 1);
  const inTree = new Set(r.nodes);
  const parent = new Map(r.nodes.map((v) => [v, v]));
  const find = (x: number): number => (parent.get(x) === x ? x : find(parent.get(x)!));
  for (const e of r.edges) {
    const u = g.edgeU[e]!;
    const v = g.edgeV[e]!;
    assert.ok(inTree.has(u) && inTree.has(v), `edge ${e} leaves the tree`);
    assert.notEqual(find(u), find(v), 'cycle');
    parent.set(find(u), find(v));
  }
  let cost = 0;
  for (const e of r.edges) cost += g.cost[e]!;
  let missed = 0;
  for (let v = 0; v < g.n; v++) if (!inTree.has(v)) missed += g.prize[v]!;
  assert.ok(Math.abs(r.cost - cost) < 1e-9 && Math.abs(r.missedPrize - missed) < 1e-9);
  assert.ok(Math.abs(r.objective - cost - missed) < 1e-9);
}

test('unrooted: a tree within 2·OPT, strong no worse than gw (brute force, n <= 9)', () => {
  const rng = makeRng(11);
  let strongStrictlyBetter = 0;
  for (let round = 0; round < 400; round++) {
    const g = randomInstance(rng, rng.int(1, 9));
    const opt = bruteForceOpt(g);
    const results = {} as Record<PcstPruning, PcstResult>;
    for (const pruning of ['gw', 'strong'] as const) {
      const r = pcst(g, { pruning });
      assertTree(g, r);
      assert.ok(r.objective >= opt - 1e-9, `round ${round} ${pruning}: below OPT`);
      assert.ok(r.objective <= 2 * opt + 1e-9, `round ${round} ${pruning}: ${r.objective} > 2·${opt}`);
      results[pruning] = r;
    }
    assert.ok(results.strong.objective <= results.gw.objective + 1e-9, `round ${round}`);
    if (results.strong.objective < results.gw.objective - 1e-9) strongStrictlyBetter++;
  }
  assert.ok(strongStrictlyBetter > 0);
});

test('rooted: the tree contains the root and stays within 2·OPT', () => {
  const rng = makeRng(12);
  for (let round = 0; round < 300; round++) {
    const g = randomInstance(rng, rng.int(1, 9));
    const root = rng.int(0, g.n - 1);
    const opt = bruteForceOpt(g, root);
    for (const pruning of ['gw', 'strong'] as const) {
      const r = pcst(g, { pruning, root });
      assertTree(g, r);
      assert.ok(r.nodes.includes(root));
      assert.ok(r.objective >= opt - 1e-9 && r.objective <= 2 * opt + 1e-9, `round ${round} ${pruning}`);
    }
  }
});

test('all prizes zero: a single vertex at cost 0', () => {
  const g: PcstInput = { n: 4, edgeU: [0, 1, 2], edgeV: [1, 2, 3], cost: [1, 1, 1], prize: [0, 0, 0, 0] };
  for (const pruning of ['gw', 'strong'] as const) {
    const r = pcst(g, { pruning });
    assert.equal(r.nodes.length, 1);
    assert.equal(r.objective, 0);
  }
});

test('zero-cost edges join every prized node', () => {
  const g: PcstInput = { n: 4, edgeU: [0, 1, 2], edgeV: [1, 2, 3], cost: [0, 0, 0], prize: [1, 0, 0, 2] };
  for (const pruning of ['gw', 'strong'] as const) {
    const r = pcst(g, { pruning });
    assertTree(g, r);
    assert.equal(r.objective, 0);
    assert.ok(r.nodes.includes(0) && r.nodes.includes(3));
  }
});

test('disconnected graph: the best component wins', () => {
  // Component {0,1}: prizes 5 + 5 joined at cost 1; component {2,3}: prizes 1 + 1 at cost 1.
  const g: PcstInput = { n: 5, edgeU: [0, 2], edgeV: [1, 3], cost: [1, 1], prize: [5, 5, 1, 1, 0] };
  for (const pruning of ['gw', 'strong'] as const) {
    const r = pcst(g, { pruning });
    assert.deepEqual(r.nodes, [0, 1]);
    assert.deepEqual(r.edges, [0]);
    assert.equal(r.objective, 1 + 2);
  }
});

test('an expensive hub is skipped when the prize does not pay for it', () => {
  // Star: centre 0 (prize 0) with leaves 1..3; only leaf 1 is worth reaching.
  const g: PcstInput = { n: 4, edgeU: [0, 0, 0], edgeV: [1, 2, 3], cost: [2, 2, 2], prize: [0, 10, 1, 1] };
  for (const pruning of ['gw', 'strong'] as const) {
    const r = pcst(g, { pruning });
    assert.deepEqual(r.nodes, [1]);
    assert.equal(r.objective, 2);
  }
});

test('self-loops and parallel edges are harmless', () => {
  const g: PcstInput = { n: 2, edgeU: [0, 0, 1], edgeV: [0, 1, 0], cost: [0, 3, 1], prize: [4, 4] };
  const r = pcst(g, { pruning: 'strong' });
  assert.deepEqual(r.edges, [2]);
  assert.equal(r.objective, 1);
});

test('larger sparse graphs: valid trees, strong no worse than gw, deterministic', () => {
  const rng = makeRng(13);
  for (let round = 0; round < 30; round++) {
    const n = rng.int(30, 200);
    const edgeU: number[] = [];
    const edgeV: number[] = [];
    const cost: number[] = [];
    for (let e = 0; e < 3 * n; e++) {
      edgeU.push(rng.int(0, n - 1));
      edgeV.push(rng.int(0, n - 1));
      cost.push(rng.int(0, 40) / 4);
    }
    const prize = Array.from({ length: n }, () => (rng.next() < 0.7 ? 0 : rng.int(0, 80) / 4));
    const g: PcstInput = { n, edgeU, edgeV, cost, prize };
    const gw = pcst(g, { pruning: 'gw' });
    const strong = pcst(g, { pruning: 'strong' });
    assertTree(g, gw);
    assertTree(g, strong);
    assert.ok(strong.objective <= gw.objective + 1e-9, `round ${round}`);
    assert.deepEqual(pcst(g, { pruning: 'gw' }), gw);
    const root = rng.int(0, n - 1);
    const rooted = pcst(g, { pruning: 'strong', root });
    assertTree(g, rooted);
    assert.ok(rooted.nodes.includes(root));
  }
});
