import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeEdges, describeExternals, FIXTURES, inputFor, readRepo, resolveInOrder, resolveRepo } from './helpers.js';

/** Golden edges, checked by hand against each fixture's source. */
for (const name of ['resolve-python', 'resolve-monorepo', 'resolve-typescript', 'resolve-go', 'resolve-java', 'resolve-rust']) {
  test(`${name}: resolved edges and externals match the hand-checked golden file`, async () => {
    const { input, results } = await resolveRepo(join(FIXTURES, name));
    const golden = JSON.parse(readFileSync(join(FIXTURES, 'resolve-golden', `${name}.json`), 'utf8')) as { edges: string[]; externals: string[] };
    assert.deepEqual(describeEdges(input, results), golden.edges);
    assert.deepEqual(describeExternals(input, results), golden.externals);
  });
}

/**
 * A cold index resolves every file in path order, an update only the files a change may affect: a file's resolution
 * must not depend on which files were resolved before it. Resolved as indexing does, with the other files'
 * references but the inheritance ones held back.
 */
for (const name of ['resolve-python', 'resolve-monorepo', 'resolve-typescript', 'resolve-go', 'resolve-java', 'resolve-rust', 'python', 'typescript', 'javascript', 'go', 'java', 'rust']) {
  test(`${name}: every file resolves the same in reverse path order`, async () => {
    const input = await inputFor(readRepo(join(FIXTURES, name)));
    const paths = [...input.extracts.keys()].sort();
    const forward = resolveInOrder(input, paths);
    const backward = resolveInOrder(input, [...paths].reverse());
    assert.deepEqual(paths.filter((path) => forward.get(path) !== backward.get(path)), []);
  });
}
