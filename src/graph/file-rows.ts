/**
 * Replaces one file's rows in a table by writing only what differs. An edit that shifts lines changes most of a
 * file's entity and edge rows, but only in columns no index covers (lines, counts, docs): such a row is updated in
 * place, which leaves the table's indexes alone, where deleting and inserting it would rewrite an entry in each
 * (random pages of four or five B-trees for an entity). Rows equal to a stored one are not written at all.
 */
import type Database from 'better-sqlite3';
import type { BatchInsert, SqlValue } from './batch-insert.js';

/** A stored row: its rowid, then its values in `columns` order. */
type StoredRow = [number, ...SqlValue[]];

/** Groups of stored rows with one key up to this size are searched for an equal row value by value (see equalIn). */
const SCAN_LIMIT = 8;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export class FileRows {
  private readonly select: Database.Statement;
  private readonly update: Database.Statement;
  private readonly remove: Database.Statement;
  /** Positions of all columns, of the key columns, and of the others but the file's, in a row. */
  private readonly all: number[];
  private readonly keys: number[];
  private readonly rest: number[];
  /** Whether a row holds the file's column itself (else `insert` is given it apart). */
  private readonly rowsHoldFile: boolean;

  /**
   * `columns`: those of the rows `replace` takes, in their order (with or without `fileColumn`, as `insert` takes
   * them); `keyColumns` those an index covers: a stored row is updated in place only into a row with the same
   * values there.
   */
  constructor(
    db: Database.Database,
    table: string,
    private readonly columns: readonly string[],
    fileColumn: string,
    keyColumns: readonly string[],
    private readonly insert: BatchInsert,
  ) {
    this.rowsHoldFile = columns.includes(fileColumn);
    this.all = columns.map((_, i) => i);
    this.keys = columns.flatMap((c, i) => (keyColumns.includes(c) ? [i] : []));
    this.rest = columns.flatMap((c, i) => (keyColumns.includes(c) || c === fileColumn ? [] : [i]));
    this.select = db.prepare(`SELECT rowid, ${columns.join(', ')} FROM ${table} WHERE ${fileColumn} = ?`).raw();
    this.update = db.prepare(`UPDATE ${table} SET ${this.rest.map((i) => `${columns[i]!} = ?`).join(', ')} WHERE rowid = ?`);
    this.remove = db.prepare(`DELETE FROM ${table} WHERE rowid = ?`);
  }

  /**
   * Makes the file's rows those in `rows` (values row after row, in `columns` order). The table must hold every
   * stored row of the file (none still buffered in `insert`).
   */
  replace(file: string, rows: readonly SqlValue[]): void {
    const width = this.columns.length;
    const stored = this.select.all(file) as StoredRow[];
    // Stored rows by their key columns' values, looked up in constant time: an entity's row is usually alone in its
    // group, an edge's among few; one entity can have thousands of external references, all of one key.
    const byKey = new Map<string, StoredRow[]>();
    for (const row of stored) push(byKey, rowKey(row, 1, this.keys), row);
    const byValues = new Map<StoredRow[], Map<string, StoredRow[]>>();
    const used = new Set<StoredRow>();
    /** New rows equal to no stored row: their offsets into `rows`, and the stored rows of their key. */
    const unmatched: { at: number; group: StoredRow[] | undefined }[] = [];
    for (let at = 0; at < rows.length; at += width) {
      const group = byKey.get(rowKey(rows, at, this.keys));
      const same = group === undefined ? undefined : this.equalIn(group, rows, at, used, byValues);
      if (same === undefined) unmatched.push({ at, group });
      else used.add(same);
    }
    for (const { at, group } of unmatched) {
      let row = group?.pop();
      while (row !== undefined && used.has(row)) row = group!.pop();
      if (row === undefined) {
        this.insert.add(rows.slice(at, at + width), this.rowsHoldFile ? undefined : file);
        continue;
      }
      used.add(row);
      this.update.run(...this.rest.map((i) => rows[at + i]), row[0]);
    }
    for (const row of stored) if (!used.has(row)) this.remove.run(row[0]);
  }

  /**
   * The last row of `group` (stored rows of one key) not yet used and equal to the new row at `at`. A small group is
   * searched value by value; a large one is indexed by all its values, once, on first use (`byValues`), the rows
   * of a value taken last first as well. Either way no string of a row's values is built for an entity, whose
   * docstring and terms make it long.
   */
  private equalIn(
    group: StoredRow[],
    rows: readonly SqlValue[],
    at: number,
    used: ReadonlySet<StoredRow>,
    byValues: Map<StoredRow[], Map<string, StoredRow[]>>,
  ): StoredRow | undefined {
    if (group.length <= SCAN_LIMIT) {
      const width = this.columns.length;
      for (let i = group.length - 1; i >= 0; i--) {
        const row = group[i]!;
        if (!used.has(row) && sameValues(row, rows, at, width)) return row;
      }
      return undefined;
    }
    let index = byValues.get(group);
    if (index === undefined) {
      index = new Map();
      for (const row of group) push(index, rowKey(row, 1, this.all), row);
      byValues.set(group, index);
    }
    return index.get(rowKey(rows, at, this.all))?.pop();
  }
}

/** Whether the stored row holds the `width` values of the row at `at`: the same values `rowKey` tells apart. */
function sameValues(row: StoredRow, rows: readonly SqlValue[], at: number, width: number): boolean {
  for (let c = 0; c < width; c++) if (row[1 + c] !== rows[at + c]) return false;
  return true;
}

/**
 * The values at `columns` of the row starting at `at`, as one string that equal values and only they share:
 * each typed (null apart from any string, a number from its digits as a string), strings length-prefixed.
 */
function rowKey(values: readonly SqlValue[], at: number, columns: readonly number[]): string {
  let key = '';
  for (const i of columns) {
    const v = values[at + i];
    key += v === null ? 'n' : typeof v === 'string' ? `s${v.length}:${v}` : `d${String(v)};`;
  }
  return key;
}
