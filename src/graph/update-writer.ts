/**
 * The writes of one index run, inside one SQLite transaction (BEGIN IMMEDIATE ... COMMIT). Files are written
 * as their extraction arrives, so writing overlaps parsing; a run that dies before commit leaves the index
 * exactly as it was (WAL rollback), and readers never see a half-written run.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { FileDeps } from '../indexer/resolve/index.js';
import type { FileExtract } from '../indexer/types.js';
import { BatchInsert, type SqlValue } from './batch-insert.js';
import { FileRows } from './file-rows.js';
import {
  countsOfEdges,
  countsOfEntities,
  EDGE_COLUMNS,
  ENTITY_COLUMNS,
  entityValues,
  EXTERNAL_COLUMNS,
  externalCount,
  fileRecord,
  resolutionRows,
  type FileRow,
  type ResolutionRows,
} from './rows.js';
import type { FileEdges, IndexStore } from './store.js';

/** The page cache of a run's connection, in KiB. */
const RUN_CACHE_KIB = 64 * 1024;

/** The writes of one index run, wherever they happen (this thread or a writer thread). */
export interface RunWriter {
  removeFile(path: string): void;
  /**
   * Stores the file's record; returns its declarations as a later run loads them from the index (declarationsOf).
   * `refsJson`: every reference of the file as JSON; `extract.refs` may hold only the inheritance ones.
   */
  upsertFile(extract: FileExtract, refsJson: string, hash: string, size: number, moduleFqn: string, stamp: string): FileExtract;
  setStamp(path: string, stamp: string): void;
  writeResolution(path: string, res: FileEdges, deps: FileDeps): void;
  setMeta(key: string, value: string): void;
  /** No more files will be upserted or removed in this run (resolutions may follow). */
  filesDone(): void;
  commit(skips: ReadonlyMap<string, string>, summary: unknown): void | Promise<void>;
  rollback(): void | Promise<void>;
}

export class UpdateWriter implements RunWriter {
  private readonly db: Database.Database;
  private readonly oldDigests: Map<string, string>;
  private changed = false;
  private open = true;
  private readonly stmt;
  private readonly entities: BatchInsert;
  private readonly edges: BatchInsert;
  private readonly externals: BatchInsert;
  /** Replace a stored file's rows of each table by writing only what differs (not used to fill a fresh index). */
  private readonly entityRows: FileRows;
  private readonly edgeRows: FileRows;
  private readonly externalRows: FileRows;
  /** Files some of whose rows are buffered in the batches above, not yet written. */
  private readonly pendingPaths = new Set<string>();
  /** The index was empty when the run began, and nothing was written or removed since except by this run's appends. */
  private readonly fresh: boolean;
  /** The entities' CREATE INDEX statements, dropped for a fresh fill and run again once its files are written. */
  private deferredIndexes: { table: string; sql: string }[] = [];

