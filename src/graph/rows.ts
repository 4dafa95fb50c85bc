/**
 * A file's records as the index stores them, in the compact form the writer takes: the file's row, and its
 * entities, edges and externals as flat lists of column values (row after row). Flat lists of strings and
 * numbers cost far less to copy to a writer thread than the objects they come from, and bind as they are.
 */
import { isInheritance, type FileExtract, type RawRef } from '../indexer/types.js';
import type { SqlValue } from './batch-insert.js';
import type { FileEdges } from './store.js';
import type { Entity, EntityKind, LanguageId } from './types.js';

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

/**
 * An entity as resolution reads it, without its file's path and language and the long texts (docstring, terms):
 * id, fqn, name, kind, package, start line, end line, signature, exported (1 or 0), tokens, parent id.
 */
export type LeanEntity = [string, string, string, EntityKind, string, number, number, string, 0 | 1, number, string | null];

/**
 * The `extract` column: what resolving another file may read of this one. Its entities are there too, although
 * the entities table holds them, because one JSON text per file loads several times faster than their rows.
 */
export type StoredDeclarations = Pick<FileExtract, 'imports' | 'bindings' | 'exports' | 'superseded' | 'publicNames' | 'buildConstraint'> & {
  entities: LeanEntity[];
  /** The file's inherits and implements references, in source order. */
  bases: RawRef[];
};

function leanEntity(e: Entity): LeanEntity {
  return [e.id, e.fqn, e.name, e.kind, e.package, e.startLine, e.endLine, e.signature, e.exported ? 1 : 0, e.tokens, e.parentId];
}

/** The entity a stored lean entity of `filePath` stands for, with '' for the texts it leaves out. */
function entityOf(lean: LeanEntity, filePath: string, language: LanguageId): Entity {
  const [id, fqn, name, kind, pkg, startLine, endLine, signature, exported, tokens, parentId] = lean;
  return {
    id, fqn, name, kind, language, filePath, package: pkg, startLine, endLine, signature, docstring: '', exported: exported === 1, tokens,
    parentId, terms: '',
  };
}

/**
 * A file's row as stored, and its declarations as loading them from that row gives (see declarationsOf). `refsJson`
 * holds all of the file's references; `extract.refs` may hold only the inheritance ones (see ExtractOutcome).
 */
export function fileRecord(
  extract: FileExtract,
  refsJson: string,
  hash: string,
  size: number,
  moduleFqn: string,
  stamp: string,
): { row: FileRow; declarations: FileExtract } {
  const stored: StoredDeclarations = {
    entities: extract.entities.map(leanEntity),
    imports: extract.imports,
    bindings: extract.bindings,
    exports: extract.exports,
    superseded: extract.superseded,
    publicNames: extract.publicNames,
    buildConstraint: extract.buildConstraint,
    bases: extract.refs.filter(isInheritance),
  };
  const row: FileRow = {
    path: extract.filePath,
    language: extract.language,
    hash,
    size,
    moduleFqn,
    syntaxErrors: extract.syntaxErrors,
    extract: JSON.stringify(stored),
    refs: refsJson,
    stamp,
  };
  return { row, declarations: readDeclarations(row.path, extract.language, extract.syntaxErrors, stored) };
}

/** A file's extraction record as resolution reads it back from its stored declarations (`extract` column). */
export function declarationsOf(path: string, language: LanguageId, syntaxErrors: number, storedJson: string): FileExtract {
  return readDeclarations(path, language, syntaxErrors, JSON.parse(storedJson) as StoredDeclarations);
}

function readDeclarations(path: string, language: LanguageId, syntaxErrors: number, stored: StoredDeclarations): FileExtract {
  const { entities, bases, ...rest } = stored;
  return {
    filePath: path,
    language,
    entities: entities.map((lean) => entityOf(lean, path, language)),
    imports: rest.imports,
    refs: bases,
    bindings: rest.bindings,
    exports: rest.exports,
    ...(rest.superseded ? { superseded: rest.superseded } : {}),
    ...(rest.publicNames ? { publicNames: rest.publicNames } : {}),
    ...(rest.buildConstraint !== undefined ? { buildConstraint: rest.buildConstraint } : {}),
    syntaxErrors,
  };
}

export const ENTITY_COLUMNS = [
  'id', 'fqn', 'name', 'kind', 'language', 'file_path', 'package', 'start_line', 'end_line', 'signature', 'docstring',
  'exported', 'tokens', 'parent_id', 'terms',
] as const;

/** The entities' column values, in ENTITY_COLUMNS order. */
export function entityValues(entities: readonly Entity[]): SqlValue[] {
  const out: SqlValue[] = [];
  for (const e of entities) {
    out.push(e.id, e.fqn, e.name, e.kind, e.language, e.filePath, e.package, e.startLine, e.endLine, e.signature, e.docstring,
      e.exported ? 1 : 0, e.tokens, e.parentId, e.terms);
  }
  return out;
}

/** The edges and externals tables' columns; each row also holds its source file (`src_file`, last). */
export const EDGE_COLUMNS = ['source', 'target', 'kind', 'confidence', 'count', 'line', 'src_file'] as const;
export const EXTERNAL_COLUMNS = ['source', 'kind', 'module', 'symbol', 'count', 'line', 'src_file'] as const;

/** A file's resolved edges and externals as column values, in EDGE_COLUMNS and EXTERNAL_COLUMNS order without src_file. */
export interface ResolutionRows {
  edges: SqlValue[];
  externals: SqlValue[];
}

/** A file's entities by kind as its row records them (JSON of kind -> count), from their ENTITY_COLUMNS values. */
export function countsOfEntities(values: readonly SqlValue[]): string {
  const kind = ENTITY_COLUMNS.indexOf('kind');
  return tally(values, ENTITY_COLUMNS.length, (row) => String(values[row + kind]));
}

/** A file's edges by kind and confidence as its row records them (JSON of 'kind confidence' -> count). */
export function countsOfEdges(rows: ResolutionRows): string {
  const kind = EDGE_COLUMNS.indexOf('kind');
  const confidence = EDGE_COLUMNS.indexOf('confidence');
  return tally(rows.edges, EDGE_COLUMNS.length - 1, (row) => `${String(rows.edges[row + kind])} ${String(rows.edges[row + confidence])}`);
}

/** The external references of a file's resolution rows. */
export function externalCount(rows: ResolutionRows): number {
  return rows.externals.length / (EXTERNAL_COLUMNS.length - 1);
}

function tally(values: readonly SqlValue[], stride: number, keyAt: (row: number) => string): string {
  const counts: Record<string, number> = {};
  for (let row = 0; row < values.length; row += stride) {
    const key = keyAt(row);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return JSON.stringify(counts);
}

export function resolutionRows(res: FileEdges): ResolutionRows {
  const edges: SqlValue[] = [];
  for (const e of res.edges) edges.push(e.source, e.target, e.kind, e.confidence, e.count, e.line);
  const externals: SqlValue[] = [];
  for (const x of res.externals) externals.push(x.source, x.kind, x.module, x.symbol, x.count, x.line);
  return { edges, externals };
}
