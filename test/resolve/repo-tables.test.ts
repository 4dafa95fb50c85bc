/** Lookup tables updated file by file equal those built afresh over the new declarations, list order included. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFile } from '../../src/indexer/parse.js';
import { RepoTables } from '../../src/indexer/resolve/repo-tables.js';
import type { FileExtract } from '../../src/indexer/types.js';
import { loadFixture } from '../extract/fixtures.js';

const LANGUAGES = ['python', 'typescript', 'javascript', 'go', 'java', 'rust'];
const selfReceivers = (): ReadonlySet<string> => new Set(['self', 'this']);

function sorted(extracts: Map<string, FileExtract>): Map<string, FileExtract> {
  return new Map([...extracts].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

for (const fixture of [...LANGUAGES, ...LANGUAGES.filter((l) => l !== 'javascript').map((l) => `resolve-${l}`), 'resolve-monorepo']) {
  test(`${fixture}: tables updated for removed, edited and added files equal tables built over the new files`, async () => {
    const repo = await loadFixture(fixture);
    const before = sorted(repo.extracts);
    const after = new Map(before);
    const changed = new Set<string>();
    const paths = [...before.keys()];
    for (const [i, path] of paths.entries()) {
      const text = repo.sources.get(path)!;
      if (i % 3 === 0) after.delete(path);
      // Twice the text: the same names twice in one file.
      else if (i % 3 === 1) after.set(path, await extractFile(path, `${text}\n${text}`, repo.layout));
      else continue;
      changed.add(path);
    }
    // Copies under other paths, before and among the others: the same names from several files, in path order.
    for (const path of paths.slice(0, 4)) {
      const slash = path.lastIndexOf('/');
      for (const copy of [`0/${path}`, `${path.slice(0, slash + 1)}zz_${path.slice(slash + 1)}`]) {
        after.set(copy, await extractFile(copy, repo.sources.get(path)!, repo.layout));
        changed.add(copy);
      }
    }
    const next = sorted(after);
    const tables = RepoTables.build(before, selfReceivers);
    tables.update(before, next, changed, selfReceivers);
    assert.deepStrictEqual(tables, RepoTables.build(next, selfReceivers));
    // And back, then to nothing.
    tables.update(next, before, changed, selfReceivers);
    assert.deepStrictEqual(tables, RepoTables.build(before, selfReceivers));
    tables.update(before, new Map(), before.keys(), selfReceivers);
    assert.deepStrictEqual(tables, RepoTables.build(new Map(), selfReceivers));
  });
}
