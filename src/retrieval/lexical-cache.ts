/**
 * The lexical indexes of a stored graph, kept in the index folder's derived files: a process that answers one
 * query (the CLI) reads them instead of analysing every entity again, which on Django took ~1.6 s of a 3.8 s
 * `codectx context`. A file records the index version it was built from and a digest of its documents (entity
 * ids or file paths, in document order), and is used only when both match the graph's; otherwise the index is
 * built and the file written anew. Writing is best effort: a read-only index folder only loses the saving.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedGraph } from '../graph/memory.js';
import { DERIVED_DIR_NAME } from '../graph/store.js';
import { makeDirectory } from '../util/make-dir.js';
import { Bm25fIndex, type FieldSpec } from './bm25f.js';

/**
 * RULE: bump with any change that makes the same graph give another index: the analyzer (analyzer.ts,
 * code-tokens.ts) or what a document holds (entityFields in lexical.ts, file-lexical.ts). The fields' weights
 * are checked against the file itself.
 */
const LEXICAL_VERSION = 1;

interface Header {
  lexical: number;
  version: number;
  digest: string;
}

/**
 * The index `name` of `graph` (fields `fields`, one document per key of `docKeys`, in order): read from its file
 * when that was built from the same documents at the graph's version, else built by `build` and written.
 */
export function storedLexicalIndex(graph: LoadedGraph, name: string, fields: readonly FieldSpec[], docKeys: readonly string[], build: () => Bm25fIndex): Bm25fIndex {
  if (graph.indexDir === undefined) return build();
  const file = join(graph.indexDir, DERIVED_DIR_NAME, `lexical-${name}.bin`);
  const header: Header = { lexical: LEXICAL_VERSION, version: graph.version, digest: createHash('sha1').update(docKeys.join('\n')).digest('hex') };
  const kept = read(file, header, fields);
  if (kept !== null) return kept;
  const index = build();
  write(file, header, index);
  return index;
}

function read(file: string, expected: Header, fields: readonly FieldSpec[]): Bm25fIndex | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  if (bytes.length < 4) return null;
  const headerLength = bytes.readUInt32LE(0);
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', 4, 4 + headerLength)) as Header;
  } catch {
    return null;
  }
  if (header.lexical !== expected.lexical || header.version !== expected.version || header.digest !== expected.digest) return null;
  const index = Bm25fIndex.fromBytes(bytes.subarray(align8(4 + headerLength)));
  return index !== null && JSON.stringify(index.fields) === JSON.stringify(fields) ? index : null;
}

function write(file: string, header: Header, index: Bm25fIndex): void {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(align8(4 + json.length));
  prefix.writeUInt32LE(json.length, 0);
  json.copy(prefix, 4);
  // Written aside and renamed into place: a reader never sees half a file, and concurrent writers each write a whole one.
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    makeDirectory(join(file, '..'));
    writeFileSync(temporary, Buffer.concat([prefix, index.toBytes()]));
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}
