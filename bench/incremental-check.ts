/**
 * Incremental == cold on a real repository (not a test: the unit fixtures are small). Indexes commit A,
 * switches the worktree to B and updates the index, then indexes B cold into another folder and compares
 * every entity, edge and external. Restores the worktree's commit afterwards. With --keep-workers the update runs as
 * a long-lived process's (`codectx watch`, the MCP server) does: with the workers and writer thread the first run left.
 * Several commits after --to (comma-separated) are updated to in turn, each compared with a cold index of its own.
 *   node dist/bench/incremental-check.js --repo DIR --from COMMIT --to COMMIT[,COMMIT...] [--keep-workers]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { indexRepository, type IndexSummary } from '../src/graph/indexing.js';
import { IndexStore } from '../src/graph/store.js';

const { values } = parseArgs({
  options: { repo: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, 'keep-workers': { type: 'boolean' } },
});
if (!values.repo || !values.from || !values.to) {
  process.stderr.write('usage: node dist/bench/incremental-check.js --repo DIR --from COMMIT --to COMMIT[,COMMIT...] [--keep-workers]\n');
  process.exit(2);
}
const repo = values.repo;
const checkout = (commit: string): void => {
  execFileSync('git', ['-C', repo, 'checkout', '--quiet', '--force', '--detach', commit]);
};

async function timed(indexDir: string): Promise<{ seconds: number; summary: IndexSummary }> {
  const t0 = performance.now();
  const summary = await indexRepository({ repo, indexDir, keepWorkers: values['keep-workers'] === true });
  return { seconds: (performance.now() - t0) / 1000, summary };
}

function describe(label: string, { seconds, summary }: { seconds: number; summary: IndexSummary }): void {
  const phases = Object.entries(summary.phases).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
  console.log(`${label}: ${seconds.toFixed(2)} s (parsed ${summary.parsed}, removed ${summary.removed}, re-resolved ${summary.reresolved}; ${phases})`);
}

/** Every entity, edge and external, as sorted lines. */
/** Every entity, edge and external, and each file's dependency record (what its resolution read, which decides later updates). */
function snapshot(indexDir: string): Record<'entities' | 'edges' | 'externals' | 'records', string[]> {
  const store = IndexStore.open(indexDir, { readonly: true });
  try {
    const lines = (rows: readonly object[]) => rows.map((r) => JSON.stringify(r)).sort();
    const records = store.db.prepare("SELECT path, coalesce(record, '') AS resolve_deps FROM files LEFT JOIN resolve_deps USING (path)").all() as object[];
    return { entities: lines(store.entities()), edges: lines(store.edges()), externals: lines(store.externals()), records: lines(records) };
  } finally {
    store.close();
  }
}

const head = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const incremental = mkdtempSync(join(tmpdir(), 'codectx-inc-'));
let cold: string | undefined;
try {
  checkout(values.from);
  const coldA = await timed(incremental);
  describe(`cold index of ${values.from.slice(0, 10)}`, coldA);
  let same = true;
  for (const to of values.to.split(',')) {
    checkout(to);
    const update = await timed(incremental);
    describe(`update to ${to.slice(0, 10)}`, update);
    cold = mkdtempSync(join(tmpdir(), 'codectx-cold-'));
    const coldB = await timed(cold);
    describe(`cold index of ${to.slice(0, 10)}`, coldB);
    console.log(`update / cold: ${((update.seconds / coldB.seconds) * 100).toFixed(1)}%`);
    const a = snapshot(incremental);
    const b = snapshot(cold);
    rmSync(cold, { recursive: true, force: true });
    for (const key of ['entities', 'edges', 'externals', 'records'] as const) {
      const only = (x: string[], y: string[]) => {
        const other = new Set(y);
        return x.filter((line) => !other.has(line));
      };
      const missing = only(b[key], a[key]);
      const extra = only(a[key], b[key]);
      const equal = missing.length === 0 && extra.length === 0 && a[key].length === b[key].length;
      same &&= equal;
      console.log(`${key}: ${a[key].length} incremental, ${b[key].length} cold, ${equal ? 'equal' : `${missing.length} missing, ${extra.length} extra`}`);
      for (const line of [...missing.slice(0, 5).map((l) => `- ${l}`), ...extra.slice(0, 5).map((l) => `+ ${l}`)]) console.log(`  ${line}`);
    }
  }
  console.log(same ? 'incremental == cold' : 'INCREMENTAL DIFFERS FROM COLD');
  process.exitCode = same ? 0 : 1;
} finally {
  checkout(head);
  rmSync(incremental, { recursive: true, force: true });
  if (cold !== undefined) rmSync(cold, { recursive: true, force: true });
}
