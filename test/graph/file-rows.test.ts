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

test('random replacements end with exactly the new rows, keeping every equal row and updating in place every other row of a stored key', () => {
  let seed = 7;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  // Few sources and targets, so keys repeat: groups of one key range from one row to dozens (searched, or indexed).
  const row = (): SqlValue[] => [`s${random(3)}`, `t${random(random(2) === 0 ? 2 : 6)}`, random(2) === 0 ? 'calls' : 'refs', random(4) === 0 ? null : random(5)];
  const multiset = (values: SqlValue[][]): string[] => values.map((v) => JSON.stringify(v)).sort();
  for (let round = 0; round < 40; round++) {
    const { db, insert, rows } = table();
    const before = Array.from({ length: random(60) }, row);
    insert.add(before.flat(), 'f.py');
    insert.flush();
    const storedBefore = stored(db, 'f.py');
    const after = Array.from({ length: random(60) }, row);
    rows.replace('f.py', after.flat());
    insert.flush();
    const now = stored(db, 'f.py');
    assert.deepEqual(multiset(now.map((r) => r.slice(1))), multiset(after), `round ${round}`);

    // Equal rows stay: as many stored rows keep their row and values as the two lists share.
    const count = (list: string[]): Map<string, number> => list.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
    const shared = (a: string[], b: string[]): number => {
      const inB = count(b);
      return [...count(a)].reduce((n, [k, c]) => n + Math.min(c, inB.get(k) ?? 0), 0);
    };
    const valuesOf = new Map(storedBefore.map((r) => [r[0], JSON.stringify(r.slice(1))]));
    const kept = now.filter((r) => valuesOf.get(r[0]) === JSON.stringify(r.slice(1)));
    assert.equal(kept.length, shared(multiset(before), multiset(after)), `round ${round}: equal rows kept`);
    // Every other new row of a key some stored row had is that stored row, updated; only the rest are inserted.
    const keyOf = (r: SqlValue[]): string => JSON.stringify(r.slice(0, 2));
    const reused = now.filter((r) => valuesOf.has(r[0])).length;
    assert.equal(reused, shared(before.map(keyOf).sort(), after.map(keyOf).sort()), `round ${round}: rows updated in place`);
    db.close();
  }
});
