/** Read-side queries over a stored index: show, stats, export. */
import type { Edge, Entity } from '../graph/types.js';
import type { IndexContents, IndexStore } from '../graph/store.js';
import { ambiguousName, normalizePath } from '../retrieval/symbol-lookup.js';
import { compareStrings } from '../util/compare.js';
import { UserError } from '../util/errors.js';

export interface EdgeView {
  kind: Edge['kind'];
  confidence: Edge['confidence'];
  count: number;
  line: number;
  /** FQN of the other end. */
  other: string;
  otherFile: string;
}

export interface EntityView {
  entity: Entity;
  outgoing: EdgeView[];
  incoming: EdgeView[];
  externals: { kind: string; module: string; symbol: string; count: number; line: number }[];
}

/** Finds entities by exact fqn, else by name, of the file at repo-relative `path` when given; several matches are all returned. */
export function findEntities(store: IndexStore, query: string, path?: string): Entity[] {
  const inPath = (found: Entity[]): Entity[] => (path === undefined ? found : found.filter((e) => e.filePath === path));
  const exact = inPath(store.entitiesByFqn(query));
  if (exact.length) return exact;
  return inPath(store.entitiesByName(query));
}

/** The entity named `fqn` (in `file`, a repo-relative path, when given); UserError listing the candidates when several match. */
export function showEntity(store: IndexStore, fqn: string, file?: string): EntityView {
  const path = file === undefined ? undefined : normalizePath(file);
  const found = findEntities(store, fqn, path);
  if (found.length === 0) {
    throw new UserError(`no entity named ${fqn}${path === undefined ? '' : ` in ${path}`} in the index (try: codectx search ${fqn})`);
  }
  if (found.length > 1) throw ambiguousName(fqn, found, '--file PATH');
  const entity = found[0]!;
  const view = (e: Edge, otherId: string): EdgeView => {
    const other = store.entityById(otherId);
    return { kind: e.kind, confidence: e.confidence, count: e.count, line: e.line, other: other?.fqn ?? otherId, otherFile: other?.filePath ?? '' };
  };
  // By kind, then the other end's name and file and the line: the store's order (by id, a hash) reads as random.
  const ordered = (views: EdgeView[]): EdgeView[] =>
    views.sort((a, b) => compareStrings(a.kind, b.kind) || compareStrings(a.other, b.other) || compareStrings(a.otherFile, b.otherFile) || a.line - b.line);
  return {
    entity,
    outgoing: ordered(store.outgoing(entity.id).map((e) => view(e, e.target))),
    incoming: ordered(store.incoming(entity.id).map((e) => view(e, e.source))),
    externals: store.externalsOf(entity.id).map(({ kind, module, symbol, count, line }) => ({ kind, module, symbol, count, line })),
  };
}

export interface IndexStats extends IndexContents {
  skipped: Record<string, number>;
  indexVersion: number;
}

export function indexStats(store: IndexStore): IndexStats {
  const skipped: Record<string, number> = {};
  for (const reason of store.skips().values()) skipped[reason] = (skipped[reason] ?? 0) + 1;
  return { ...store.contents(), skipped, indexVersion: store.indexVersion() };
}

export type ExportFormat = 'jsonl' | 'dot' | 'rsf';

/** An RSF token: as it is unless it is empty or holds whitespace, a double quote or a backslash; then quoted. */
function rsfToken(text: string): string {
  return /^[^\s"\\]+$/.test(text) ? text : JSON.stringify(text);
}

/** Streams every entity and edge in the chosen format, one line at a time. */
export function* exportGraph(store: IndexStore, format: ExportFormat): Generator<string> {
  const entities = store.entities();
  const byId = new Map(entities.map((e) => [e.id, e]));
  const edges = store.edges();
  if (format === 'jsonl') {
    for (const e of entities) {
      const { terms: _terms, ...rest } = e;
      yield JSON.stringify({ type: 'entity', ...rest });
    }
    for (const e of edges) {
      const s = byId.get(e.source);
      const t = byId.get(e.target);
      yield JSON.stringify({
        type: 'edge', ...e,
        source_fqn: s?.fqn, source_file: s?.filePath, source_line: s?.startLine,
        target_fqn: t?.fqn, target_file: t?.filePath, target_line: t?.startLine,
      });
    }
  } else if (format === 'dot') {
    yield 'digraph codectx {';
    for (const e of entities) {
      yield `  ${JSON.stringify(e.id)} [label=${JSON.stringify(`${e.kind} ${e.fqn}`)}, file=${JSON.stringify(`${e.filePath}:${e.startLine}-${e.endLine}`)}];`;
    }
    for (const e of edges) {
      yield `  ${JSON.stringify(e.source)} -> ${JSON.stringify(e.target)} [label=${JSON.stringify(e.kind)}, confidence=${e.confidence}, count=${e.count}, line=${e.line}];`;
    }
    yield '}';
  } else {
    // Rigi Standard Format: one "relation source target" triple per line. A name taken from a file path can
    // hold spaces, tabs or newlines (`with space.py`): such a token is written double-quoted, escaped as in JSON.
    // An edge's line does not fit a triple: it is in jsonl and dot only.
    for (const e of entities) yield `location ${rsfToken(e.fqn)} ${rsfToken(`${e.filePath}:${e.startLine}-${e.endLine}`)}`;
    for (const e of entities) yield `kind ${rsfToken(e.fqn)} ${e.kind}`;
    for (const e of entities) {
      const name = rsfToken(e.fqn);
      yield `file ${name} ${rsfToken(e.filePath)}`;
      yield `startline ${name} ${e.startLine}`;
      yield `endline ${name} ${e.endLine}`;
    }
    for (const e of edges) {
      const s = byId.get(e.source);
      const t = byId.get(e.target);
      if (s && t) yield `${e.kind} ${rsfToken(s.fqn)} ${rsfToken(t.fqn)}`;
    }
  }
}
