/** Replacing a file's rows by what differs: the table ends as if deleted and inserted, with less written. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { BatchInsert, type SqlValue } from '../../src/graph/batch-insert.js';
import { FileRows } from '../../src/graph/file-rows.js';

const COLUMNS = ['source', 'target', 'kind', 'line'] as const;

function table(): { db: Database.Database; insert: BatchInsert; rows: FileRows } {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (source TEXT NOT NULL, target TEXT NOT NULL, kind TEXT NOT NULL, line INTEGER, file TEXT NOT NULL)');
  db.exec('CREATE INDEX t_source ON t(source); CREATE INDEX t_target ON t(target); CREATE INDEX t_file ON t(file)');
  const insert = new BatchInsert(db, 't', [...COLUMNS, 'file']);
  return { db, insert, rows: new FileRows(db, 't', COLUMNS, 'file', ['source', 'target'], insert) };
}

const stored = (db: Database.Database, file: string): [number, ...SqlValue[]][] =>
  db.prepare('SELECT rowid, source, target, kind, line FROM t WHERE file = ? ORDER BY rowid').raw().all(file) as [number, ...SqlValue[]][];

test('a file\'s rows become exactly the new ones: equal rows untouched, others updated in place, inserted or deleted', () => {
  const { db, insert, rows } = table();
  insert.add(['a', 'b', 'calls', 1, 'a', 'b', 'calls', 9, 'a', 'c', 'calls', 2, 'x', 'y', 'refs', 3, 'gone', 'z', 'calls', 4], 'f.py');
  insert.add(['a', 'b', 'calls', 1], 'other.py');
  insert.flush();
  const before = new Map(stored(db, 'f.py').map((r) => [JSON.stringify(r.slice(1)), r[0]]));

  // a->b twice (one unchanged, one moved), a->c moved and renamed kind, x->y unchanged, gone->z removed, new->w added.
  rows.replace('f.py', ['a', 'b', 'calls', 1, 'a', 'b', 'calls', 7, 'a', 'c', 'refs', 5, 'x', 'y', 'refs', 3, 'new', 'w', 'calls', null]);
  insert.flush();

  const after = stored(db, 'f.py');
  assert.deepEqual(
    after.map((r) => JSON.stringify(r.slice(1))).sort(),
    [['a', 'b', 'calls', 1], ['a', 'b', 'calls', 7], ['a', 'c', 'refs', 5], ['x', 'y', 'refs', 3], ['new', 'w', 'calls', null]].map((r) => JSON.stringify(r)).sort(),
  );
  const rowid = (values: SqlValue[]): number | undefined => after.find((r) => JSON.stringify(r.slice(1)) === JSON.stringify(values))?.[0];
  // Unchanged rows keep their row; changed ones of the same source and target are the stored rows, updated.
  assert.equal(rowid(['a', 'b', 'calls', 1]), before.get(JSON.stringify(['a', 'b', 'calls', 1])));
  assert.equal(rowid(['x', 'y', 'refs', 3]), before.get(JSON.stringify(['x', 'y', 'refs', 3])));
  assert.equal(rowid(['a', 'b', 'calls', 7]), before.get(JSON.stringify(['a', 'b', 'calls', 9])));
  assert.equal(rowid(['a', 'c', 'refs', 5]), before.get(JSON.stringify(['a', 'c', 'calls', 2])));
  assert.ok(rowid(['new', 'w', 'calls', null])! > Math.max(...before.values()));
  // Another file's rows are not touched.
  assert.deepEqual(db.prepare("SELECT source, target, kind, line FROM t WHERE file = 'other.py'").raw().all(), [['a', 'b', 'calls', 1]]);

  rows.replace('f.py', []);
  assert.deepEqual(stored(db, 'f.py'), []);
  db.close();
});

test('a null and an empty string are different values: a row that changes one into the other is written', () => {
  const { db, insert, rows } = table();
  insert.add(['a', 'b', 'calls', null, 'a', 'c', 'calls', ''], 'f.py');
  insert.flush();
  rows.replace('f.py', ['a', 'b', 'calls', '', 'a', 'c', 'calls', null]);
  insert.flush();
  assert.deepEqual(db.prepare("SELECT target, typeof(line) FROM t WHERE file = 'f.py' ORDER BY target").raw().all(), [
    ['b', 'text'],
    ['c', 'null'],
  ]);
  db.close();
});
