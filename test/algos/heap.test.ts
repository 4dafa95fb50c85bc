import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MinHeap } from '../../src/util/heap.js';
import { makeRng } from './rng.js';

test('pops in key order across growth, with duplicates', () => {
  const rng = makeRng(8);
  const heap = new MinHeap(1);
  const keys: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const key = rng.int(0, 50) / 2;
    keys.push(key);
    heap.push(key, i);
    if (rng.next() < 0.3) {
      const min = Math.min(...keys);
      assert.equal(heap.peekKey(), min);
      const item = heap.pop();
      assert.equal(keys[item], min);
      keys[item] = Infinity;
    }
  }
  let last = -Infinity;
  while (heap.size > 0) {
    const key = heap.peekKey();
    assert.ok(key >= last);
    assert.equal(keys[heap.pop()], key);
    last = key;
  }
  assert.equal(heap.peekKey(), Infinity);
  assert.throws(() => heap.pop(), RangeError);
});
