/**
 * Localization evaluation on SWE-bench-style tasks: for each task, a worktree at its base commit is
 * indexed incrementally, context_for_task ranks files for the problem statement, and the ranking is
 * scored against the gold files, side by side with plain BM25 over whole files in the same run.
 *   npm run eval -- --tasks FILE --git-dirs MAP [--limit N] [--repo R] [--per-repo N] [--skip-repo R]...
 *     [--worktrees DIR] [--index-root DIR] [--out FILE] [--snapshots DIR [--only-snapshotted]]
 * MAP is a JSON file {"owner/name": "/git/dir"} or "owner/name=/git/dir,...".
 * With --snapshots, each task's index is copied there after indexing and reused on later runs, so a
 * ranking change can be re-measured without checking out and re-indexing every commit again.
 * --get-context 4000,8000 (the default; `none` turns it off) also runs get_context on the problem statement at
 * those token budgets and reports the share of tasks whose gold files all appear among the returned nodes.
 * --checkout defaults to checkout.sh beside the tasks file's folder (../shared/eval/checkout.sh).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openRepo, type RepoHandle } from '../src/api/repo.js';
import { buildLoadedGraph } from '../src/graph/memory.js';
import { IndexStore, INDEX_DB_NAME } from '../src/graph/store.js';
import { contextForTask } from '../src/retrieval/context-for-task.js';
import { getContext } from '../src/retrieval/get-context.js';
import type { SourceReader } from '../src/retrieval/snippets.js';
import { FileBm25Baseline } from './eval-baseline.js';
import { ACC_KS, percentile, scoreRanking, summarize, type Summary, type TaskScore } from './eval-metrics.js';

interface EvalTask {
  instance_id: string;
  repo: string;
  base_commit: string;
  problem_statement: string;
  gold_files: string[];
}

interface TaskResult {
  instance_id: string;
  repo: string;
  gold_files: string[];
  codectx: string[];
  bm25: string[];
  codectx_score: TaskScore;
  bm25_score: TaskScore;
  /** First query on a new index version (builds the lexical indexes) and a repeat on the same version. */
  cold_ms: number;
  warm_ms: number;
  index_ms: number;
  /** Per token budget: whether every gold file is among get_context's nodes, and the query time. */
  get_context: Record<string, { gold_in_nodes: boolean; files: number; ms: number }>;
}

const RANK_DEPTH = 10;

const { values } = parseArgs({
  options: {
    tasks: { type: 'string' },
    'git-dirs': { type: 'string' },
    limit: { type: 'string' },
    'per-repo': { type: 'string' },
    'skip-repo': { type: 'string', multiple: true },
    repo: { type: 'string' },
    worktrees: { type: 'string', default: '/work/eval-worktrees' },
    'index-root': { type: 'string', default: '/work/eval-index' },
    out: { type: 'string', default: 'eval-results.jsonl' },
    snapshots: { type: 'string' },
    'only-snapshotted': { type: 'boolean' },
    'get-context': { type: 'string', default: '4000,8000' },
    checkout: { type: 'string' },
  },
});
if (!values.tasks || !values['git-dirs']) {
  process.stderr.write('usage: npm run eval -- --tasks FILE --git-dirs MAP [--limit N] [--repo R] [--out FILE] [--get-context 4000,8000|none]\n');
  process.exit(2);
}
const CHECKOUT = values.checkout ?? join(dirname(dirname(resolve(values.tasks))), 'checkout.sh');
const CONTEXT_BUDGETS = values['get-context'] === 'none' ? [] : values['get-context']!.split(',').map(Number);

/** Reads the worktree as it is (checked out at the task's base commit before get_context runs). */
function worktreeReader(worktree: string): SourceReader {
  return {
    load(path) {
      try {
        return { text: readFileSync(join(worktree, path), 'utf8'), changedSinceIndexing: false };
      } catch {
        return undefined;
      }
    },
  };
}

function parseGitDirs(spec: string): Map<string, string> {
  if (existsSync(spec)) return new Map(Object.entries(JSON.parse(readFileSync(spec, 'utf8')) as Record<string, string>));
  return new Map(spec.split(',').map((pair) => {
    const eq = pair.indexOf('=');
    return [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()] as [string, string];
  }));
}

