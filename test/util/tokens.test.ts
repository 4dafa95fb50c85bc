import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import o200k from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens, truncateToTokens } from '../../src/util/tokens.js';
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
