/**
 * Indexing benchmark (not a test): cold index time against the raw parse time of the same files with the
 * same grammars in the same run, re-index time after switching commits, and peak RSS.
 *   npm run bench:index -- --repo DIR [--switch-to COMMIT] [--workers N] [--rounds N]
 * Figures are reported as ratios measured in one run, because the machines are shared and noisy; `--rounds N`
 * repeats the whole benchmark in N fresh processes, one after another, and ends with the least, median and
 * greatest of each figure, since on a shared machine one round can be off by a fifth. The runs keep
 * their workers for the next, as `codectx watch` and the MCP server do. Each run's CPU time over all its threads
 * says how far parallelism can take it on this machine: the wall time cannot fall below CPU time / cores.
 * The parallel floor says what the machine's cores give at all: the same plain parse loop split over one thread
 * per core, and the workers' whole part of an index (parse and extract, no resolution or storage) split likewise.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { parseOnly } from '../src/indexer/parse.js';
import { indexRepository } from '../src/graph/indexing.js';
import type { FloorJob } from './parallel-floor-worker.js';
import { repoSources } from './repo-sources.js';

const { values } = parseArgs({
  options: { repo: { type: 'string' }, 'switch-to': { type: 'string' }, workers: { type: 'string' }, rounds: { type: 'string' } },
});
if (!values.repo) {
  process.stderr.write('usage: npm run bench:index -- --repo DIR [--switch-to COMMIT] [--workers N] [--rounds N]\n');
  process.exit(2);
}
const repo = values.repo;
const workers = values.workers ? Number(values.workers) : undefined;
const rounds = values.rounds ? Number(values.rounds) : 1;

/** A round's figures, printed by a child round as its last line after this marker for the parent to collect. */
const FIGURES_MARKER = '@@figures ';
type Figures = Record<string, number>;
const figures: Figures = {};

if (rounds > 1) {
  runRounds(rounds);
  process.exit(0);
}

/** Runs the benchmark `n` times in child processes, shows their output, and summarizes each figure over them. */
function runRounds(n: number): void {
  const args = process.argv.slice(1).filter((a, i, all) => a !== '--rounds' && all[i - 1] !== '--rounds' && !a.startsWith('--rounds='));
  const all: Figures[] = [];
  for (let round = 1; round <= n; round++) {
    console.log(`--- round ${round} of ${n}`);
    const child = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, CODECTX_BENCH_ROUND: '1' }, maxBuffer: 1 << 24 });
    const lines = child.stdout.split('\n');
    for (const line of lines) if (line !== '' && !line.startsWith(FIGURES_MARKER)) console.log(line);
    if (child.status !== 0) {
      process.stderr.write(child.stderr);
      process.exit(child.status ?? 1);
    }
    const last = lines.find((l) => l.startsWith(FIGURES_MARKER));
    if (last !== undefined) all.push(JSON.parse(last.slice(FIGURES_MARKER.length)) as Figures);
  }
  console.log(`--- over ${all.length} rounds: least / median / greatest`);
  for (const key of Object.keys(all[0] ?? {})) {
    const sorted = all.map((f) => f[key]!).sort((a, b) => a - b);
    const median = sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    console.log(`${key}: ${sorted[0]!.toFixed(2)} / ${median.toFixed(2)} / ${sorted[sorted.length - 1]!.toFixed(2)}`);
  }
}

const cores = availableParallelism();

/** CPU seconds of every thread of this process (workers included, ended ones too) since `start`. */
function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** CPU time of a run of `wall` seconds, and the share of the machine's cores it kept busy. */
function formatCpu(cpu: number, wall: number): string {
  return `CPU, all threads: ${cpu.toFixed(2)} s, ${((cpu / (wall * cores)) * 100).toFixed(0)}% of ${cores} cores busy`;
}

function formatPhases(phases: Record<string, number>): string {
  return Object.entries(phases)
    .map(([phase, seconds]) => `${phase} ${seconds.toFixed(2)}`)
    .join(', ');
}

/**
 * Wall and CPU seconds of `mode` over every source, split over `threads` threads by size (largest first, each to
 * the thread with the least so far); timed from when every thread has loaded its grammar to when the last is done.
 */
async function parallelFloor(mode: FloorJob['mode'], threads: number): Promise<{ wall: number; cpu: number }> {
  const shares: FloorJob['files'][] = Array.from({ length: threads }, () => []);
  const loads: number[] = new Array<number>(threads).fill(0);
  for (const source of [...sources].sort((a, b) => b.text.length - a.text.length)) {
    const least = loads.indexOf(Math.min(...loads));
    shares[least]!.push(source);
    loads[least]! += source.text.length;
  }
  const url = new URL('./parallel-floor-worker.js', import.meta.url);
  const floorWorkers = shares.map((files) => new Worker(url, { workerData: { mode, files, layout } satisfies FloorJob }));
  try {
    await Promise.all(floorWorkers.map((w) => once(w, 'message')));
    const done = Promise.all(floorWorkers.map((w) => once(w, 'message')));
    const start = performance.now();
    const cpu = process.cpuUsage();
    for (const w of floorWorkers) w.postMessage('go');
    await done;
    return { wall: (performance.now() - start) / 1000, cpu: cpuSince(cpu) };
  } finally {
    await Promise.all(floorWorkers.map((w) => w.terminate()));
  }
}

const { sources, layout } = repoSources(repo);
const bytes = sources.reduce((n, s) => n + Buffer.byteLength(s.text), 0);
const mb = bytes / (1024 * 1024);
console.log(`repo: ${repo}`);
console.log(`files: ${sources.length}  size: ${mb.toFixed(1)} MB`);

