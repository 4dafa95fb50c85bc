/**
 * The embedded SQLite index. One write transaction per index run, in WAL mode, so a reader (or a run killed
 * half-way) only ever sees a whole state: the one before the run or the one after it.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileDeps } from '../indexer/resolve/index.js';
import type { FileExtract, RawRef } from '../indexer/types.js';
import type { DepGraph, Edge, Entity, ExternalRef, LanguageId, EntityKind, EdgeKind, Confidence } from './types.js';
import { MIGRATIONS } from './migrations.js';
import { declarationsOf } from './rows.js';
import { UpdateWriter } from './update-writer.js';
import { makeDirectory } from '../util/make-dir.js';

export const INDEX_DB_NAME = 'index.db';
/**
 * Folder of the index directory for files later stages compute from one version of the index (retrieval's lexical
 * indexes). Each records the version it was computed from; a first index (whose versions start again) removes them.
 */
export const DERIVED_DIR_NAME = 'derived';

const ENTITY_SELECT = 'SELECT id, fqn, name, kind, language, file_path, package, start_line, end_line, signature, docstring, exported, tokens, parent_id, terms FROM entities';
const EDGE_SELECT = 'SELECT source, target, kind, confidence, count, line FROM edges';
const EXTERNAL_SELECT = 'SELECT source, kind, module, symbol, count, line FROM externals';

/** Source order within a file, independent of insertion order: the module first, outer before inner. */
const ENTITY_ORDER = "start_line, kind <> 'module', end_line DESC, id";

export interface StoredFile {
  path: string;
  language: LanguageId;
  hash: string;
  size: number;
  moduleFqn: string;
  syntaxErrors: number;
  /** The file's stamp when it was read (see WalkedFile.stamp); '' when it is not to be trusted. */
  stamp: string;
}

/** Per-file results of resolution: edges and externals whose source entity lives in that file. */
export interface FileEdges {
  edges: Edge[];
  externals: ExternalRef[];
}

type Row = Record<string, unknown>;

export class IndexStore {
  readonly db: Database.Database;

  private constructor(db: Database.Database) {
    this.db = db;
  }

  /**
   * Opens (creating and migrating if needed) the index in `indexDir`; with `building`, the first index being built
   * in that file (fresh-index.ts), which no one else reads: no journal, no syncs.
   */
  static open(indexDir: string, options: { readonly?: boolean; building?: string } = {}): IndexStore {
    if (!options.readonly) {
      makeDirectory(indexDir);
      const marker = join(indexDir, '.gitignore');
      if (!existsSync(marker)) writeFileSync(marker, '*\n');
    }
    const db = new Database(join(indexDir, options.building ?? INDEX_DB_NAME), { readonly: options.readonly ?? false });
    if (options.building !== undefined) {
      db.pragma('journal_mode = OFF');
      db.pragma('synchronous = OFF');
    } else if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = OFF');
    const store = new IndexStore(db);
    if (!options.readonly) store.migrate();
    return store;
  }

