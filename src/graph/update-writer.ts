/**
 * The writes of one index run, inside one SQLite transaction (BEGIN IMMEDIATE ... COMMIT). Files are written
 * as their extraction arrives, so writing overlaps parsing; a run that dies before commit leaves the index
 * exactly as it was (WAL rollback), and readers never see a half-written run.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { FileDeps } from '../indexer/resolve/index.js';
import type { FileExtract, RawRef } from '../indexer/types.js';
import type { FileEdges, IndexStore } from './store.js';
import type { Entity } from './types.js';

/** A file's row as stored: its references, and the rest of the extraction record but the entities, are JSON texts. */
export interface FileRow {
  path: string;
  language: string;
  hash: string;
  size: number;
  moduleFqn: string;
  syntaxErrors: number;
  extract: string;
  refs: string;
  stamp: string;
}

export function fileRow(extract: FileExtract, hash: string, size: number, moduleFqn: string, stamp: string): FileRow {
  const declarations: StoredDeclarations = {
    imports: extract.imports,
    bindings: extract.bindings,
    exports: extract.exports,
    superseded: extract.superseded,
    publicNames: extract.publicNames,
    bases: extract.refs.filter(isInheritance),
  };
  return {
    path: extract.filePath,
    language: extract.language,
    hash,
    size,
    moduleFqn,
    syntaxErrors: extract.syntaxErrors,
    extract: JSON.stringify(declarations),
    refs: JSON.stringify(extract.refs),
    stamp,
  };
}

/** The `extract` column: what resolving another file may read of this one, entities aside. */
export type StoredDeclarations = Pick<FileExtract, 'imports' | 'bindings' | 'exports' | 'superseded' | 'publicNames'> & {
  /** The file's inherits and implements references, in source order. */
  bases: RawRef[];
};

/** References that declare a class's bases, read by the resolution of other files. */
export function isInheritance(ref: RawRef): boolean {
  return ref.kind === 'inherits' || ref.kind === 'implements';
}

/** The serialized edges of one file, as digested to tell whether they changed. */
export function resolutionJson(res: FileEdges): string {
  return JSON.stringify({ edges: res.edges, externals: res.externals });
}

/** The writes of one index run, wherever they happen (this thread or a writer thread). */
export interface RunWriter {
  removeFile(path: string): void;
  upsertFile(extract: FileExtract, hash: string, size: number, moduleFqn: string, stamp: string): void;
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
  /** The index was empty when the run began, and nothing was written or removed since except by this run's appends. */
  private readonly fresh: boolean;
  /** CREATE INDEX statements dropped for a fresh fill, run again before commit. */
  private deferredIndexes: { table: string; sql: string }[] = [];

