import { test } from 'node:test';
import assert from 'node:assert/strict';
import o200k from 'gpt-tokenizer/encoding/o200k_base';
import bpeRanks from 'gpt-tokenizer/esm/bpeRanks/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/esm/encodingParams/constants';
import { mergedPartsBothWays, pairRankOf, pieceTokenCount } from '../../src/util/o200k-bpe.js';

const reference = (text: string): number => o200k.countTokens(text, { disallowedSpecial: new Set() });
const core = (o200k as unknown as { bytePairEncodingCoreProcessor: { getBpeRankFromBytes(bytes: Uint8Array): number | undefined } })
  .bytePairEncodingCoreProcessor;

test("the vocabulary read from the data file finds, for every token's bytes, the rank the library's merge finds", () => {
  const utf8 = new TextEncoder();
  let unreachable = 0;
  bpeRanks.forEach((token, rank) => {
    const bytes = typeof token === 'string' ? utf8.encode(token) : new Uint8Array(token);
    const expected = core.getBpeRankFromBytes(bytes);
    assert.equal(pairRankOf(bytes), expected, `token ${rank} ${JSON.stringify(token)}`);
    if (expected !== rank) unreachable++;
  });
  // The tokens that start with a byte order mark: the library looks them up without it.
  assert.equal(unreachable, 9);
});

test('a piece with lone surrogates counts as the library counts it, though it is never a token to its string lookup', () => {
  let checked = 0;
  for (const token of bpeRanks) {
    if (typeof token !== 'string' || !token.includes('\ufffd')) continue;
    const piece = token.replaceAll('\ufffd', '\ud800');
    assertPiecesCount(piece);
    checked++;
  }
  assert.ok(checked > 10);
});

function lcg(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** Every piece of the split of `text`, counted on its own, against the library. */
function assertPiecesCount(text: string): void {
  for (const [piece] of text.matchAll(O200K_TOKEN_SPLIT_REGEX)) assert.equal(pieceTokenCount(piece), reference(piece), JSON.stringify(piece));
}

test('piece counts equal the library on random Unicode: any code point, lone surrogates, byte order marks, marks', () => {
  const rand = lcg(3);
  const ranges: [number, number][] = [
    [0x20, 0x7f], [0x80, 0x800], [0x300, 0x370], [0x3040, 0x30ff], [0x4e00, 0x4fff], [0xac00, 0xad00],
    [0xd800, 0xe000], [0xfe00, 0xff00], [0x1f300, 0x1f700], [0x10000, 0x110000],
  ];
  const specials = ['\ufeff', '\ufeff\ufeff', '\ufeffusing', '\ufeff#', '\ufeff//', '\ufeff\n', ' ', '\n', 'é', '日本'];
  for (let round = 0; round < 3000; round++) {
    let text = '';
    const length = 1 + Math.floor(rand() * 24);
    while (text.length < length) {
      if (rand() < 0.2) text += specials[Math.floor(rand() * specials.length)];
      else {
        const [lo, hi] = ranges[Math.floor(rand() * ranges.length)]!;
        text += String.fromCodePoint(lo + Math.floor(rand() * (hi - lo)));
      }
    }
    assertPiecesCount(text);
  }
});

test('piece counts equal the library on long whitespace, punctuation, digit and letter runs', () => {
  const rand = lcg(5);
  const units = [' ', '\t', '\n', '\r\n', '-', '=', '#', '*', '/', '.', '_', '"', '\\', '~', '0', '9', 'a', 'z', 'Q', 'ab', '\u00a0', '\u3000', '—'];
  for (let round = 0; round < 400; round++) {
    let text = '';
    const runs = 1 + Math.floor(rand() * 4);
    for (let r = 0; r < runs; r++) text += units[Math.floor(rand() * units.length)]!.repeat(1 + Math.floor(rand() * 300));
    assertPiecesCount(text);
  }
});

test('the heap merge of long pieces leaves the parts the scanning merge leaves', () => {
  const rand = lcg(11);
  const utf8 = new TextEncoder();
  const alphabet = ['a', 'b', 'e', 'in', 'the', 'x', '_', '0', '9', 'é', '日', '😀', '\ufeff', 'Z', 'q', ' '];
  for (let round = 0; round < 300; round++) {
    let text = '';
    const length = 1 + Math.floor(rand() * 400);
    while (text.length < length) text += alphabet[Math.floor(rand() * alphabet.length)];
    const [scan, heap] = mergedPartsBothWays(utf8.encode(text));
    assert.equal(heap, scan, JSON.stringify(text));
  }
  for (const text of ['x'.repeat(3000), 'ab'.repeat(2000), 'é'.repeat(1000), '\ufeff'.repeat(700)]) {
    const [scan, heap] = mergedPartsBothWays(utf8.encode(text));
    assert.equal(heap, scan, text.slice(0, 10));
  }
});

test('a 500 KB identifier counts in well under a second, as the library counts it', () => {
  const piece = 'x'.repeat(500_000);
  const start = performance.now();
  const count = pieceTokenCount(piece);
  assert.ok(performance.now() - start < 3000, `took ${performance.now() - start} ms`);
  assert.equal(count, reference('x'.repeat(20_000)) * 25);
});
