/** Shared helpers: extract a fixture repository with the real extractor and print edges as FQN pairs. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Entity } from '../../src/graph/types.js';
import { languageForPath } from '../../src/indexer/languages/index.js';
import { detectLayout } from '../../src/indexer/layout.js';
import { extractFile } from '../../src/indexer/parse.js';
import { createResolver, type FileResolution, type Resolver, type ResolveInput } from '../../src/indexer/resolve/index.js';
import { isInheritance, type FileExtract } from '../../src/indexer/types.js';

export const FIXTURES = join(fileURLToPath(new URL('.', import.meta.url)), '../../../test/fixtures');

export interface Repo {
  files: Map<string, string>;
}

export function readRepo(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(dir, full).split(sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

/** Extraction records and resolver input for an in-memory repository (path -> source). */
export async function inputFor(sources: ReadonlyMap<string, string>): Promise<ResolveInput> {
  const readFile = (rel: string) => sources.get(rel) ?? null;
  const layout = detectLayout([...sources.keys()], readFile);
  const extracts = new Map<string, FileExtract>();
  for (const [path, source] of sources) {
    if (languageForPath(path) === undefined) continue;
    extracts.set(path, await extractFile(path, source, layout));
  }
  return { extracts, layout: { ...layout, files: [...extracts.keys()] }, readFile };
}

/**
 * Each file's resolution (edges, externals, dependency record) as JSON, by path, resolving the files in `order`
 * with one resolver, as indexing does: every other file's references but the inheritance ones held back.
 */
export function resolveInOrder(input: ResolveInput, order: readonly string[]): Map<string, string> {
  const extracts = new Map<string, FileExtract>();
  for (const [path, extract] of input.extracts) extracts.set(path, { ...extract, refs: extract.refs.filter(isInheritance) });
  const resolver = createResolver({ ...input, extracts });
  const out = new Map<string, string>();
  for (const path of order) {
    const declarations = extracts.get(path)!;
    extracts.set(path, input.extracts.get(path)!);
    out.set(path, JSON.stringify(resolver.resolveFile(path)));
    extracts.set(path, declarations);
  }
  return out;
}

export function resolveAll(resolver: Resolver, files: Iterable<string>): Map<string, FileResolution> {
  const out = new Map<string, FileResolution>();
  for (const file of [...files].sort()) out.set(file, resolver.resolveFile(file));
  return out;
}

/** `source -kind-> target [confidence]` lines, sorted, for every non-contains edge. */
export function describeEdges(input: ResolveInput, results: ReadonlyMap<string, FileResolution>, kinds?: readonly string[]): string[] {
  const byId = new Map<string, Entity>();
  for (const extract of input.extracts.values()) for (const e of extract.entities) byId.set(e.id, e);
  const lines: string[] = [];
  for (const result of results.values()) {
    for (const edge of result.edges) {
      if (kinds ? !kinds.includes(edge.kind) : edge.kind === 'contains') continue;
      const suffix = edge.confidence === 'inferred' ? ' [inferred]' : '';
      lines.push(`${byId.get(edge.source)?.fqn} -${edge.kind}-> ${byId.get(edge.target)?.fqn}${suffix}`);
    }
  }
  return lines.sort();
}

export function describeExternals(input: ResolveInput, results: ReadonlyMap<string, FileResolution>): string[] {
  const byId = new Map<string, Entity>();
  for (const extract of input.extracts.values()) for (const e of extract.entities) byId.set(e.id, e);
  const lines: string[] = [];
  for (const result of results.values()) {
    for (const ref of result.externals) lines.push(`${byId.get(ref.source)?.fqn} -${ref.kind}-> ${ref.module}:${ref.symbol}`);
  }
  return lines.sort();
}

/** A repository's input, resolver and every file's resolution: from a fixture folder, or in memory (path -> source). */
export async function resolveRepo(from: string | ReadonlyMap<string, string>) {
  const input = await inputFor(typeof from === 'string' ? readRepo(from) : from);
  const resolver = createResolver(input);
  const results = resolveAll(resolver, input.extracts.keys());
  return { input, resolver, results };
}

/** Source text of these lines, each ended by a newline. */
export const lines = (...text: string[]): string => text.join('\n') + '\n';
