/** Stored records made by a codectx whose extraction or resolution differed are redone, as a cold index would be. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { indexRepository } from '../../src/graph/indexing.js';
import { IndexStore } from '../../src/graph/store.js';
import { indexMatchesTree } from '../../src/graph/tree-state.js';
import { EXTRACT_VERSION, RESOLVE_VERSION } from '../../src/indexer/versions.js';
import { snapshotIndex } from '../helpers/graph-snapshot.js';
import { makeTree, removeTree } from '../helpers/tmp.js';

const REPO: Record<string, string> = {
  'shop/__init__.py': 'from shop.cart import Cart\n',
  'shop/cart.py': ['from shop.pricing import price_of', '', 'class Cart:', '    def total(self, items):', '        return sum(price_of(i) for i in items)', ''].join('\n'),
  'shop/pricing.py': ['def price_of(item):', '    return item.price', ''].join('\n'),
  'shop/gift.py': ['from shop.cart import Cart', '', 'class GiftCart(Cart):', '    def total(self, items):', '        return 0', ''].join('\n'),
  'shop/report.py': ['from shop.cart import Cart', '', 'def report():', '    return Cart().total([])', ''].join('\n'),
  'web/app.ts': ['import { render } from "./view";', 'export function main(): string {', '  return render("x");', '}', ''].join('\n'),
  'web/view.ts': ['export function render(s: string): string {', '  return s;', '}', ''].join('\n'),
};

/** Everything an index stores about the repository: the graph, and every file's records. */
function dump(indexDir: string): unknown {
  const store = IndexStore.open(indexDir);
  try {
    const rows = store.db
      .prepare(
        "SELECT path, language, hash, size, module_fqn, syntax_errors, extract, refs, edges_digest, coalesce(record, '') AS resolve_deps, entity_counts, edge_counts, external_count FROM files JOIN extracts USING (path) LEFT JOIN resolve_deps USING (path) ORDER BY path",
      )
      .all() as Record<string, unknown>[];
    const json = (text: unknown): unknown => JSON.parse(text as string);
    const files = rows.map((r) => ({
      ...r,
      extract: json(r.extract),
      refs: json(r.refs),
      entity_counts: json(r.entity_counts),
      edge_counts: json(r.edge_counts),
    }));
    return { graph: snapshotIndex(indexDir), files };
  } finally {
    store.close();
  }
}

/** Runs `tamper` on the index's database (as an older codectx would have left it). */
function tamper(indexDir: string, sql: string, meta: Record<string, string | null>): void {
  const store = IndexStore.open(indexDir);
  try {
    store.db.exec(sql);
    for (const [key, value] of Object.entries(meta)) {
      if (value === null) store.db.prepare('DELETE FROM meta WHERE key = ?').run(key);
      else store.setMeta(key, value);
    }
  } finally {
    store.close();
  }
}

async function withIndexes(body: (repo: string, incremental: string, cold: string) => Promise<void>): Promise<void> {
  const repo = makeTree(REPO);
  const incremental = mkdtempSync(join(tmpdir(), 'codectx-ver-'));
  const cold = mkdtempSync(join(tmpdir(), 'codectx-ver-'));
  try {
    await indexRepository({ repo, indexDir: cold, workers: 1 });
    await indexRepository({ repo, indexDir: incremental, workers: 1 });
    await body(repo, incremental, cold);
  } finally {
    removeTree(repo);
    rmSync(incremental, { recursive: true, force: true });
    rmSync(cold, { recursive: true, force: true });
  }
}

// What an older extractor could have stored: other terms, no references.
const OLD_EXTRACTION = `UPDATE entities SET terms = 'stale'; UPDATE extracts SET refs = '[]', extract = json_set(extract, '$.bases', json('[]'));`;
// What an older resolver could have stored: other edges (with their digest), no dependency records.
const OLD_RESOLUTION = `DELETE FROM edges; DELETE FROM externals; DELETE FROM resolve_deps; UPDATE files SET edges_digest = 'old';`;

test('the index records the versions of extraction and resolution, and a run with the same versions redoes nothing', async () => {
  await withIndexes(async (repo, incremental) => {
    const store = IndexStore.open(incremental);
    try {
      assert.equal(store.getMeta('extract_version'), String(EXTRACT_VERSION));
      assert.equal(store.getMeta('resolve_version'), String(RESOLVE_VERSION));
    } finally {
      store.close();
    }
    const again = await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.equal(again.parsed, 0);
    assert.equal(again.reresolved, 0);
  });
});

