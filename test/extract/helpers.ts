import { detectLayout } from '../../src/indexer/layout.js';
import { extractFile } from '../../src/indexer/parse.js';
import type { FileExtract } from '../../src/indexer/types.js';

/** Extracts one in-memory file; `others` are extra repository paths (for layout detection) and go.mod contents. */
export async function extractSource(path: string, source: string, others: Record<string, string> = {}): Promise<FileExtract> {
  const files = [path, ...Object.keys(others)];
  const layout = detectLayout(files, (rel) => others[rel] ?? (rel === path ? source : null));
  return extractFile(path, source, layout);
}

function fqnOf(x: FileExtract, id: string): string {
  return x.entities.find((e) => e.id === id)?.fqn ?? `<unknown ${id}>`;
}

/** Refs as `kind receiver|name @fromFqn` strings, in source order. */
export function refsOf(x: FileExtract, kinds?: readonly string[]): string[] {
  return x.refs.filter((r) => kinds === undefined || kinds.includes(r.kind)).map((r) => `${r.kind} ${r.receiver}|${r.name} @${fqnOf(x, r.fromId)}`);
}

export function bindingsOf(x: FileExtract): string[] {
  return x.bindings.map((b) => `${b.variable}${b.value ? ' =' : ':'} ${b.typeName}${b.declaredType !== undefined ? ` (${b.declaredType})` : ''} @${fqnOf(x, b.scopeId)}`);
}

/** Imports without their ids, with the enclosing entity's FQN instead. */
export function importsOf(x: FileExtract): object[] {
  return x.imports.map(({ fromId, ...rest }) => ({ from: fqnOf(x, fromId), ...rest }));
}

export function fqns(x: FileExtract): string[] {
  return x.entities.map((e) => `${e.kind} ${e.fqn}`);
}
