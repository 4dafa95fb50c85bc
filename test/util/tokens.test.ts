import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import o200k from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/esm/encodingParams/constants';
import { asciiPieceEnd, NOT_ASCII } from '../../src/util/token-pieces.js';
import { countTokens } from '../../src/util/tokens.js';
import { truncateToTokens } from '../../src/util/truncate-tokens.js';
import { PROJECT_ROOT } from '../helpers/tmp.js';

const reference = (text: string): number => o200k.countTokens(text, { disallowedSpecial: new Set() });

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* sourceFiles(p);
    else if (/\.(ts|py|js|go|rs|java|scm)$/.test(name)) yield p;
  }
}

test('countTokens equals the library count on whole files and on every line-aligned slice of them', () => {
  let checked = 0;
  for (const file of sourceFiles(join(PROJECT_ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    assert.equal(countTokens(text), reference(text), file);
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i += 7) {
      const slice = lines.slice(i, i + 11).join('\n');
      assert.equal(countTokens(slice), reference(slice));
      checked++;
    }
  }
  assert.ok(checked > 100);
});

test('countTokens handles special-token text, whitespace runs and non-ASCII exactly', () => {
  for (const text of ['a <|endoftext|> b', '\n    \n\t  def f():\n        return 1   \n', 'naïve café 日本語 🎉', '    ', '']) {
    assert.equal(countTokens(text), reference(text), JSON.stringify(text));
  }
});

test('truncateToTokens returns the longest prefix within the budget', () => {
  const text = 'def filter(self, *args, **kwargs):\n    return self._filter_or_exclude(False, args, kwargs)\n';
  for (const budget of [0, 1, 5, 12, 1000]) {
    const cut = truncateToTokens(text, budget);
    assert.ok(text.startsWith(cut));
    assert.ok(countTokens(cut) <= budget);
    if (cut.length < text.length) assert.ok(countTokens(text.slice(0, cut.length + 1)) > budget || cut.length + 1 > text.length);
  }
});

test('the ASCII piece scanner finds the split regex piece at every position it decides, on any slice', () => {
  const sticky = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'uy');
  // ASCII classes at their edges, contractions, newline runs, and the non-ASCII characters the scanner must hand back:
  // letters and marks, non-ASCII digits and spaces, surrogates, the long s that case-folds to 's'.
  const alphabet = ["'", 's', 'S', 'll', 'LL', 're', 'vE', 'd', 'm', 't', ' ', '  ', '\n', '\r', '\r\n', '\t', '\v', '\f', 'word', 'Word', 'WORD',
    'a', 'Z', '1', '12', '123456', '.', '/', '//', '::', '=>', '{', '\\', '"', '_', '\x00', '\x1f', '\x7f', '日本語', 'e\u0301', 'é', 'É',
    '\u00a0', '\u2028', '\u3000', '\ufeff', '\u0660', '²', '\u{1F600}', 'ǅ', 'ʰ', '\ud800', '\udc00', 'ſ', '—', '<|endoftext|>'];
  let state = 11;
  const rand = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  let decided = 0;
  for (let round = 0; round < 2000; round++) {
    let text = '';
    const length = 1 + Math.floor(rand() * 60);
    while (text.length < length) text += alphabet[Math.floor(rand() * alphabet.length)];
    for (let p = 0; p < text.length; p++) {
      const limit = p + 1 + Math.floor(rand() * (text.length - p));
      const end = asciiPieceEnd(text, p, limit);
      if (end === NOT_ASCII) continue;
      sticky.lastIndex = 0;
      const match = sticky.exec(text.slice(p, limit));
      assert.equal(end - p, match?.[0].length, JSON.stringify(text.slice(p, limit)));
      decided++;
    }
    assert.equal(countTokens(text), reference(text), JSON.stringify(text));
  }
  assert.ok(decided > 10_000);
});