test('an index whose extraction version differs re-extracts and re-resolves every file and equals a cold index', async () => {
  await withIndexes(async (repo, incremental, cold) => {
    // Same stamp: the stale records are kept (what happened before the stamp existed).
    tamper(incremental, OLD_EXTRACTION, {});
    await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.notDeepEqual(dump(incremental), dump(cold));

    tamper(incremental, OLD_EXTRACTION, { extract_version: String(EXTRACT_VERSION - 1) });
    const summary = await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.equal(summary.parsed, Object.keys(REPO).length);
    assert.equal(summary.reresolved, Object.keys(REPO).length);
    assert.deepEqual(dump(incremental), dump(cold));
    const again = await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.equal(again.parsed, 0);
  });
});

test('an index made before the versions were recorded is redone as a whole', async () => {
  await withIndexes(async (repo, incremental, cold) => {
    tamper(incremental, `${OLD_EXTRACTION} ${OLD_RESOLUTION}`, { extract_version: null, resolve_version: null });
    const summary = await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.equal(summary.parsed, Object.keys(REPO).length);
    assert.deepEqual(dump(incremental), dump(cold));
  });
});

test('an index whose resolution version differs re-resolves every file, without re-extracting, and equals a cold index', async () => {
  await withIndexes(async (repo, incremental, cold) => {
    tamper(incremental, OLD_RESOLUTION, {});
    await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.notDeepEqual(dump(incremental), dump(cold));

    tamper(incremental, OLD_RESOLUTION, { resolve_version: String(RESOLVE_VERSION - 1) });
    const summary = await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.equal(summary.parsed, 0);
    assert.equal(summary.reresolved, Object.keys(REPO).length);
    assert.deepEqual(dump(incremental), dump(cold));
  });
});

test('a run that dies before its commit leaves the old stamps with the old records', async () => {
  await withIndexes(async (repo, incremental) => {
    tamper(incremental, OLD_EXTRACTION, { extract_version: String(EXTRACT_VERSION - 1) });
    const before = dump(incremental);
    const onProgress = (p: { phase: string }): void => {
      if (p.phase === 'write') throw new Error('killed');
    };
    await assert.rejects(indexRepository({ repo, indexDir: incremental, workers: 1, onProgress }), /killed/);
    assert.deepEqual(dump(incremental), before);
    const store = IndexStore.open(incremental);
    try {
      assert.equal(store.getMeta('extract_version'), String(EXTRACT_VERSION - 1));
    } finally {
      store.close();
    }
  });
});

test('an index built under other versions does not count as matching the tree', async () => {
  await withIndexes(async (repo, incremental) => {
    const matches = (): boolean => {
      const store = IndexStore.open(incremental);
      try {
        return indexMatchesTree(store, repo, incremental);
      } finally {
        store.close();
      }
    };
    assert.equal(matches(), true);
    tamper(incremental, 'SELECT 1', { resolve_version: String(RESOLVE_VERSION - 1) });
    assert.equal(matches(), false);
    await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.equal(matches(), true);
    tamper(incremental, 'SELECT 1', { extract_version: null });
    assert.equal(matches(), false);
  });
});

// The schema before the extraction records had a table of their own (user_version 5): the record, references
// included and entities left out, was a column of files, and files had no counts of their entities and edges.
const SCHEMA_5 = `ALTER TABLE files ADD COLUMN resolve_deps TEXT NOT NULL DEFAULT '';
  UPDATE files SET resolve_deps = coalesce((SELECT record FROM resolve_deps WHERE resolve_deps.path = files.path), '');
  DROP TABLE resolve_deps;
  ALTER TABLE files ADD COLUMN extract TEXT NOT NULL DEFAULT '';
  ALTER TABLE files DROP COLUMN entity_counts; ALTER TABLE files DROP COLUMN edge_counts; ALTER TABLE files DROP COLUMN external_count;
  UPDATE files SET extract = (
    SELECT json_set(json_remove(extract, '$.bases', '$.entities'), '$.refs', json(refs)) FROM extracts WHERE extracts.path = files.path);
  DROP TABLE extracts; PRAGMA user_version = 5;`;

test('an index of an older schema is migrated in place, keeping every record, and a run then redoes nothing', async () => {
  await withIndexes(async (repo, incremental, cold) => {
    tamper(incremental, SCHEMA_5, {});
    const migrated = dump(incremental) as { files: { path: string; extract: { bases: unknown[]; entities: unknown[] } }[] };
    const gift = migrated.files.find((f) => f.path === 'shop/gift.py');
    assert.equal(gift?.extract.bases.length, 1);
    assert.ok(migrated.files.every((f) => f.extract.entities.length > 0));
    assert.deepEqual(migrated, dump(cold));
    const summary = await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.equal(summary.parsed, 0);
    assert.equal(summary.reresolved, 0);
    assert.deepEqual(dump(incremental), dump(cold));
    const store = IndexStore.open(incremental);
    try {
      const columns = store.db.pragma('table_info(files)') as { name: string }[];
      assert.equal(columns.some((c) => c.name === 'extract'), false);
      assert.equal(columns.some((c) => c.name === 'resolve_deps'), false, 'dependency records moved to their own table');
    } finally {
      store.close();
    }
  });
});