const gitDirs = parseGitDirs(values['git-dirs']);
let tasks = readFileSync(values.tasks, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as EvalTask);
if (values.repo) tasks = tasks.filter((t) => t.repo === values.repo);
if (values['skip-repo']) tasks = tasks.filter((t) => !values['skip-repo']!.includes(t.repo));
tasks = tasks.filter((t) => {
  if (gitDirs.has(t.repo)) return true;
  process.stderr.write(`skipping ${t.instance_id}: no git dir for ${t.repo}\n`);
  return false;
});
if (values['only-snapshotted']) {
  tasks = tasks.filter((t) => values.snapshots !== undefined && existsSync(join(values.snapshots, t.instance_id, INDEX_DB_NAME)));
}
if (values.limit) tasks = tasks.slice(0, Number(values.limit));
if (values['per-repo']) {
  const taken = new Map<string, number>();
  tasks = tasks.filter((t) => {
    const n = taken.get(t.repo) ?? 0;
    taken.set(t.repo, n + 1);
    return n < Number(values['per-repo']);
  });
}

const byRepo = new Map<string, EvalTask[]>();
for (const t of tasks) byRepo.set(t.repo, [...(byRepo.get(t.repo) ?? []), t]);

/** The task's index: a saved snapshot when there is one, else the shared worktree checked out and re-indexed. */
async function indexedTask(task: EvalTask, gitDir: string, worktree: string, indexDir: string): Promise<Pick<RepoHandle, 'graph' | 'close'>> {
  const snapshotDir = values.snapshots ? join(values.snapshots, task.instance_id) : undefined;
  if (snapshotDir && existsSync(join(snapshotDir, INDEX_DB_NAME))) {
    const store = IndexStore.open(snapshotDir, { readonly: true });
    const graph = buildLoadedGraph(store.loadGraph(), store.indexVersion());
    store.close();
    return { graph: () => graph, close: () => undefined };
  }
  execFileSync(CHECKOUT, [gitDir, task.base_commit, worktree], { stdio: ['ignore', 'ignore', 'inherit'] });
  const handle = await openRepo({ repo: worktree, indexDir, update: true });
  if (snapshotDir) {
    mkdirSync(snapshotDir, { recursive: true });
    handle.store.db.pragma('wal_checkpoint(TRUNCATE)');
    copyFileSync(join(indexDir, INDEX_DB_NAME), join(snapshotDir, INDEX_DB_NAME));
  }
  return handle;
}

