/**
 * Precision and recall of codectx's Python call edges against jedi (Debian's python3-jedi):
 * `node dist/bench/callcheck-py.js <repo dir> <subdir>`. Every call expression jedi's `goto`
 * resolves into the analysed files gives a reference (enclosing entity, declared entity) pair.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createResolver } from '../src/indexer/resolve/index.js';
import { innermost } from './callcheck-ts.js';
import { reportCallCheck } from './callcheck-report.js';
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
  reportCallCheck('jedi', input, resolver, pyFiles, reference, `${pyFiles.length} files, ${resolvedSites} call sites resolved by jedi into the analysed files`);
}

await main();
