import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compare } from '../../src/architecture/compare.js';
import { maxWeightAssignment } from '../../src/architecture/hungarian.js';
import { a2a, mojoDistance, mojoFM } from '../../src/architecture/mojo.js';
import type { Architecture } from '../../src/architecture/types.js';
import { random } from './fixtures.js';

const ids = (...xs: number[]) => xs.map(String);

describe('MoJoFM', () => {
  it('matches ARCADE: A = {1,2},{3..6} against B = {1..3},{4..6} is 75', () => {
    const a = [ids(1, 2), ids(3, 4, 5, 6)];
    const b = [ids(1, 2, 3), ids(4, 5, 6)];
    assert.equal(mojoDistance(a, b), 1);
    assert.equal(mojoFM(a, b), 75);
  });

  it('is 100 for identical partitions and counts moves and joins otherwise', () => {
    const b = [ids(1, 2, 3), ids(4, 5, 6)];
    assert.equal(mojoFM(b, b), 100);
    // One cluster: 3 moves to split off the second group; max mno for B is 6 − 2 = 4.
    assert.equal(mojoDistance([ids(1, 2, 3, 4, 5, 6)], b), 3);
    assert.equal(mojoFM([ids(1, 2, 3, 4, 5, 6)], b), 25);
    // Singletons: 4 joins (6 clusters into 2 groups).
    assert.equal(mojoDistance([ids(1), ids(2), ids(3), ids(4), ids(5), ids(6)], b), 4);
    assert.equal(mojoFM([ids(1), ids(2), ids(3), ids(4), ids(5), ids(6)], b), 0);
  });

  it('ignores objects missing from either side', () => {
    assert.equal(mojoFM([ids(1, 2, 9), ids(3, 4, 5, 6)], [ids(1, 2, 3), ids(4, 5, 6, 8)]), 75);
  });
});

describe('a2a', () => {
  it('is 100 for identical architectures', () => {
    assert.equal(a2a([ids(1, 2), ids(3)], [ids(1, 2), ids(3)]), 100);
  });

  it('counts one move for the ARCADE example', () => {
    // aco = 2 + 12 on each side; mto = 1 (object 3 moves).
    assert.equal(a2a([ids(1, 2), ids(3, 4, 5, 6)], [ids(1, 2, 3), ids(4, 5, 6)]), (1 - 1 / 28) * 100);
  });

  it('counts added and removed objects and clusters', () => {
    // Removed 3, added 4 and a cluster: mto = 1 + 2·1 + 2·1 + 0; aco = (2 + 2·3) + (3 + 2·3).
    assert.equal(a2a([ids(1), ids(2, 3)], [ids(1), ids(2), ids(4)]), (1 - 5 / 17) * 100);
  });
});

function bruteForceBest(w: number[][]): number {
  const rows = w.length;
  const cols = w[0].length;
  let best = 0;
  const used = new Array<boolean>(cols).fill(false);
  const go = (i: number, total: number) => {
    if (i === rows) {
      best = Math.max(best, total);
      return;
    }
    if (rows > cols) go(i + 1, total); // a row may stay unassigned when rows outnumber columns
    for (let j = 0; j < cols; j++) {
      if (used[j]) continue;
      used[j] = true;
      go(i + 1, total + w[i][j]);
      used[j] = false;
    }
  };
  go(0, 0);
  return best;
}

describe('Hungarian assignment', () => {
  it('matches brute force on random rectangular matrices', () => {
    const rnd = random(42);
    for (let trial = 0; trial < 200; trial++) {
      const rows = 1 + Math.floor(rnd() * 5);
      const cols = 1 + Math.floor(rnd() * 5);
      const w = Array.from({ length: rows }, () => Array.from({ length: cols }, () => Math.floor(rnd() * 10)));
      const assignment = maxWeightAssignment(w);
      const cols_ = assignment.filter((j) => j >= 0);
      assert.equal(new Set(cols_).size, cols_.length, 'a column is used twice');
      assert.equal(cols_.length, Math.min(rows, cols));
      const total = assignment.reduce((s, j, i) => s + (j >= 0 ? w[i][j] : 0), 0);
      assert.equal(total, bruteForceBest(w), JSON.stringify(w));
    }
  });
});

function arch(components: [string, string[]][]): Architecture {
  return {
    algorithm: 'pkg',
    params: {},
    components: components.map(([name, entities]) => ({ name, responsibility: name, entities, files: [], depends_on: [] })),
  };
}

describe('compare', () => {
  it('reports MoJoFM, a2a and the maximum-overlap matching', () => {
    const a = arch([
      ['x', ids(1, 2)],
      ['y', ids(3, 4, 5, 6)],
      ['z', ids(7)],
    ]);
    const b = arch([
      ['p', ids(1, 2, 3)],
      ['q', ids(4, 5, 6, 7)],
    ]);
    const result = compare(a, b);
    assert.equal(result.mojoFM, mojoFM([ids(1, 2), ids(3, 4, 5, 6), ids(7)], [ids(1, 2, 3), ids(4, 5, 6, 7)]));
    // Greedy would pair y with q (3) and x with p (2): 5. Same as optimal here; z stays unmatched.
    assert.deepEqual(result.matches, [
      { a: 'y', b: 'q', overlap: 3, jaccard: 3 / 5 },
      { a: 'x', b: 'p', overlap: 2, jaccard: 2 / 3 },
    ]);
    assert.deepEqual(result.unmatchedA, ['z']);
    assert.deepEqual(result.unmatchedB, []);
  });
});
