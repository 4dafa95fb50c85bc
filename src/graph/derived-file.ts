/**
 * Files derived from an index, kept in its `derived/` folder so that a process answering one query (the CLI) reads
 * them instead of computing them again. Each starts with a JSON header saying what it was derived from; a reader
 * uses the file only when the header equals what it expects, and otherwise derives the data again and writes the
 * file anew. Writing is best effort: a read-only index folder only loses the saving.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirectory } from '../util/make-dir.js';
import { DERIVED_DIR_NAME } from './store.js';

/** What a derived file was built from: equal headers, equal data. */
export type DerivedHeader = Readonly<Record<string, string | number>>;

export function derivedFilePath(indexDir: string, name: string): string {
  return join(indexDir, DERIVED_DIR_NAME, name);
}

/** The body of `file` when its header equals `expected` (the body starts at a multiple of 8 bytes), else null. */
export function readDerived(file: string, expected: DerivedHeader): Buffer | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  if (bytes.length < 4) return null;
  const headerLength = bytes.readUInt32LE(0);
  let header: unknown;
  try {
    header = JSON.parse(bytes.toString('utf8', 4, 4 + headerLength));
  } catch {
    return null;
  }
  if (typeof header !== 'object' || header === null) return null;
  const found = header as Record<string, unknown>;
  const keys = Object.keys(expected);
  if (Object.keys(found).length !== keys.length || keys.some((k) => found[k] !== expected[k])) return null;
  return bytes.subarray(align8(4 + headerLength));
}

/** Writes `file` whole or not at all: aside, then renamed into place, so a reader never sees half a file. */
export function writeDerived(file: string, header: DerivedHeader, body: readonly Uint8Array[]): void {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(align8(4 + json.length));
  prefix.writeUInt32LE(json.length, 0);
  json.copy(prefix, 4);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    makeDirectory(join(file, '..'));
    writeFileSync(temporary, Buffer.concat([prefix, ...body]));
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}
