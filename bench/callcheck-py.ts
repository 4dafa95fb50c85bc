/**
 * Precision and recall of codectx's Python call edges against jedi (Debian's python3-jedi):
 * `node dist/bench/callcheck-py.js <repo dir> <subdir>`. Every call expression jedi's `goto`
 * resolves into the analysed files gives a reference (enclosing entity, declared entity) pair.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createResolver } from '../src/indexer/resolve/index.js';
import { innermost } from './callcheck-ts.js';
import { extractRepo } from './resolve-bench.js';

async function main(): Promise<void> {
  const [root, under = ''] = process.argv.slice(2);
  if (!root) throw new Error('usage: callcheck-py <repo dir> <subdir>');
  const { input } = await extractRepo(root, under);
  const pyFiles = [...input.extracts.keys()].filter((f) => f.endsWith('.py'));
  const resolver = createResolver(input);
  const entitiesOf = new Map([...input.extracts].map(([f, e]) => [f, e.entities]));
  const script = fileURLToPath(new URL('../../bench/callcheck_jedi.py', import.meta.url));
  const out = execFileSync('python3', [script, root, ...pyFiles], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const reference = new Set<string>();
  let resolvedSites = 0;
  for (const line of out.split('\n')) {
    if (line.trim() === '') continue;
    const site = JSON.parse(line) as { file: string; line: number; defFile: string; defLine: number; defName: string };
    const caller = innermost(entitiesOf.get(site.file) ?? [], site.line);
    const target = innermost(entitiesOf.get(site.defFile) ?? [], site.defLine, site.defName);
    if (!caller || !target) continue;
    resolvedSites++;
    reference.add(`${caller.id}>${target.id}`);
  }
  const ours = { exact: new Set<string>(), inferred: new Set<string>() };
  for (const file of pyFiles) {
    for (const edge of resolver.resolveFile(file).edges) if (edge.kind === 'calls') ours[edge.confidence].add(`${edge.source}>${edge.target}`);
  }
  const hits = (set: Set<string>) => [...set].filter((p) => reference.has(p)).length;
  const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);
  console.log(`${pyFiles.length} files, ${resolvedSites} call sites resolved by jedi into the analysed files, ${reference.size} distinct reference pairs`);
  for (const kind of ['exact', 'inferred'] as const) {
    console.log(`${kind}: ${ours[kind].size} edges, precision ${pct(hits(ours[kind]), ours[kind].size)}, recall ${pct(hits(ours[kind]), reference.size)}`);
  }
  const all = new Set([...ours.exact, ...ours.inferred]);
  console.log(`exact+inferred: precision ${pct(hits(all), all.size)}, recall ${pct(hits(all), reference.size)}`);
  if (process.env.CALLCHECK_SAMPLES) {
    const fqn = new Map([...input.extracts.values()].flatMap((e) => e.entities.map((x) => [x.id, `${x.fqn}@${x.startLine}`] as const)));
    const show = (pair: string) => pair.split('>').map((id) => fqn.get(id)).join(' -> ');
    const n = Number(process.env.CALLCHECK_SAMPLES);
    console.log('-- exact edges jedi does not confirm:');
    for (const p of [...ours.exact].filter((p) => !reference.has(p)).slice(0, n)) console.log(show(p));
    console.log('-- inferred edges jedi does not confirm:');
    for (const p of [...ours.inferred].filter((p) => !reference.has(p)).slice(0, n)) console.log(show(p));
    console.log('-- jedi pairs codectx misses:');
    for (const p of [...reference].filter((p) => !all.has(p)).slice(0, n)) console.log(show(p));
  }
}

await main();
