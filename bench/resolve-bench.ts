/**
 * Resolver speed and edge statistics on a real repository:
 * `node dist/bench/resolve-bench.js <repo dir> [subdir]` (extraction time is reported separately).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { languageForPath } from '../src/indexer/languages/index.js';
import { detectLayout } from '../src/indexer/layout.js';
import { extractFile } from '../src/indexer/parse.js';
import { createResolver, type FileDeps } from '../src/indexer/resolve/index.js';
import type { FileExtract } from '../src/indexer/types.js';

const SKIP = new Set(['.git', 'node_modules', 'dist', 'build', '.venv', 'venv', '__pycache__']);

export function listFiles(root: string, under = ''): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIP.has(name)) continue;
      const full = join(dir, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (stat.size < 1_000_000) out.push(relative(root, full).split(sep).join('/'));
    }
  };
  walk(join(root, under));
  return out.sort();
}

/**
 * Extracts the files under `under`, named as in an index of the whole repository: module names and
 * import roots come from every file of `root` (a subdirectory alone would make `django/db/x.py` module
 * `db.x`, and the package's own absolute imports `django.db.x` unresolvable).
 */
export async function extractRepo(root: string, under = '') {
  const all = listFiles(root, under);
  const readFile = (rel: string): string | null => {
    try {
      return readFileSync(join(root, rel), 'utf8');
    } catch {
      return null;
    }
  };
  const layout = detectLayout(under === '' ? all : listFiles(root), readFile);
  const extracts = new Map<string, FileExtract>();
  for (const file of all) {
    if (languageForPath(file) === undefined) continue;
    extracts.set(file, await extractFile(file, readFile(file) ?? '', layout));
  }
  return { input: { extracts, layout: { ...layout, files: [...extracts.keys()] }, readFile } };
}

async function main(): Promise<void> {
  const [root, under = ''] = process.argv.slice(2);
  if (!root) throw new Error('usage: resolve-bench <repo dir> [subdir]');
  let t = performance.now();
  const { input } = await extractRepo(root, under);
  const entities = [...input.extracts.values()].reduce((n, e) => n + e.entities.length, 0);
  console.log(`extracted ${input.extracts.size} files, ${entities} entities in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  const cpu = process.cpuUsage();
  const resolver = createResolver(input);
  const created = performance.now() - t;
  const counts = new Map<string, number>();
  let externals = 0;
  const deps = new Map<string, FileDeps>();
  for (const file of input.extracts.keys()) {
    const result = resolver.resolveFile(file);
    deps.set(file, result.deps);
    for (const e of result.edges) counts.set(`${e.kind}/${e.confidence}`, (counts.get(`${e.kind}/${e.confidence}`) ?? 0) + 1);
    externals += result.externals.length;
  }
  const total = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  console.log(`createResolver ${created.toFixed(0)} ms, create + resolve all ${total.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms cpu`);
  console.log([...counts].sort().map(([k, v]) => `${k}=${v}`).join(' '), `externals=${externals}`);
  // Affected-set size for a body-only edit and an interface edit of the file with most entities.
  const biggest = [...input.extracts.values()].sort((a, b) => b.entities.length - a.entities.length)[0]!;
  t = performance.now();
  const body = resolver.affectedFiles(new Set([biggest.filePath]), new Map([[biggest.filePath, biggest]]), deps);
  const bodyMs = performance.now() - t;
  const renamed: FileExtract = { ...biggest, entities: biggest.entities.map((e, i) => (i === 1 ? { ...e, id: e.id + 'x', name: e.name + 'X' } : e)) };
  t = performance.now();
  const iface = resolver.affectedFiles(new Set([biggest.filePath]), new Map([[biggest.filePath, renamed]]), deps);
  console.log(`affectedFiles(${biggest.filePath}): body edit ${body.size} files (${bodyMs.toFixed(0)} ms incl. index), interface edit ${iface.size} files (${(performance.now() - t).toFixed(0)} ms)`);
}

if (process.argv[1]?.endsWith('resolve-bench.js')) await main();
