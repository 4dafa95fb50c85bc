/**
 * A graph's edges kept in a derived file as entity positions and codes: a process that answers one query reads
 * ~20 bytes per edge instead of SQLite's rows, which it sorted and turned into two id strings each (on
 * spring-framework 504,083 edges took ~0.9 - 1.4 s to load, and their strings kept the garbage collector busy).
 * The file holds the edges in the order the store gives them, their ends as positions in the store's entity
 * order, and records the index version and a digest of the entity ids it was written against.
 */
import { createHash } from 'node:crypto';
import { derivedFilePath, readDerived, writeDerived, type DerivedHeader } from './derived-file.js';
import type { Confidence, Edge, EdgeKind, Entity } from './types.js';

/** RULE: bump with any change to the file's layout or to what the store's edge order is. */
const EDGE_CACHE_FORMAT = 1;
const FILE_NAME = 'edges.bin';
const KINDS: readonly EdgeKind[] = ['contains', 'imports', 'calls', 'inherits', 'implements', 'references'];
const CONFIDENCES: readonly Confidence[] = ['exact', 'inferred'];

/** Bytes per edge: source, target, count and line as 32-bit integers, kind and confidence as codes. */
const EDGE_BYTES = 18;

function headerFor(version: number, entities: readonly Entity[]): DerivedHeader {
  const digest = createHash('sha1');
  for (const e of entities) digest.update(e.id).update('\n');
  return { format: EDGE_CACHE_FORMAT, version, entities: digest.digest('hex') };
}

/** The edges kept for `entities` at index version `version`, or null when the file is missing or was written for others. */
export function readEdgeCache(indexDir: string, version: number, entities: readonly Entity[]): Edge[] | null {
  const body = readDerived(derivedFilePath(indexDir, FILE_NAME), headerFor(version, entities));
  if (body === null || body.length % EDGE_BYTES !== 0) return null;
  const count = body.length / EDGE_BYTES;
  // Copied out: typed arrays over the file's bytes would need their offsets aligned.
  const ints = new Int32Array(body.buffer.slice(body.byteOffset, body.byteOffset + count * 16));
  const codes = body.subarray(count * 16);
  const edges = new Array<Edge>(count);
  for (let i = 0; i < count; i++) {
    const source = entities[ints[i]!];
    const target = entities[ints[count + i]!];
    const kind = KINDS[codes[i]!];
    const confidence = CONFIDENCES[codes[count + i]!];
    if (source === undefined || target === undefined || kind === undefined || confidence === undefined) return null;
    edges[i] = { source: source.id, target: target.id, kind, confidence, count: ints[2 * count + i]!, line: ints[3 * count + i]! };
  }
  return edges;
}

/** Keeps `edges` (every end among `entities`, at `indexOf`) for the next process that loads this version. */
export function writeEdgeCache(indexDir: string, version: number, entities: readonly Entity[], edges: readonly Edge[], indexOf: ReadonlyMap<string, number>): void {
  const count = edges.length;
  const ints = new Int32Array(4 * count);
  const codes = new Uint8Array(2 * count);
  for (let i = 0; i < count; i++) {
    const e = edges[i]!;
    ints[i] = indexOf.get(e.source)!;
    ints[count + i] = indexOf.get(e.target)!;
    ints[2 * count + i] = e.count;
    ints[3 * count + i] = e.line;
    codes[i] = KINDS.indexOf(e.kind);
    codes[count + i] = CONFIDENCES.indexOf(e.confidence);
  }
  writeDerived(derivedFilePath(indexDir, FILE_NAME), headerFor(version, entities), [new Uint8Array(ints.buffer), codes]);
}
