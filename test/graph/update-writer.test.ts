/** The run writer's batched inserts: every row lands exactly once, whatever the batch boundaries and deletes. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { BatchInsert } from '../../src/graph/batch-insert.js';
import { IndexStore } from '../../src/graph/store.js';
import type { Entity } from '../../src/graph/types.js';
import type { FileDeps } from '../../src/indexer/resolve/index.js';
import type { FileExtract } from '../../src/indexer/types.js';

const NO_DEPS: FileDeps = { reads: {}, queries: [] };

test('a batched insert writes every row once, in order, across full and partial batches', () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (a TEXT NOT NULL, b INTEGER NOT NULL, file TEXT NOT NULL)');
  const insert = new BatchInsert(db, 't', ['a', 'b', 'file']);
  const rows = Array.from({ length: 150 }, (_, i) => [`r${i}`, i]).flat();
  insert.add(rows.slice(0, 2 * 100), 'x.py');
  insert.add(rows.slice(2 * 100), 'y.py');
  insert.flush();
  insert.flush();
  const stored = db.prepare('SELECT a, b, file FROM t ORDER BY rowid').all() as { a: string; b: number; file: string }[];
  assert.equal(stored.length, 150);
  assert.deepEqual(stored[0], { a: 'r0', b: 0, file: 'x.py' });
  assert.deepEqual(stored[99], { a: 'r99', b: 99, file: 'x.py' });
  assert.deepEqual(stored[149], { a: 'r149', b: 149, file: 'y.py' });
  assert.deepEqual(stored.map((r) => r.b), Array.from({ length: 150 }, (_, i) => i));
  db.close();
});

function entity(filePath: string, name: string): Entity {
  return {
    id: `${filePath}:${name}`, fqn: name, name, kind: 'function', language: 'python', filePath, package: '', startLine: 1, endLine: 2,
    signature: `def ${name}()`, docstring: '', exported: true, tokens: 3, parentId: null, terms: name,
  };
}

function extract(filePath: string, names: string[]): FileExtract {
  return { filePath, language: 'python', entities: names.map((n) => entity(filePath, n)), imports: [], refs: [], bindings: [], exports: [], syntaxErrors: 0 };
}

test('rows still buffered for a file are replaced, not duplicated, when the file is written again or removed in the same run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'codectx-writer-'));
  try {
    const store = IndexStore.open(dir);
    const first = store.beginUpdate();
    first.upsertFile(extract('a.py', ['f']), '[]', 'h1', 1, 'a');
    first.commit(new Map(), {});
    // Not a fresh index any more: deletes run, and the batches are pending when they do.
    const run = store.beginUpdate();
    run.upsertFile(extract('b.py', ['g', 'h']), '[]', 'h2', 1, 'b');
    run.writeResolution('b.py', { edges: [{ source: 'b.py:g', target: 'b.py:h', kind: 'calls', confidence: 'exact', count: 1, line: 1 }], externals: [] }, NO_DEPS);
    run.upsertFile(extract('b.py', ['g']), '[]', 'h3', 1, 'b');
    run.writeResolution('b.py', { edges: [], externals: [{ source: 'b.py:g', kind: 'calls', module: 'os', symbol: 'path', count: 1, line: 1 }] }, NO_DEPS);
    run.upsertFile(extract('c.py', ['k']), '[]', 'h4', 1, 'c');
    run.removeFile('c.py');
    run.filesDone();
    run.commit(new Map(), {});
    assert.deepEqual(store.entities().map((e) => e.id), ['a.py:f', 'b.py:g']);
    assert.deepEqual(store.edges(), []);
    assert.deepEqual(store.externals().map((x) => x.symbol), ['path']);
    assert.deepEqual(store.files().map((f) => [f.path, f.hash]), [['a.py', 'h1'], ['b.py', 'h3']]);
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a fresh fill leaves every index of the schema in place: committed with or without the end of its files, or rolled back', () => {
  for (const end of ['filesDone', 'commit', 'rollback'] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'codectx-writer-'));
    try {
      const store = IndexStore.open(dir);
      const indexes = (): string[] =>
        store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").pluck().all() as string[];
      const schema = indexes();
      assert.ok(['entities_fqn', 'edges_target', 'externals_source'].every((name) => schema.includes(name)), schema.join(' '));
      const run = store.beginUpdate();
      assert.ok(indexes().length < schema.length, 'a fresh fill builds some indexes once its rows are in');
      run.upsertFile(extract('a.py', ['f', 'g']), '[]', 'h1', 1, 'a');
      if (end === 'filesDone') run.filesDone();
      run.writeResolution('a.py', { edges: [{ source: 'a.py:f', target: 'a.py:g', kind: 'calls', confidence: 'exact', count: 1, line: 1 }], externals: [] }, NO_DEPS);
      if (end === 'rollback') run.rollback();
      else run.commit(new Map(), {});
      assert.deepEqual(indexes(), schema, end);
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});
