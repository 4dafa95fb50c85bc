/**
 * Inserts rows into one table many at a time: rows are buffered and written by one multi-row INSERT
 * (`VALUES (...), (...), ...`), which costs far fewer calls into SQLite than one statement per row.
 * The statements are INSERT OR FAIL: a violation ends the statement but keeps its earlier rows, so SQLite need not
 * journal every page a statement touches to undo it (as a multi-row INSERT OR ABORT must); any failure fails the
 * whole run, and the run's transaction is rolled back.
 */
import type Database from 'better-sqlite3';

/** A value SQLite stores in one of the index's columns. */
export type SqlValue = string | number | null;

/** Rows per statement: large enough that the per-call cost vanishes, small enough to stay under SQLite's parameter limit. */
const ROWS_PER_STATEMENT = 64;

export class BatchInsert {
  private readonly width: number;
  /** The buffered rows' values, row after row; its first `filled` rows are pending. */
  private readonly values: SqlValue[];
  private filled = 0;
  /** Prepared statements by row count: the full one, and those the flushes of partial batches needed. */
  private readonly statements = new Map<number, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {
    this.width = columns.length;
    this.values = new Array<SqlValue>(this.width * ROWS_PER_STATEMENT);
  }

  /**
   * Adds the rows held in `rows`, each one `columns.length - 1` values long when `last` is given (the value of
   * the last column, the same for every row), `columns.length` otherwise.
   */
  add(rows: readonly SqlValue[], last?: SqlValue): void {
    const given = last === undefined ? this.width : this.width - 1;
    for (let i = 0; i < rows.length; i += given) {
      let k = this.filled * this.width;
      for (let j = 0; j < given; j++) this.values[k++] = rows[i + j] as SqlValue;
      if (last !== undefined) this.values[k] = last;
      if (++this.filled === ROWS_PER_STATEMENT) {
        this.statement(ROWS_PER_STATEMENT).run(this.values);
        this.filled = 0;
      }
    }
  }

  /** Writes the pending rows: before anything reads or deletes them, and before commit. */
  flush(): void {
    if (this.filled === 0) return;
    this.statement(this.filled).run(this.values.slice(0, this.filled * this.width));
    this.filled = 0;
  }

  private statement(rows: number): Database.Statement {
    let statement = this.statements.get(rows);
    if (statement === undefined) {
      const row = `(${this.columns.map(() => '?').join(', ')})`;
      statement = this.db.prepare(`INSERT OR FAIL INTO ${this.table}(${this.columns.join(', ')}) VALUES ${new Array(rows).fill(row).join(', ')}`);
      this.statements.set(rows, statement);
    }
    return statement;
  }
}
