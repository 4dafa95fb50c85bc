import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bucketSize, knapsack } from '../../src/retrieval/knapsack.js';
import { makeRng } from './rng.js';

/** Best value over subsets whose weight plus `perItemSlack` per item fits the capacity. */
function bruteForce(weights: number[], values: number[], capacity: number, perItemSlack = 0): number {
  let best = 0;
  for (let mask = 0; mask < 1 << weights.length; mask++) {
    let w = 0;
    let v = 0;
    for (let i = 0; i < weights.length; i++) {
      if (mask & (1 << i)) {
        w += weights[i]! + perItemSlack;
        v += values[i]!;
      }
    }
    if (w <= capacity && v > best) best = v;
  }
  return best;
}

function checkSelection(weights: number[], values: number[], capacity: number, result: ReturnType<typeof knapsack>): void {
  assert.equal(new Set(result.selected).size, result.selected.length);
  assert.equal(result.weight, result.selected.reduce((s, i) => s + weights[i]!, 0));
  assert.ok(Math.abs(result.value - result.selected.reduce((s, i) => s + values[i]!, 0)) < 1e-9);
  assert.ok(result.weight <= capacity);
}

for (const capacity of [500, 32000]) {
  test(`exact DP equals brute force (W = ${capacity})`, () => {
    const rng = makeRng(capacity);
    for (let round = 0; round < 150; round++) {
      const n = rng.int(0, 12);
      const weights = Array.from({ length: n }, () => rng.int(0, Math.floor(capacity * 0.6)));
      const values = Array.from({ length: n }, () => (rng.next() < 0.1 ? 0 : rng.next() * 10));
      const result = knapsack(weights, values, capacity);
      assert.equal(result.bucketed, false);
      assert.equal(result.bucketSize, 1);
      checkSelection(weights, values, capacity, result);
      assert.ok(Math.abs(result.value - bruteForce(weights, values, capacity)) < 1e-9, `round ${round}`);
    }
  });

  test(`bucketed DP is feasible and within the g·|S| bound (W = ${capacity})`, () => {
    const rng = makeRng(capacity + 1);
    for (let round = 0; round < 150; round++) {
      const n = rng.int(1, 12);
      const weights = Array.from({ length: n }, () => rng.int(1, Math.floor(capacity * 0.5)));
      const values = Array.from({ length: n }, () => rng.next() * 10);
      const maxCells = rng.int(n, 40 * n);
      const result = knapsack(weights, values, capacity, { maxCells });
      const candidates = weights.filter((w) => w <= capacity).length;
      assert.ok(candidates * (Math.floor(capacity / result.bucketSize) + 1) <= maxCells);
      assert.ok(result.bucketed && result.bucketSize > 1);
      assert.equal(result.capacityLossBound, result.bucketSize * candidates);
      checkSelection(weights, values, capacity, result);
      // The greedy fill leaves no unchosen item that still fits.
      for (let i = 0; i < n; i++) {
        if (!result.selected.includes(i)) assert.ok(result.weight + weights[i]! > capacity, `round ${round}: item ${i} fits`);
      }
      const guaranteed = bruteForce(weights, values, capacity, result.bucketSize);
      assert.ok(result.value >= guaranteed - 1e-9, `round ${round}`);
      assert.ok(result.value <= bruteForce(weights, values, capacity) + 1e-9);
    }
  });
}

test('bucket size is the smallest g within the cell limit', () => {
  for (const [n, W, cells] of [[10, 500, 100], [7, 32000, 1000], [3, 10, 1000], [5, 99, 500], [2000, 100000, 20_000_000]] as const) {
    const g = bucketSize(n, W, cells);
    assert.ok(n * (Math.floor(W / g) + 1) <= cells);
    if (g > 1) assert.ok(n * (Math.floor(W / (g - 1)) + 1) > cells);
  }
  assert.equal(bucketSize(10, 9, 100), 1);
});

test('zero-weight items, zero capacity and useless items', () => {
  const result = knapsack([0, 0, 5, 3], [1, 0, 4, -2], 0);
  assert.deepEqual(result.selected, [0]);
  assert.deepEqual(knapsack([], [], 10).selected, []);
  assert.throws(() => knapsack([1.5], [1], 10), RangeError);
});
