import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeEdges, describeExternals, FIXTURES, resolveRepo } from './helpers.js';

/** Golden edges, checked by hand against each fixture's source. */
for (const name of ['resolve-python', 'resolve-monorepo', 'resolve-typescript', 'resolve-go', 'resolve-java', 'resolve-rust']) {
  test(`${name}: resolved edges and externals match the hand-checked golden file`, async () => {
    const { input, results } = await resolveRepo(join(FIXTURES, name));
    const golden = JSON.parse(readFileSync(join(FIXTURES, 'resolve-golden', `${name}.json`), 'utf8')) as { edges: string[]; externals: string[] };
    assert.deepEqual(describeEdges(input, results), golden.edges);
    assert.deepEqual(describeExternals(input, results), golden.externals);
  });
}
