/** The incremental property: old per-file results + re-resolving `affectedFiles` equals resolving from scratch. */
import assert from 'node:assert/strict';
import { createResolver, type FileDeps, type FileResolution, type ResolveInput } from '../../src/indexer/resolve/index.js';
import type { FileExtract } from '../../src/indexer/types.js';

function canonical({ edges: e, externals: x }: FileResolution): string {
  const result = { edges: e, externals: x };
  const edges = result.edges.map((e) => JSON.stringify(e)).sort();
  const externals = result.externals.map((e) => JSON.stringify(e)).sort();
  return JSON.stringify([edges, externals]);
}

function resolveEverything(input: ResolveInput): { results: Map<string, string>; deps: Map<string, FileDeps> } {
  const resolver = createResolver(input);
  const results = new Map<string, string>();
  const deps = new Map<string, FileDeps>();
  for (const file of input.extracts.keys()) {
    const resolution = resolver.resolveFile(file);
    results.set(file, canonical(resolution));
    deps.set(file, resolution.deps);
  }
  return { results, deps };
}

/** Checks the property and returns the affected set. */
export function checkIncremental(before: ResolveInput, after: ResolveInput): Set<string> {
  const old = resolveEverything(before);
  const changed = new Set<string>();
  const previous = new Map<string, FileExtract | undefined>();
  for (const file of new Set([...before.extracts.keys(), ...after.extracts.keys()])) {
    const a = before.extracts.get(file);
    const b = after.extracts.get(file);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    changed.add(file);
    previous.set(file, a);
  }
  const resolver = createResolver(after);
  const affected = resolver.affectedFiles(changed, previous, old.deps);
  const merged = new Map<string, string>();
  for (const file of after.extracts.keys()) {
    merged.set(file, affected.has(file) ? canonical(resolver.resolveFile(file)) : old.results.get(file)!);
  }
  const cold = resolveEverything(after).results;
  for (const [file, result] of cold) assert.equal(merged.get(file), result, `stale resolution of ${file} (changed: ${[...changed].join(', ')})`);
  return affected;
}
