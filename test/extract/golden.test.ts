import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { goldenDir, goldenView, loadFixture, type GoldenEntity } from './fixtures.js';

for (const lang of ['python', 'typescript', 'javascript', 'go', 'java', 'rust']) {
  test(`${lang} fixture entities match the hand-checked golden file`, async () => {
    const golden = JSON.parse(readFileSync(join(goldenDir, `${lang}.entities.json`), 'utf8')) as Record<string, GoldenEntity[]>;
    const repo = await loadFixture(lang);
    assert.deepEqual([...repo.extracts.keys()].sort(), Object.keys(golden).sort());
    for (const [file, extract] of repo.extracts) {
      assert.deepEqual(goldenView(extract), golden[file], file);
    }
  });
}