  /**
   * Opens, for reading only, the index in a folder this process cannot write (a shared or packaged index). SQLite
   * reads a WAL-mode file there only while its -wal and -shm files exist, and a cleanly closed index has none: then
   * the file is read into memory, as a rollback-journal database (header bytes 18 - 19), which SQLite can read
   * from memory. Throws, naming the fix, when the file needs a schema upgrade this codectx could only write.
   */
  static openReadOnly(indexDir: string): IndexStore {
    const path = join(indexDir, INDEX_DB_NAME);
    let db: Database.Database;
    try {
      db = new Database(path, { readonly: true, fileMustExist: true });
      db.pragma('user_version');
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code !== 'SQLITE_READONLY_DIRECTORY' && code !== 'SQLITE_CANTOPEN') throw err;
      const image = readFileSync(path);
      image[18] = 1;
      image[19] = 1;
      db = new Database(image, { readonly: true });
    }
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== MIGRATIONS.length) {
      db.close();
      const which = version < MIGRATIONS.length ? 'an older' : 'a newer';
      throw new Error(`the index in ${indexDir} has ${which} schema (${version}, this codectx ${MIGRATIONS.length}) and its folder cannot be written: index again where it can be, or use ${which === 'an older' ? 'the codectx that wrote it' : 'a newer codectx'}`);
    }
    return new IndexStore(db);
  }

  close(): void {
    this.db.close();
  }

  private migrate(): void {
    const current = this.db.pragma('user_version', { simple: true }) as number;
    if (current > MIGRATIONS.length) {
      throw new Error(`index schema version ${current} is newer than this codectx (${MIGRATIONS.length}); upgrade codectx`);
    }
    for (let v = current; v < MIGRATIONS.length; v++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[v]!);
        this.db.pragma(`user_version = ${v + 1}`);
      })();
    }
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** The repository the last index run read (the folder it was given), if a run finished. */
  indexedRepo(): string | undefined {
    const lastRun = this.getMeta('last_run');
    if (lastRun === undefined) return undefined;
    const { repo } = JSON.parse(lastRun) as { repo?: unknown };
    return typeof repo === 'string' ? repo : undefined;
  }

  /** Monotonic counter of committed index runs that changed something. */
  indexVersion(): number {
    return Number(this.getMeta('index_version') ?? '0');
  }

  files(): StoredFile[] {
    return (this.db.prepare('SELECT path, language, hash, size, module_fqn, syntax_errors, stamp FROM files ORDER BY path').all() as Row[]).map(
      (r) => ({
        path: r.path as string,
        language: r.language as LanguageId,
        hash: r.hash as string,
        size: r.size as number,
        moduleFqn: r.module_fqn as string,
        syntaxErrors: r.syntax_errors as number,
        stamp: r.stamp as string,
      }),
    );
  }

  /**
   * Every stored file's extraction record as the resolution of other files reads it: entities without their
   * docstrings and terms, and of the references only the inheritance ones (`refsOf` gives them all).
   */
  loadDeclarations(): Map<string, FileExtract> {
    const out = new Map<string, FileExtract>();
    const fileRows = this.db
      .prepare('SELECT path, language, syntax_errors, extract FROM files JOIN extracts USING (path) ORDER BY path')
      .all() as Row[];
    for (const r of fileRows) {
      const path = r.path as string;
      out.set(path, declarationsOf(path, r.language as LanguageId, r.syntax_errors as number, r.extract as string));
    }
    return out;
  }

  /** Every reference of a stored file, in source order. */
  refsOf(path: string): RawRef[] {
    const json = this.db.prepare('SELECT refs FROM extracts WHERE path = ?').pluck().get(path) as string | undefined;
    return json === undefined ? [] : (JSON.parse(json) as RawRef[]);
  }

  /** The stored dependency record of every file resolved since the record was introduced. */
  loadDeps(): Map<string, FileDeps> {
    const rows = this.db.prepare('SELECT path, record FROM resolve_deps').raw().all() as [string, string][];
    return new Map(rows.map(([path, record]) => [path, JSON.parse(record) as FileDeps]));
  }

  entities(): Entity[] {
    return (this.db.prepare(`${ENTITY_SELECT} ORDER BY file_path, ${ENTITY_ORDER}`).raw().all() as EntityRow[]).map(rowToEntity);
  }

  entitiesOfFile(path: string): Entity[] {
    return (this.db.prepare(`${ENTITY_SELECT} WHERE file_path = ? ORDER BY ${ENTITY_ORDER}`).raw().all(path) as EntityRow[]).map(rowToEntity);
  }

  entityById(id: string): Entity | undefined {
    const r = this.db.prepare(`${ENTITY_SELECT} WHERE id = ?`).raw().get(id) as EntityRow | undefined;
    return r ? rowToEntity(r) : undefined;
  }

  /** In file and source order, not in the order rows were written (which updates change). */
  entitiesByFqn(fqn: string): Entity[] {
    return (this.db.prepare(`${ENTITY_SELECT} WHERE fqn = ? ORDER BY file_path, ${ENTITY_ORDER}`).raw().all(fqn) as EntityRow[]).map(rowToEntity);
  }

  entitiesByName(name: string): Entity[] {
    return (this.db.prepare(`${ENTITY_SELECT} WHERE name = ? ORDER BY fqn`).raw().all(name) as EntityRow[]).map(rowToEntity);
  }

  edges(): Edge[] {
    return (this.db.prepare(`${EDGE_SELECT} ORDER BY source, target, kind`).raw().all() as EdgeRow[]).map(rowToEdge);
  }

  outgoing(id: string): Edge[] {
    return (this.db.prepare(`${EDGE_SELECT} WHERE source = ? ORDER BY kind, target`).raw().all(id) as EdgeRow[]).map(rowToEdge);
  }

  incoming(id: string): Edge[] {
    return (this.db.prepare(`${EDGE_SELECT} WHERE target = ? ORDER BY kind, source`).raw().all(id) as EdgeRow[]).map(rowToEdge);
  }

  externals(): ExternalRef[] {
    return (this.db.prepare(`${EXTERNAL_SELECT} ORDER BY source, module, symbol, kind`).raw().all() as ExternalRow[]).map(rowToExternal);
  }

  externalsOf(id: string): ExternalRef[] {
    return (this.db.prepare(`${EXTERNAL_SELECT} WHERE source = ? ORDER BY module, symbol`).raw().all(id) as ExternalRow[]).map(rowToExternal);
  }

  loadGraph(): DepGraph {
    return { entities: this.entities(), edges: this.edges(), externals: this.externals() };
  }

  skips(): Map<string, string> {
    const rows = this.db.prepare('SELECT path, reason FROM skips ORDER BY path').all() as Row[];
    return new Map(rows.map((r) => [r.path as string, r.reason as string]));
  }

  /** Starts the single write transaction of an index run; nothing is visible to readers until commit. */
  beginUpdate(): UpdateWriter {
    return new UpdateWriter(this);
  }

  /** Whether the index holds any file. */
  hasFiles(): boolean {
    return this.db.prepare('SELECT EXISTS(SELECT 1 FROM files)').pluck().get() === 1;
  }

  /** What the index holds, by kind: the sums of the counts each file's row records, in key order. */
  contents(): IndexContents {
    const out: IndexContents = {
      files: 0, filesByLanguage: {}, syntaxErrorFiles: 0, syntaxErrorPaths: [], entities: 0, entitiesByKind: {}, edges: 0, edgesByKind: {}, externals: 0,
    };
    const edgeCounts: Record<string, number> = {};
    const rows = this.db.prepare('SELECT path, language, syntax_errors, entity_counts, edge_counts, external_count FROM files ORDER BY path').raw().all() as [
      string,
      string,
      number,
      string,
      string,
      number,
    ][];
    for (const [path, language, syntaxErrors, entityCounts, edges, externals] of rows) {
      out.files++;
      out.filesByLanguage[language] = (out.filesByLanguage[language] ?? 0) + 1;
      if (syntaxErrors > 0) {
        out.syntaxErrorFiles++;
        out.syntaxErrorPaths.push(path);
      }
      addCounts(out.entitiesByKind, JSON.parse(entityCounts) as Record<string, number>);
      addCounts(edgeCounts, JSON.parse(edges) as Record<string, number>);
      out.externals += externals;
    }
    out.filesByLanguage = sortedKeys(out.filesByLanguage);
    out.entitiesByKind = sortedKeys(out.entitiesByKind);
    for (const [key, n] of Object.entries(sortedKeys(edgeCounts))) {
      const [kind, confidence] = key.split(' ') as [string, string];
      (out.edgesByKind[kind] ??= {})[confidence] = n;
      out.edges += n;
    }
    for (const n of Object.values(out.entitiesByKind)) out.entities += n;
    return out;
  }
}

