import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SpanTokenCounter } from '../../src/indexer/extract/span-tokens.js';
import { countTokens } from '../../src/util/tokens.js';
import { loadFixture } from './fixtures.js';

function lcg(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

test('span counts equal countTokens of the slice: random spans over text built from tokenizer-sensitive pieces', () => {
  // Contractions, whitespace runs before words and newlines, digits, punctuation runs, CJK and combining marks.
  const alphabet = ["'ll", "'s", "'re", ' ', '  ', '\n', '\r\n', '\t', 'word', 'Word', 'WORD', '123456', '.', '//', '::', '=>', '{', '}', '日本語', 'e\u0301', '\u{1F600}', 'x\u{1F680}y', '"', '\\', '<|endoftext|>'];
  const rand = lcg(7);
  for (let round = 0; round < 20; round++) {
    let text = '';
    while (text.length < 3000) text += alphabet[Math.floor(rand() * alphabet.length)];
    const counter = new SpanTokenCounter(text);
    assert.equal(counter.total, countTokens(text));
    for (let k = 0; k < 400; k++) {
      const start = Math.floor(rand() * text.length);
      // Half the spans short (a few pieces), half of any length.
      const length = k % 2 === 0 ? Math.floor(rand() * 40) : Math.floor(rand() * (text.length - start + 1));
      const end = Math.min(text.length, start + length);
      assert.equal(counter.count(start, end), countTokens(text.slice(start, end)), `round ${round} [${start}, ${end})`);
    }
  }
});

test('span counts equal countTokens for every line-aligned span of the fixture files', async () => {
  for (const lang of ['python', 'java']) {
    const repo = await loadFixture(lang);
    for (const source of repo.sources.values()) {
      const counter = new SpanTokenCounter(source);
      const starts = [0];
      for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
      for (const s of starts) for (const e of starts) if (e > s) assert.equal(counter.count(s, e - 1), countTokens(source.slice(s, e - 1)));
    }
  }
});
