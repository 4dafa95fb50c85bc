/**
 * Replaces one file's rows in a table by writing only what differs. An edit that shifts lines changes most of a
 * file's entity and edge rows, but only in columns no index covers (lines, counts, docs): such a row is updated in
 * place, which leaves the table's indexes alone, where deleting and inserting it would rewrite an entry in each
 * (random pages of four or five B-trees for an entity). Rows equal to a stored one are not written at all.
 */
import type Database from 'better-sqlite3';
import type { BatchInsert, SqlValue } from './batch-insert.js';

export class FileRows {
  private readonly select: Database.Statement;
  private readonly update: Database.Statement;
  private readonly remove: Database.Statement;
  /** Positions of the key columns, and of the others, in a row. */
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
    const stored = this.select.all(file) as [number, ...SqlValue[]][];
    /** Stored rows not matched yet, by their key columns' values. */
    const byKey = new Map<string, [number, ...SqlValue[]][]>();
    for (const row of stored) {
      const key = this.keyOf(row, 1);
      const list = byKey.get(key);
      if (list) list.push(row);
      else byKey.set(key, [row]);
    }
    /** New rows (offsets into `rows`) with no stored row of their key, or none equal. */
    const unmatched: [key: string, at: number][] = [];
    for (let at = 0; at < rows.length; at += width) {
      const key = this.keyOf(rows, at);
      const candidates = byKey.get(key);
      const equal = candidates?.findIndex((row) => this.rest.every((i) => row[i + 1] === rows[at + i])) ?? -1;
      if (equal >= 0) candidates!.splice(equal, 1);
      else unmatched.push([key, at]);
    }
    for (const [key, at] of unmatched) {
      const row = byKey.get(key)?.pop();
      if (row === undefined) {
        this.insert.add(rows.slice(at, at + width), this.rowsHoldFile ? undefined : file);
        continue;
      }
      this.update.run(...this.rest.map((i) => rows[at + i]), row[0]);
    }
    for (const left of byKey.values()) for (const row of left) this.remove.run(row[0]);
  }

  /** The key columns' values of the row starting at `at` (JSON: values are strings, numbers and nulls). */
  private keyOf(values: readonly SqlValue[], at: number): string {
    return JSON.stringify(this.keys.map((i) => values[at + i]));
  }
}