/** Counts of what an index holds (IndexStore.contents). */
export interface IndexContents {
  files: number;
  filesByLanguage: Record<string, number>;
  syntaxErrorFiles: number;
  /** The files with syntax errors, in path order. */
  syntaxErrorPaths: string[];
  entities: number;
  entitiesByKind: Record<string, number>;
  edges: number;
  /** kind -> confidence -> count. */
  edgesByKind: Record<string, Record<string, number>>;
  externals: number;
}

function addCounts(into: Record<string, number>, counts: Record<string, number>): void {
  for (const [key, n] of Object.entries(counts)) into[key] = (into[key] ?? 0) + n;
}

function sortedKeys(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Rows read in raw mode (arrays, in the SELECT's column order): several times cheaper than objects for whole tables. */
type EntityRow = [string, string, string, EntityKind, LanguageId, string, string, number, number, string, string, number, number, string | null, string];
type EdgeRow = [string, string, EdgeKind, Confidence, number, number];
type ExternalRow = [string, EdgeKind, string, string, number, number];

function rowToEntity(r: EntityRow): Entity {
  const [id, fqn, name, kind, language, filePath, pkg, startLine, endLine, signature, docstring, exported, tokens, parentId, terms] = r;
  return { id, fqn, name, kind, language, filePath, package: pkg, startLine, endLine, signature, docstring, exported: exported === 1, tokens, parentId, terms };
}

function rowToEdge([source, target, kind, confidence, count, line]: EdgeRow): Edge {
  return { source, target, kind, confidence, count, line };
}

function rowToExternal([source, kind, module, symbol, count, line]: ExternalRow): ExternalRef {
  return { source, kind, module, symbol, count, line };
}
