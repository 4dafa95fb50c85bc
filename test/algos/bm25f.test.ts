import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bm25fIndex, bm25Idf, buildBm25Index, toQueryTerms, type FieldSpec } from '../../src/retrieval/bm25f.js';
import { makeRng } from './rng.js';

const close = (actual: number, expected: number, tol = 1e-12): void =>
  assert.ok(Math.abs(actual - expected) <= tol * Math.max(1, Math.abs(expected)), `${actual} != ${expected}`);

test('idf test values from the design', () => {
  close(bm25Idf(10, 1), 1.99243, 1e-5);
  close(bm25Idf(10, 10), 0.04652, 1e-4);
  assert.ok(bm25Idf(10, 10) > 0);
});

test('plain BM25 matches hand-computed scores', () => {
  // lengths 2, 3, 1 -> avglen 2; "a" is in 2 of 3 documents.
  const index = buildBm25Index([['a', 'b'], ['a', 'a', 'c'], ['c']]);
  const idfA = Math.log(1 + 1.5 / 2.5);
  const results = index.search(['a']);
  assert.deepEqual(results.map((r) => r.doc), [1, 0]);
  // doc 1: tf 2, B = 0.25 + 0.75 * 3/2 = 1.375; doc 0: tf 1, B = 1.
  close(results[0]!.score, (idfA * 2) / (1.2 * 1.375 + 2));
  close(results[1]!.score, (idfA * 1) / (1.2 * 1 + 1));
  const both = index.search(['a', 'c']);
  const idfC = idfA;
  close(both.find((r) => r.doc === 2)!.score, (idfC * 1) / (1.2 * (0.25 + 0.75 * 0.5) + 1));
  assert.deepEqual(index.search(['zzz']), []);
});

test('BM25F merges fields before saturating (hand-computed)', () => {
  const fields: FieldSpec[] = [
    { name: 'name', weight: 3, b: 0.2 },
    { name: 'body', weight: 1, b: 0.75 },
  ];
  const index = new Bm25fIndex(fields, [
    [['parse'], ['parse', 'json', 'text', 'parse']],
    [['load', 'json'], ['read', 'file']],
  ]);
  // name avglen 1.5, body avglen 3; "parse" in 1 of 2 docs.
  const idf = Math.log(1 + 1.5 / 1.5);
  const bName = 0.8 + (0.2 * 1) / 1.5;
  const bBody = 0.25 + (0.75 * 4) / 3;
  const tf = (3 * 1) / bName + (1 * 2) / bBody;
  const [top] = index.search(['parse']);
  assert.equal(top!.doc, 0);
  close(top!.score, (idf * tf) / (1.2 + tf));
  // Not the sum of per-field saturated scores.
  const perField = (idf * (3 / bName)) / (1.2 + 3 / bName) + (idf * (2 / bBody)) / (1.2 + 2 / bBody);
  assert.ok(Math.abs(top!.score - perField) > 1e-3);
});

test('query term weights scale contributions; repeated tokens add up', () => {
  const index = buildBm25Index([['x', 'y'], ['y', 'z'], ['x']]);
  const one = index.search([{ term: 'x', weight: 1 }]);
  const two = index.search([{ term: 'x', weight: 2.5 }]);
  for (let i = 0; i < one.length; i++) close(two[i]!.score, 2.5 * one[i]!.score);
  assert.deepEqual(toQueryTerms(['x', 'y', 'x']), [{ term: 'x', weight: 2 }, { term: 'y', weight: 1 }]);
  assert.deepEqual(index.search(['x', 'x']), index.search([{ term: 'x', weight: 2 }]));
  assert.equal(index.search(['x', 'y', 'z'], { limit: 2 }).length, 2);
});

/** Direct transcription of the formula, scoring every document. */
function referenceScores(fields: FieldSpec[], docs: string[][][], query: string[], k1: number): number[] {
  const N = docs.length;
  const avg = fields.map((_, f) => docs.reduce((s, d) => s + d[f]!.length, 0) / N);
  return docs.map((doc) => {
    let score = 0;
    for (const term of new Set(query)) {
      const count = query.filter((q) => q === term).length;
      const n = docs.filter((d) => d.some((field) => field.includes(term))).length;
      if (n === 0) continue;
      let tf = 0;
      fields.forEach((spec, f) => {
        const raw = doc[f]!.filter((t) => t === term).length;
        tf += (spec.weight * raw) / (1 - spec.b + (spec.b * doc[f]!.length) / avg[f]!);
      });
      score += count * bm25Idf(N, n) * (tf / (k1 + tf));
    }
    return score;
  });
}

