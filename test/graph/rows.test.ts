/** A stored file's records: the declarations a run keeps for its next run are those the index loads back. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { declarationsOf, fileRecord } from '../../src/graph/rows.js';
import { isInheritance } from '../../src/indexer/types.js';
import { loadFixture } from '../extract/fixtures.js';

const LANGUAGES = ['python', 'typescript', 'javascript', 'go', 'java', 'rust'];

for (const fixture of [...LANGUAGES, ...LANGUAGES.filter((l) => l !== 'javascript').map((l) => `resolve-${l}`)]) {
  test(`${fixture}: the declarations a run keeps equal those loaded from the stored row`, async () => {
    const repo = await loadFixture(fixture);
    for (const [path, extract] of repo.extracts) {
      const refsJson = JSON.stringify(extract.refs);
      // As the main thread receives it from a worker (inheritance references only, all as JSON), and as extracted.
      for (const received of [structuredClone({ ...extract, refs: extract.refs.filter(isInheritance) }), extract]) {
        const { row, declarations } = fileRecord(received, refsJson, 'hash', 1, 'module', '');
        assert.deepEqual(declarations, declarationsOf(path, received.language, extract.syntaxErrors, row.extract), path);
        assert.equal(row.refs, refsJson);
      }
    }
  });
}
