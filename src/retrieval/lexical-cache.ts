/**
 * The lexical indexes of a stored graph, kept in the index folder's derived files: a process that answers one
 * query (the CLI) reads them instead of analysing every entity again, which on Django took ~1.6 s of a 3.8 s
 * `codectx context`. A file records the index version it was built from and a digest of its documents (entity
 * ids or file paths, in document order), and is used only when both match the graph's; otherwise the index is
 * built and the file written anew. Writing is best effort: a read-only index folder only loses the saving.
 */
import { createHash } from 'node:crypto';
import { derivedFilePath, readDerived, writeDerived } from '../graph/derived-file.js';
import type { LoadedGraph } from '../graph/memory.js';
import { Bm25fIndex, type FieldSpec } from './bm25f.js';

/**
 * RULE: bump with any change that makes the same graph give another index: the analyzer (analyzer.ts,
 * code-tokens.ts) or what a document holds (entityFields in lexical.ts, file-lexical.ts). The fields' weights
 * are checked against the file itself.
 */
const LEXICAL_VERSION = 1;

/**
 * The index `name` of `graph` (fields `fields`, one document per key of `docKeys`, in order): read from its file
 * when that was built from the same documents at the graph's version, else built by `build` and written.
 */
export function storedLexicalIndex(graph: LoadedGraph, name: string, fields: readonly FieldSpec[], docKeys: readonly string[], build: () => Bm25fIndex): Bm25fIndex {
  if (graph.indexDir === undefined) return build();
  const file = derivedFilePath(graph.indexDir, `lexical-${name}.bin`);
  const header = { lexical: LEXICAL_VERSION, version: graph.version, digest: createHash('sha1').update(docKeys.join('\n')).digest('hex') };
  const body = readDerived(file, header);
  const kept = body === null ? null : Bm25fIndex.fromBytes(body);
  if (kept !== null && JSON.stringify(kept.fields) === JSON.stringify(fields)) return kept;
  const index = build();
  writeDerived(file, header, [index.toBytes()]);
  return index;
}
