import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPprOperator, personalizedPageRank } from '../../src/retrieval/ppr.js';
import { makeRng, type Rng } from './rng.js';

interface RandomGraph {
  n: number;
  from: number[];
  to: number[];
  weight: number[];
  betaF: number;
  betaB: number;
  restart: number[];
}

function randomGraph(rng: Rng): RandomGraph {
  const n = rng.int(1, 10);
  const m = rng.int(0, 2 * n);
  const from: number[] = [];
  const to: number[] = [];
  const weight: number[] = [];
  for (let e = 0; e < m; e++) {
    from.push(rng.int(0, n - 1));
    to.push(rng.int(0, n - 1));
    weight.push(rng.pick([0.5, 1, 2, 3.5]));
  }
  const restart = Array.from({ length: n }, () => (rng.next() < 0.4 ? rng.next() : 0));
  restart[rng.int(0, n - 1)] = 1;
  return { n, from, to, weight, betaF: rng.pick([0, 0.5, 1]), betaB: rng.pick([0, 0.3, 1]), restart };
}

/** x = α (I − (1−α) Pᵀ)⁻¹ r with dangling rows of P replaced by r, solved by Gaussian elimination. */
function closedForm(g: RandomGraph, alpha: number): number[] {
  const { n } = g;
  const rSum = g.restart.reduce((a, b) => a + b, 0);
  const r = g.restart.map((v) => v / rSum);
  const W = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  g.from.forEach((u, e) => {
    const v = g.to[e]!;
    W[u]![v]! += g.betaF * g.weight[e]!;
    W[v]![u]! += g.betaB * g.weight[e]!;
  });
  const P = W.map((row) => {
    const s = row.reduce((a, b) => a + b, 0);
    return s > 0 ? row.map((w) => w / s) : [...r];
  });
  // M = I − (1−α) Pᵀ, augmented with α r.
  const M = Array.from({ length: n }, (_, i) => [
    ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0) - (1 - alpha) * P[j]![i]!),
    alpha * r[i]!,
  ]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let i = c + 1; i < n; i++) if (Math.abs(M[i]![c]!) > Math.abs(M[pivot]![c]!)) pivot = i;
    [M[c], M[pivot]] = [M[pivot]!, M[c]!];
    for (let i = 0; i < n; i++) {
      if (i === c) continue;
      const f = M[i]![c]! / M[c]![c]!;
      for (let j = c; j <= n; j++) M[i]![j]! -= f * M[c]![j]!;
    }
  }
  return M.map((row, i) => row[n]! / row[i]!);
}

test('power iteration matches the closed form on random graphs', () => {
  const rng = makeRng(2024);
  for (let round = 0; round < 300; round++) {
    const g = randomGraph(rng);
    const alpha = rng.pick([0.15, 0.3, 0.5]);
    const op = buildPprOperator(g.n, g.from, g.to, g.weight, { forwardWeight: g.betaF, backwardWeight: g.betaB });
    const result = personalizedPageRank(op, g.restart, { alpha, epsilon: 1e-13, maxIterations: 1000 });
    assert.ok(result.converged);
    const expected = closedForm(g, alpha);
    for (let i = 0; i < g.n; i++) assert.ok(Math.abs(result.scores[i]! - expected[i]!) < 1e-9, `round ${round} node ${i}`);
    const sum = result.scores.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-12);
  }
});

test('alpha = 1 returns the normalised restart vector', () => {
  const rng = makeRng(5);
  const g = randomGraph(rng);
  const op = buildPprOperator(g.n, g.from, g.to, g.weight);
  const result = personalizedPageRank(op, new Map([[0, 3], [g.n - 1, 1]]), { alpha: 1 });
  const expected = new Array<number>(g.n).fill(0);
  expected[0]! += 0.75;
  expected[g.n - 1]! += 0.25;
  assert.deepEqual([...result.scores], expected);
});

test('default stopping rule: L1 change below 1e-6 or the iteration cap', () => {
  // A directed 3-cycle followed forwards only: mass circulates, damped by 0.85 per step.
  const op = buildPprOperator(3, [0, 1, 2], [1, 2, 0], undefined, { backwardWeight: 0 });
  const result = personalizedPageRank(op, new Map([[0, 1]]));
  assert.ok(result.converged && result.residual < 1e-6);
  assert.ok(result.iterations > 60 && result.iterations <= 100, `${result.iterations}`);
  const capped = personalizedPageRank(op, new Map([[0, 1]]), { maxIterations: 5 });
  assert.equal(capped.iterations, 5);
  assert.equal(capped.converged, false);
});

test('rejects invalid inputs', () => {
  const op = buildPprOperator(2, [0], [1]);
  assert.throws(() => personalizedPageRank(op, new Map()), RangeError);
  assert.throws(() => personalizedPageRank(op, new Map([[5, 1]])), RangeError);
  assert.throws(() => personalizedPageRank(op, [1, 0], { alpha: 0 }), RangeError);
  assert.throws(() => buildPprOperator(2, [0], [1], [-1]), RangeError);
});