const results: TaskResult[] = [];
const baseline = new FileBm25Baseline();
for (const [repo, repoTasks] of byRepo) {
  const gitDir = gitDirs.get(repo)!;
  const slug = repo.replace('/', '+');
  const worktree = join(values.worktrees!, slug);
  const indexDir = join(values['index-root']!, slug);
  mkdirSync(values.worktrees!, { recursive: true });
  // Walk commits in time order so each incremental re-index changes as little as possible.
  const time = (c: string): number => Number(execFileSync('git', ['--git-dir', gitDir, 'log', '-1', '--format=%ct', c], { encoding: 'utf8' }).trim());
  const ordered = repoTasks.map((t) => ({ t, at: time(t.base_commit) })).sort((a, b) => a.at - b.at).map((x) => x.t);
  for (const task of ordered) {
    let t0 = performance.now();
    const handle = await indexedTask(task, gitDir, worktree, indexDir);
    const indexMs = performance.now() - t0;
    try {
      const graph = handle.graph();
      t0 = performance.now();
      const first = contextForTask(graph, task.problem_statement, { maxFiles: RANK_DEPTH });
      const coldMs = performance.now() - t0;
      t0 = performance.now();
      contextForTask(graph, task.problem_statement, { maxFiles: RANK_DEPTH });
      const warmMs = performance.now() - t0;
      const ranked = first.files.map((f) => f.file_path);
      const bm25 = baseline.rank(gitDir, task.base_commit, new Set(graph.byFile.keys()), task.problem_statement, RANK_DEPTH);
      const contextRuns: TaskResult['get_context'] = {};
      if (CONTEXT_BUDGETS.length > 0) {
        // A snapshot run skipped the checkout; snippets must come from the task's own commit.
        execFileSync(CHECKOUT, [gitDir, task.base_commit, worktree], { stdio: ['ignore', 'ignore', 'inherit'] });
        for (const budget of CONTEXT_BUDGETS) {
          t0 = performance.now();
          const ctx = getContext(graph, worktreeReader(worktree), { query: task.problem_statement, tokenBudget: budget });
          const files = new Set(ctx.nodes.map((n) => n.path));
          contextRuns[budget] = { gold_in_nodes: task.gold_files.every((g) => files.has(g)), files: files.size, ms: performance.now() - t0 };
        }
      }
      const result: TaskResult = {
        instance_id: task.instance_id,
        repo,
        gold_files: task.gold_files,
        codectx: ranked,
        bm25,
        codectx_score: scoreRanking(ranked, task.gold_files),
        bm25_score: scoreRanking(bm25, task.gold_files),
        cold_ms: coldMs,
        warm_ms: warmMs,
        index_ms: indexMs,
        get_context: contextRuns,
      };
      results.push(result);
      const mark = (s: TaskScore): string => (s.acc[1] ? '1' : s.acc[5] ? '5' : s.acc[10] ? 'X' : '-');
      process.stderr.write(`${task.instance_id.padEnd(36)} codectx ${mark(result.codectx_score)} bm25 ${mark(result.bm25_score)}  index ${(indexMs / 1000).toFixed(1)}s query ${warmMs.toFixed(0)}ms\n`);
    } finally {
      handle.close();
    }
  }
}

writeFileSync(values.out!, results.map((r) => JSON.stringify(r)).join('\n') + '\n');

function row(label: string, s: Summary): string {
  const accs = ACC_KS.map((k) => s.acc[k]!.toFixed(1).padStart(6)).join('');
  return `  ${label.padEnd(8)}${accs}${s.recall5.toFixed(1).padStart(8)}${s.mrr.toFixed(3).padStart(7)}`;
}

function report(label: string, rs: readonly TaskResult[]): void {
  const ours = summarize(rs.map((r) => r.codectx_score));
  const base = summarize(rs.map((r) => r.bm25_score));
  const warm = rs.map((r) => r.warm_ms);
  const cold = rs.map((r) => r.cold_ms);
  console.log(`${label} (${rs.length} tasks)            Acc@1 Acc@3 Acc@5 Acc@10  R@5    MRR`);
  console.log(row('codectx', ours));
  console.log(row('bm25', base));
  const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(2) : '-');
  console.log(`  ratio   ${ACC_KS.map((k) => ratio(ours.acc[k]!, base.acc[k]!).padStart(6)).join('')}${ratio(ours.recall5, base.recall5).padStart(8)}${ratio(ours.mrr, base.mrr).padStart(7)}`);
  console.log(`  query ms p50/p95: warm ${percentile(warm, 50).toFixed(1)}/${percentile(warm, 95).toFixed(1)}, first on a new index version ${percentile(cold, 50).toFixed(0)}/${percentile(cold, 95).toFixed(0)}`);
  for (const budget of CONTEXT_BUDGETS) {
    const runs = rs.map((r) => r.get_context[budget]).filter((x) => x !== undefined);
    if (runs.length === 0) continue;
    const share = (100 * runs.filter((x) => x.gold_in_nodes).length) / runs.length;
    const ms = runs.map((x) => x.ms);
    console.log(`  get_context @${budget} tokens: gold file among nodes in ${share.toFixed(1)}% of tasks; ms p50/p95 ${percentile(ms, 50).toFixed(0)}/${percentile(ms, 95).toFixed(0)}`);
  }
}

for (const repo of byRepo.keys()) report(repo, results.filter((r) => r.repo === repo));
if (byRepo.size > 1) report('overall', results);
console.log(`per-task results: ${values.out}`);
