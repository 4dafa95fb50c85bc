import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCsr, transposeCsr } from '../../src/graph/csr.js';
import { bfsTree, kShortestPaths, shortestDistances, shortestPath, type Path } from '../../src/graph/traversal.js';
import { makeRng, type Rng } from './rng.js';

interface Edges {
  n: number;
  from: number[];
  to: number[];
  weight: number[];
}

function randomDigraph(rng: Rng): Edges {
  const n = rng.int(2, 7);
  const m = rng.int(0, 3 * n);
  const g: Edges = { n, from: [], to: [], weight: [] };
  for (let e = 0; e < m; e++) {
    g.from.push(rng.int(0, n - 1));
    g.to.push(rng.int(0, n - 1));
    g.weight.push(rng.int(0, 6) / 2);
  }
  return g;
}

/** Costs of every simple path (as an edge sequence) from s to t, ascending. */
function allSimplePathCosts(g: Edges, s: number, t: number): number[] {
  const costs: number[] = [];
  const onPath = new Array<boolean>(g.n).fill(false);
  const walk = (u: number, cost: number): void => {
    if (u === t) {
      costs.push(cost);
      return;
    }
    onPath[u] = true;
    g.from.forEach((x, e) => {
      if (x === u && !onPath[g.to[e]!]) walk(g.to[e]!, cost + g.weight[e]!);
    });
    onPath[u] = false;
  };
  walk(s, 0);
  return costs.sort((a, b) => a - b);
}

function assertValidPath(g: Edges, path: Path, s: number, t: number): void {
  assert.equal(path.nodes[0], s);
  assert.equal(path.nodes[path.nodes.length - 1], t);
  assert.equal(path.edges.length, path.nodes.length - 1);
  assert.equal(new Set(path.nodes).size, path.nodes.length, 'path repeats a node');
  let cost = 0;
  path.edges.forEach((e, i) => {
    assert.equal(g.from[e], path.nodes[i]);
    assert.equal(g.to[e], path.nodes[i + 1]);
    cost += g.weight[e]!;
  });
  assert.ok(Math.abs(cost - path.cost) < 1e-9);
}

test('Yen matches brute-force enumeration of simple paths', () => {
  const rng = makeRng(99);
  for (let round = 0; round < 400; round++) {
    const g = randomDigraph(rng);
    const csr = buildCsr(g.n, g.from, g.to, g.weight);
    const s = rng.int(0, g.n - 1);
    const t = rng.int(0, g.n - 1);
    const k = rng.int(1, 8);
    const expected = allSimplePathCosts(g, s, t).slice(0, k);
    const paths = kShortestPaths(csr, s, t, k);
    assert.deepEqual(paths.map((p) => p.cost), expected, `round ${round}`);
    const keys = new Set(paths.map((p) => p.edges.join(',')));
    assert.equal(keys.size, paths.length, 'duplicate path');
    for (const p of paths) assertValidPath(g, p, s, t);
    const best = shortestPath(csr, s, t);
    if (expected.length === 0) assert.equal(best, null);
    else {
      assertValidPath(g, best!, s, t);
      assert.equal(best!.cost, expected[0]);
    }
  }
});

test('shortest distances match Bellman-Ford', () => {
  const rng = makeRng(21);
  for (let round = 0; round < 200; round++) {
    const g = randomDigraph(rng);
    const source = rng.int(0, g.n - 1);
    const expected = new Array<number>(g.n).fill(Infinity);
    expected[source] = 0;
    for (let iter = 0; iter < g.n; iter++) {
      g.from.forEach((u, e) => {
        expected[g.to[e]!] = Math.min(expected[g.to[e]!]!, expected[u]! + g.weight[e]!);
      });
    }
    assert.deepEqual([...shortestDistances(buildCsr(g.n, g.from, g.to, g.weight), source)], expected);
  }
});

test('BFS tree to a depth: hop distances match a brute-force relaxation', () => {
  const rng = makeRng(4);
  for (let round = 0; round < 200; round++) {
    const g = randomDigraph(rng);
    const csr = buildCsr(g.n, g.from, g.to, g.weight);
    const source = rng.int(0, g.n - 1);
    const maxDepth = rng.int(0, 4);
    const hops = new Array<number>(g.n).fill(Infinity);
    hops[source] = 0;
    for (let iter = 0; iter < g.n; iter++) {
      g.from.forEach((u, e) => {
        hops[g.to[e]!] = Math.min(hops[g.to[e]!]!, hops[u]! + 1);
      });
    }
    const tree = bfsTree(csr, source, maxDepth);
    const expectedNodes = hops.flatMap((h, v) => (h <= maxDepth ? [v] : []));
    assert.deepEqual([...tree.order].sort((a, b) => a - b), expectedNodes);
    tree.order.forEach((v, i) => {
      assert.equal(tree.depth[i], hops[v]);
      if (i === 0) return assert.equal(tree.parent[i], -1);
      const e = tree.parentEdge[i]!;
      assert.equal(g.from[e], tree.parent[i]);
      assert.equal(g.to[e], v);
      assert.equal(tree.depth[tree.order.indexOf(tree.parent[i]!)]! + 1, tree.depth[i]);
    });
  }
});

test('BFS from several sources and over the transpose (dependents)', () => {
  const csr = buildCsr(5, [0, 1, 2, 3], [1, 2, 3, 4]);
  assert.deepEqual(bfsTree(csr, [0, 3], 1).order, [0, 3, 1, 4]);
  const up = bfsTree(transposeCsr(csr), 4, 10);
  assert.deepEqual(up.order, [4, 3, 2, 1, 0]);
  assert.deepEqual(up.parentEdge, [-1, 3, 2, 1, 0]);
});

test('source equals target and unreachable targets', () => {
  const csr = buildCsr(3, [0, 1], [1, 0], [1, 1]);
  assert.deepEqual(kShortestPaths(csr, 0, 0, 3), [{ nodes: [0], edges: [], cost: 0 }]);
  assert.deepEqual(kShortestPaths(csr, 0, 2, 3), []);
  assert.equal(shortestPath(csr, 0, 2), null);
  assert.throws(() => shortestPath(buildCsr(2, [0], [1], [-1]), 0, 1), RangeError);
});