test('BM25F agrees with a direct transcription on random corpora', () => {
  const rng = makeRng(7);
  const vocab = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  for (let round = 0; round < 50; round++) {
    const fields: FieldSpec[] = [
      { name: 'name', weight: 1 + rng.int(0, 4), b: rng.next() * 0.5 },
      { name: 'path', weight: rng.next() * 2, b: rng.next() },
      { name: 'body', weight: 1, b: 0.75 },
    ];
    const docs = Array.from({ length: rng.int(1, 12) }, () =>
      fields.map((_, f) => Array.from({ length: rng.int(f === 2 ? 1 : 0, 6) }, () => rng.pick(vocab))),
    );
    const query = Array.from({ length: rng.int(1, 4) }, () => rng.pick(vocab));
    const k1 = 0.5 + rng.next();
    const expected = referenceScores(fields, docs, query, k1);
    const got = new Bm25fIndex(fields, docs, k1).search(query);
    const gotByDoc = new Map(got.map((r) => [r.doc, r.score]));
    expected.forEach((score, d) => close(gotByDoc.get(d) ?? 0, score, 1e-6));
    for (let i = 1; i < got.length; i++) assert.ok(got[i - 1]!.score >= got[i]!.score);
  }
});

test('empty fields, b = 1 and zero-weight fields stay finite', () => {
  const fields: FieldSpec[] = [
    { name: 'name', weight: 2, b: 1 },
    { name: 'hidden', weight: 0, b: 0.5 },
  ];
  const index = new Bm25fIndex(fields, [
    [[], ['x']],
    [['x', 'y'], []],
    [[], []],
  ]);
  const results = index.search(['x']);
  assert.deepEqual(results.map((r) => r.doc), [1]);
  assert.ok(Number.isFinite(results[0]!.score) && results[0]!.score > 0);
  assert.equal(index.docFrequency('x'), 2);
  assert.deepEqual(new Bm25fIndex(fields, []).search(['x']), []);
});

test('an index read back from its bytes gives the same scores, from any byte offset; other bytes are no index', () => {
  const rng = makeRng(11);
  const vocab = ['a', 'b', 'c', 'd', 'é', 'ß_x', 'f$'];
  const fields: FieldSpec[] = [
    { name: 'name', weight: 3, b: 0.2 },
    { name: 'body', weight: 1, b: 0.75 },
  ];
  const docs = Array.from({ length: 40 }, () => fields.map(() => Array.from({ length: rng.int(0, 8) }, () => rng.pick(vocab))));
  const index = new Bm25fIndex(fields, docs, 0.9);
  const bytes = index.toBytes();
  // At an odd offset inside a larger buffer, as a file read after a header would give it.
  const shifted = new Uint8Array(bytes.length + 3);
  shifted.set(bytes, 3);
  for (const copy of [Bm25fIndex.fromBytes(bytes), Bm25fIndex.fromBytes(shifted.subarray(3))]) {
    assert.ok(copy !== null);
    assert.deepEqual(copy.fields, fields);
    assert.equal(copy.k1, 0.9);
    for (const term of vocab) assert.equal(copy.docFrequency(term), index.docFrequency(term));
    for (let q = 0; q < 20; q++) {
      const query = Array.from({ length: rng.int(1, 4) }, () => rng.pick(vocab));
      assert.deepEqual(copy.search(query), index.search(query));
    }
  }
  assert.equal(Bm25fIndex.fromBytes(bytes.subarray(0, bytes.length - 1)), null);
  assert.equal(Bm25fIndex.fromBytes(new Uint8Array(64)), null);
  const empty = Bm25fIndex.fromBytes(new Bm25fIndex(fields, []).toBytes());
  assert.ok(empty !== null);
  assert.deepEqual(empty.search(['a']), []);
});