// Warm the grammars so neither measurement pays their one-time load.
if (sources[0]) await parseOnly(sources[0].path, sources[0].text);
let t0 = performance.now();
let cpu0 = process.cpuUsage();
for (const s of sources) await parseOnly(s.path, s.text);
const rawParseCpu = cpuSince(cpu0);
const rawParse = (performance.now() - t0) / 1000;
console.log(`raw parse (plain loop, 1 thread): ${rawParse.toFixed(2)} s (CPU ${rawParseCpu.toFixed(2)} s)`);
figures['raw parse (s)'] = rawParse;


/** The cold index's resolve phase (s), for the floor below. */
let coldResolve = 0;
const indexDir = mkdtempSync(join(tmpdir(), 'codectx-bench-'));
try {
  t0 = performance.now();
  cpu0 = process.cpuUsage();
  const cold = await indexRepository({ repo, indexDir, workers, keepWorkers: true });
  const coldTime = (performance.now() - t0) / 1000;
  const coldCpu = cpuSince(cpu0);
  const totalEdges = Object.values(cold.edgesByKind).reduce((s, byConf) => s + Object.values(byConf).reduce((a, b) => a + b, 0), 0);
  console.log(`cold index: ${coldTime.toFixed(2)} s  (${cold.files} files, ${Object.values(cold.entitiesByKind).reduce((a, b) => a + b, 0)} entities, ${totalEdges} edges)`);
  console.log(`ratio cold index / raw parse: ${(coldTime / rawParse).toFixed(2)}x`);
  figures['cold index (s)'] = coldTime;
  figures['cold index / raw parse (x)'] = coldTime / rawParse;
  figures['cold CPU / raw parse CPU (x)'] = coldCpu / rawParseCpu;
  console.log(`  phases (s): ${formatPhases(cold.phases)}`);
  console.log(`  ${formatCpu(coldCpu, coldTime)}; ${(coldCpu / rawParseCpu).toFixed(2)}x the raw parse's CPU, so at least ${(coldCpu / rawParseCpu / cores).toFixed(2)}x its time on ${cores} cores`);
  coldResolve = cold.phases.resolve;

  t0 = performance.now();
  await indexRepository({ repo, indexDir, workers, keepWorkers: true });
  console.log(`no-op re-index: ${((performance.now() - t0) / 1000).toFixed(2)} s (${(((performance.now() - t0) / 1000 / coldTime) * 100).toFixed(1)}% of cold)`);

  if (values['switch-to']) {
    const before = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    execFileSync('git', ['-C', repo, 'checkout', '--quiet', '--force', '--detach', values['switch-to']]);
    try {
      t0 = performance.now();
      cpu0 = process.cpuUsage();
      const re = await indexRepository({ repo, indexDir, workers, keepWorkers: true });
      const reTime = (performance.now() - t0) / 1000;
      const reCpu = cpuSince(cpu0);
      console.log(`re-index after switching to ${values['switch-to'].slice(0, 10)}: ${reTime.toFixed(2)} s, ${((reTime / coldTime) * 100).toFixed(1)}% of cold (parsed ${re.parsed}, removed ${re.removed}, re-resolved ${re.reresolved})`);
      console.log(`  phases (s): ${formatPhases(re.phases)}`);
      // The switch's work as a share of the cold index's: unlike the time ratio, it leaves out cores left idle.
      console.log(`  ${formatCpu(reCpu, reTime)}; ${((reCpu / coldCpu) * 100).toFixed(1)}% of the cold index's CPU`);
      figures['switch (s)'] = reTime;
      figures['switch / cold (%)'] = (reTime / coldTime) * 100;
      figures['switch CPU / cold CPU (%)'] = (reCpu / coldCpu) * 100;
    } finally {
      execFileSync('git', ['-C', repo, 'checkout', '--quiet', '--force', '--detach', before]);
    }
  }
} finally {
  rmSync(indexDir, { recursive: true, force: true });
}
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
figures['peak RSS (MB)'] = process.resourceUsage().maxRSS / 1024;

// Last, so that its threads take nothing from the runs above (their memory, the host's caches).
const floorParse = await parallelFloor('parse', cores);
console.log(`raw parse on ${cores} threads: ${floorParse.wall.toFixed(2)} s, ${(rawParse / floorParse.wall).toFixed(2)}x faster than on 1 (${formatCpu(floorParse.cpu, floorParse.wall)})`);
const floorExtract = await parallelFloor('extract', cores);
console.log(`parse + extract on ${cores} threads (no resolution, no storage): ${floorExtract.wall.toFixed(2)} s, ${(floorExtract.wall / rawParse).toFixed(2)}x the raw parse (${formatCpu(floorExtract.cpu, floorExtract.wall)})`);
// Resolution reads every file's declarations, so it starts when extraction ends: the cold index cannot beat this
// sum unless resolution or extraction gets cheaper.
const floor = (floorExtract.wall + coldResolve) / rawParse;
console.log(`then the cold index's resolve phase: ${floor.toFixed(2)}x the raw parse, the least a cold index can take here`);
figures[`raw parse on ${cores} threads / raw parse (x)`] = floorParse.wall / rawParse;
figures[`parse + extract on ${cores} threads / raw parse (x)`] = floorExtract.wall / rawParse;
figures['parse + extract, then resolve / raw parse (x)'] = floor;
if (process.env.CODECTX_BENCH_ROUND === '1') console.log(`${FIGURES_MARKER}${JSON.stringify(figures)}`);