  constructor(private readonly store: IndexStore) {
    const db = store.db;
    this.db = db;
    this.stmt = {
      delFile: db.prepare('DELETE FROM files WHERE path = ?'),
      delExtract: db.prepare('DELETE FROM extracts WHERE path = ?'),
      delDeps: db.prepare('DELETE FROM resolve_deps WHERE path = ?'),
      delEntities: db.prepare('DELETE FROM entities WHERE file_path = ?'),
      delEdges: db.prepare('DELETE FROM edges WHERE src_file = ?'),
      delExternals: db.prepare('DELETE FROM externals WHERE src_file = ?'),
      insFile: db.prepare('INSERT INTO files(path, language, hash, size, module_fqn, syntax_errors, stamp, entity_counts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      insExtract: db.prepare('INSERT INTO extracts(path, extract, refs) VALUES (?, ?, ?)'),
      setStamp: db.prepare('UPDATE files SET stamp = ? WHERE path = ?'),
      setResolution: db.prepare('UPDATE files SET edges_digest = ?, edge_counts = ?, external_count = ? WHERE path = ?'),
      setDeps: db.prepare('INSERT INTO resolve_deps(path, record) VALUES (?, ?) ON CONFLICT(path) DO UPDATE SET record = excluded.record'),
    };
    this.entities = new BatchInsert(db, 'entities', ENTITY_COLUMNS);
    this.edges = new BatchInsert(db, 'edges', EDGE_COLUMNS);
    this.externals = new BatchInsert(db, 'externals', EXTERNAL_COLUMNS);
    // The key columns are those the tables' indexes cover (migrations.ts).
    this.entityRows = new FileRows(db, 'entities', ENTITY_COLUMNS, 'file_path', ['id', 'fqn', 'name'], this.entities);
    this.edgeRows = new FileRows(db, 'edges', EDGE_COLUMNS.slice(0, -1), 'src_file', ['source', 'target'], this.edges);
    this.externalRows = new FileRows(db, 'externals', EXTERNAL_COLUMNS.slice(0, -1), 'src_file', ['source'], this.externals);
    // A run's changed pages stay in memory up to this size: past the cache size SQLite spills them to the WAL in
    // mid-transaction, and writes every page changed again after that a second time (a cold index of Django wrote
    // 148 MB of WAL for its 77 MB with the default 16 MB, 74 MB with 64 MB).
    db.pragma(`cache_size = -${RUN_CACHE_KIB}`);
    db.exec('BEGIN IMMEDIATE');
    this.oldDigests = new Map(
      (db.prepare('SELECT path, edges_digest FROM files').all() as { path: string; edges_digest: string }[]).map((r) => [r.path, r.edges_digest]),
    );
    // Filling an empty index: rows are appended (nothing to delete), and the entities' secondary indexes are built
    // once all files are written, which is cheaper than keeping them sorted row by row. Dropping them is part of the
    // transaction. Edges and externals come during resolution, which leaves a core to this thread: they keep their
    // indexes sorted as they come, instead of the run waiting at its end for them to be built.
    this.fresh =
      this.oldDigests.size === 0 &&
      db
        .prepare('SELECT EXISTS(SELECT 1 FROM extracts) OR EXISTS(SELECT 1 FROM entities) OR EXISTS(SELECT 1 FROM edges) OR EXISTS(SELECT 1 FROM externals) AS used')
        .pluck()
        .get() === 0;
    if (this.fresh) {
      const indexes = db
        .prepare("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name = 'entities'")
        .all() as { name: string; tbl_name: string; sql: string }[];
      for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
      this.deferredIndexes = indexes.map((index) => ({ table: index.tbl_name, sql: index.sql }));
    }
  }

  removeFile(path: string): void {
    const s = this.stmt;
    this.flushPending(path);
    s.delFile.run(path);
    s.delExtract.run(path);
    s.delDeps.run(path);
    s.delEntities.run(path);
    s.delEdges.run(path);
    s.delExternals.run(path);
    this.changed = true;
  }

  /** Replaces a file's row and entities; its edges stay until writeResolution replaces them. */
  upsertFile(extract: FileExtract, refsJson: string, hash: string, size: number, moduleFqn: string, stamp = ''): FileExtract {
    const { row, declarations } = fileRecord(extract, refsJson, hash, size, moduleFqn, stamp);
    this.upsertRow(row, entityValues(extract.entities));
    return declarations;
  }

  /** upsertFile with the row and the entities' values already built (as a writer thread receives them). */
  upsertRow(row: FileRow, entities: readonly SqlValue[]): void {
    const s = this.stmt;
    if (!this.fresh) {
      this.flushPending(row.path);
      s.delFile.run(row.path);
      s.delExtract.run(row.path);
      s.delDeps.run(row.path);
      this.entityRows.replace(row.path, entities);
    } else {
      this.entities.add(entities);
    }
    s.insFile.run(row.path, row.language, row.hash, row.size, row.moduleFqn, row.syntaxErrors, row.stamp, countsOfEntities(entities));
    s.insExtract.run(row.path, row.extract, row.refs);
    this.pendingPaths.add(row.path);
    this.changed = true;
  }

  /** Records the stamp of a file found unchanged although its stamp changed (not a change of the index). */
  setStamp(path: string, stamp: string): void {
    this.stmt.setStamp.run(stamp, path);
  }

  /** Stores a file's resolved edges and dependency record; the edges are skipped when they equal what is stored. */
  writeResolution(path: string, res: FileEdges, deps: FileDeps): void {
    this.storeResolution(path, resolutionRows(res), JSON.stringify(deps));
  }

  /** writeResolution with the edges as rows and the record as JSON already (as a writer thread receives them). */
  storeResolution(path: string, rows: ResolutionRows, depsJson: string): void {
    const s = this.stmt;
    // (Digests of the rows' values; those of an index written before they were sent as rows differ once, and
    // those files' edges are written again at their next resolution.)
    const digest = createHash('sha1').update(JSON.stringify([rows.edges, rows.externals])).digest('hex');
    // Also restores the digest and counts of a re-inserted file row.
    s.setResolution.run(digest, countsOfEdges(rows), externalCount(rows), path);
    s.setDeps.run(path, depsJson);
    if (this.oldDigests.get(path) === digest) return;
    if (!this.fresh) {
      this.flushPending(path);
      this.edgeRows.replace(path, rows.edges);
      this.externalRows.replace(path, rows.externals);
    } else {
      this.edges.add(rows.edges, path);
      this.externals.add(rows.externals, path);
    }
    this.pendingPaths.add(path);
    this.changed = true;
  }

  /** Every file's row and entities are written: a fresh fill builds the entities' indexes now, not at commit. */
  filesDone(): void {
    this.flushAll();
    this.buildIndexes((table) => table === 'entities');
  }

  /** Writes the buffered rows if some of them belong to `path`, which is about to be deleted. */
  private flushPending(path: string): void {
    if (this.pendingPaths.has(path)) this.flushAll();
  }

  private flushAll(): void {
    this.entities.flush();
    this.edges.flush();
    this.externals.flush();
    this.pendingPaths.clear();
  }

  private buildIndexes(which: (table: string) => boolean): void {
    for (const index of this.deferredIndexes) if (which(index.table)) this.db.exec(index.sql);
    this.deferredIndexes = this.deferredIndexes.filter((index) => !which(index.table));
  }

  setMeta(key: string, value: string): void {
    this.store.setMeta(key, value);
  }

  commit(skips: ReadonlyMap<string, string>, summary: unknown): void {
    this.flushAll();
    this.buildIndexes(() => true);
    this.db.prepare('DELETE FROM skips').run();
    const insSkip = this.db.prepare('INSERT INTO skips(path, reason) VALUES (?, ?)');
    for (const [path, reason] of skips) insSkip.run(path, reason);
    if (this.changed) this.store.setMeta('index_version', String(this.store.indexVersion() + 1));
    this.store.setMeta('last_run', JSON.stringify(summary));
    this.db.exec('COMMIT');
    this.open = false;
  }

  rollback(): void {
    if (this.open && this.db.inTransaction) this.db.exec('ROLLBACK');
    this.open = false;
  }
}