  constructor(private readonly store: IndexStore) {
    const db = store.db;
    this.db = db;
    this.stmt = {
      delFile: db.prepare('DELETE FROM files WHERE path = ?'),
      delEntities: db.prepare('DELETE FROM entities WHERE file_path = ?'),
      delEdges: db.prepare('DELETE FROM edges WHERE src_file = ?'),
      delExternals: db.prepare('DELETE FROM externals WHERE src_file = ?'),
      insFile: db.prepare('INSERT INTO files(path, language, hash, size, module_fqn, syntax_errors, extract, refs, stamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      setStamp: db.prepare('UPDATE files SET stamp = ? WHERE path = ?'),
      insEntity: db.prepare(
        `INSERT INTO entities(id, fqn, name, kind, language, file_path, package, start_line, end_line, signature, docstring,
          exported, tokens, parent_id, terms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insEdge: db.prepare('INSERT INTO edges(source, target, kind, confidence, count, line, src_file) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      insExternal: db.prepare('INSERT INTO externals(source, kind, module, symbol, count, line, src_file) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      setResolution: db.prepare('UPDATE files SET edges_digest = ?, resolve_deps = ? WHERE path = ?'),
    };
    db.exec('BEGIN IMMEDIATE');
    this.oldDigests = new Map(
      (db.prepare('SELECT path, edges_digest FROM files').all() as { path: string; edges_digest: string }[]).map((r) => [r.path, r.edges_digest]),
    );
    // Filling an empty index: rows are appended (nothing to delete), and the secondary indexes are built once
    // at the end, which is cheaper than keeping them sorted row by row. Dropping them is part of the transaction.
    this.fresh =
      this.oldDigests.size === 0 &&
      db.prepare('SELECT EXISTS(SELECT 1 FROM entities) OR EXISTS(SELECT 1 FROM edges) OR EXISTS(SELECT 1 FROM externals) AS used').pluck().get() === 0;
    if (this.fresh) {
      const indexes = db
        .prepare("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('entities', 'edges', 'externals')")
        .all() as { name: string; tbl_name: string; sql: string }[];
      for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
      this.deferredIndexes = indexes.map((index) => ({ table: index.tbl_name, sql: index.sql }));
    }
  }

  removeFile(path: string): void {
    const s = this.stmt;
    s.delFile.run(path);
    s.delEntities.run(path);
    s.delEdges.run(path);
    s.delExternals.run(path);
    this.changed = true;
  }

  /** Replaces a file's row and entities; its edges stay until writeResolution replaces them. */
  upsertFile(extract: FileExtract, hash: string, size: number, moduleFqn: string, stamp = ''): void {
    this.upsertRow(fileRow(extract, hash, size, moduleFqn, stamp), extract.entities);
  }

  /** upsertFile with the row already built (as a writer thread receives it). */
  upsertRow(row: FileRow, entities: readonly Entity[]): void {
    const s = this.stmt;
    if (!this.fresh) {
      s.delFile.run(row.path);
      s.delEntities.run(row.path);
    }
    s.insFile.run(row.path, row.language, row.hash, row.size, row.moduleFqn, row.syntaxErrors, row.extract, row.refs, row.stamp);
    for (const e of entities) {
      s.insEntity.run(e.id, e.fqn, e.name, e.kind, e.language, e.filePath, e.package, e.startLine, e.endLine, e.signature,
        e.docstring, e.exported ? 1 : 0, e.tokens, e.parentId, e.terms);
    }
    this.changed = true;
  }

  /** Records the stamp of a file found unchanged although its stamp changed (not a change of the index). */
  setStamp(path: string, stamp: string): void {
    this.stmt.setStamp.run(stamp, path);
  }

  /** Stores a file's resolved edges and dependency record; the edges are skipped when they equal what is stored. */
  writeResolution(path: string, res: FileEdges, deps: FileDeps): void {
    this.storeResolution(path, resolutionJson(res), JSON.stringify(deps), () => res);
  }

  /** writeResolution with the edges and the record already serialized (`resolutionJson`, JSON of the FileDeps). */
  writeResolutionJson(path: string, edgesJson: string, depsJson: string): void {
    this.storeResolution(path, edgesJson, depsJson, () => JSON.parse(edgesJson) as FileEdges);
  }

  private storeResolution(path: string, edgesJson: string, depsJson: string, edges: () => FileEdges): void {
    const s = this.stmt;
    const digest = createHash('sha1').update(edgesJson).digest('hex');
    s.setResolution.run(digest, depsJson, path); // also restores the digest of a re-inserted file row
    if (this.oldDigests.get(path) === digest) return;
    if (!this.fresh) {
      s.delEdges.run(path);
      s.delExternals.run(path);
    }
    const res = edges();
    for (const e of res.edges) s.insEdge.run(e.source, e.target, e.kind, e.confidence, e.count, e.line, path);
    for (const x of res.externals) s.insExternal.run(x.source, x.kind, x.module, x.symbol, x.count, x.line, path);
    this.changed = true;
  }

  /** Every file's row and entities are written: a fresh fill builds the entities' indexes now, not at commit. */
  filesDone(): void {
    this.buildIndexes((table) => table === 'entities');
  }

  private buildIndexes(which: (table: string) => boolean): void {
    for (const index of this.deferredIndexes) if (which(index.table)) this.db.exec(index.sql);
    this.deferredIndexes = this.deferredIndexes.filter((index) => !which(index.table));
  }

  setMeta(key: string, value: string): void {
    this.store.setMeta(key, value);
  }

  commit(skips: ReadonlyMap<string, string>, summary: unknown): void {
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
