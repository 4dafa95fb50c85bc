/**
 * Token-counting benchmark (not a test): the CPU time extraction spends on exact o200k counts of a repository's
 * files and entity spans, in fresh processes so each repetition pays the tokenizer's start-up and a cold memo.
 *   node dist/bench/token-bench.js --repo DIR [--runs N]
 * Per run: `init` (importing the counter), `cold` (every file and span once, empty memo), `warm` (the same again).
 * KEEP=1 keeps the recorded workload (its path is printed) for profiling one child run: `--child PATH`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface Workload {
  files: { text: string; spans: number[] }[];
}

const { values } = parseArgs({
  options: { repo: { type: 'string' }, runs: { type: 'string' }, child: { type: 'string' } },
});

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

if (values.child !== undefined) {
  const workload = JSON.parse(readFileSync(values.child, 'utf8')) as Workload;
  const t0 = cpuMs();
  const { SpanTokenCounter } = await import('../src/indexer/extract/span-tokens.js');
  const t1 = cpuMs();
  const pass = (): number => {
    let sum = 0;
    for (const { text, spans } of workload.files) {
      const counter = new SpanTokenCounter(text);
      sum += counter.total;
      for (let i = 0; i < spans.length; i += 2) sum += counter.count(spans[i]!, spans[i + 1]!);
    }
    return sum;
  };
  const checksum = pass();
  const t2 = cpuMs();
  pass();
  const t3 = cpuMs();
  console.log(JSON.stringify({ init: t1 - t0, cold: t2 - t1, warm: t3 - t2, checksum }));
} else {
  if (!values.repo) {
    process.stderr.write('usage: node dist/bench/token-bench.js --repo DIR [--runs N]\n');
    process.exit(2);
  }
  const workload = await recordWorkload(values.repo);
  const dir = mkdtempSync(join(tmpdir(), 'codectx-token-bench-'));
  const path = join(dir, 'workload.json');
  try {
    writeFileSync(path, JSON.stringify(workload));
    const spanCount = workload.files.reduce((n, f) => n + f.spans.length / 2, 0);
    console.log(`files: ${workload.files.length}  spans: ${spanCount}`);
    const runs: { init: number; cold: number; warm: number; checksum: number }[] = [];
    for (let r = 0; r < Number(values.runs ?? 5); r++) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', path], { encoding: 'utf8' });
      runs.push(JSON.parse(out) as (typeof runs)[number]);
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const key of ['init', 'cold', 'warm'] as const) {
      console.log(`${key}: median ${median(runs.map((r) => r[key])).toFixed(0)} ms CPU  (${runs.map((r) => r[key].toFixed(0)).join(', ')})`);
    }
    console.log(`checksum (sum of all counts): ${runs[0]?.checksum}`);
  } finally {
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
    else console.log(`workload kept: ${path}`);
  }
}

/** Every file extraction would read, with the spans whose counts its entities ask for. */
async function recordWorkload(repo: string): Promise<Workload> {
  const { extractFile } = await import('../src/indexer/parse.js');
  const { repoSources } = await import('./repo-sources.js');
  const { SpanTokenCounter } = await import('../src/indexer/extract/span-tokens.js');
  let spans: number[] = [];
  const count = SpanTokenCounter.prototype.count;
  SpanTokenCounter.prototype.count = function (this: InstanceType<typeof SpanTokenCounter>, start: number, end: number): number {
    spans.push(start, end);
    return count.call(this, start, end);
  };
  const { layout, sources } = repoSources(repo);
  const files: Workload['files'] = [];
  for (const source of sources) {
    spans = [];
    await extractFile(source.path, source.text, layout);
    files.push({ text: source.text, spans });
  }
  SpanTokenCounter.prototype.count = count;
  return { files };
}
