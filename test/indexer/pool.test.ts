/** The extraction pool: every file comes back exactly once, as extracting it on this thread gives it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MAX_BYTES } from '../../src/indexer/content.js';
import { languageForPath } from '../../src/indexer/languages/index.js';
import { detectLayout } from '../../src/indexer/layout.js';
import { extractAll, ExtractPool, KEPT_TREE_SOURCE, makeBatches, type ExtractOutcome, type SourceFile } from '../../src/indexer/pool.js';
import { extractFile } from '../../src/indexer/parse.js';
import { isInheritance } from '../../src/indexer/types.js';
import { walkRepository } from '../../src/indexer/walk.js';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTree, removeTree, writeTree, PROJECT_ROOT } from '../helpers/tmp.js';
import { syntheticPythonRepo } from '../helpers/synthetic-repo.js';

async function extractWith(workers: number, repo: string): Promise<{ outcomes: Map<string, ExtractOutcome>; done: number[] }> {
  const walk = walkRepository({ root: repo, accept: (p) => languageForPath(p) !== undefined });
  const layout = detectLayout(walk.files.map((f) => f.path), () => null);
  const files = walk.files.map((f) => ({ path: f.path, absPath: f.absPath, size: f.size }));
  const outcomes = new Map<string, ExtractOutcome>();
  const done: number[] = [];
  await extractAll(files, layout, DEFAULT_MAX_BYTES, workers, (batch, count) => {
    for (const outcome of batch) {
      assert.equal(outcomes.has(outcome.path), false, `${outcome.path} came back twice`);
      outcomes.set(outcome.path, outcome);
    }
    done.push(count);
  });
  return { outcomes, done };
}

test('two workers with several batches each return every file once, as extraction on this thread does', async () => {
  // 64 files at most per batch: 330 files make 6 batches, more than the workers hold at once.
  const repo = makeTree(syntheticPythonRepo(330));
  try {
    const inline = await extractWith(1, repo);
    const pooled = await extractWith(2, repo);
    assert.equal(inline.outcomes.size, 331);
    assert.deepEqual([...pooled.outcomes.keys()].sort(), [...inline.outcomes.keys()].sort());
    for (const [path, outcome] of inline.outcomes) assert.deepEqual(pooled.outcomes.get(path), outcome, path);
    assert.equal(pooled.done.at(-1), 331);
    assert.ok(pooled.done.length >= 7, 'results arrive batch by batch');
  } finally {
    removeTree(repo);
  }
});

test('an outcome carries the inheritance references as objects and every reference as JSON, as extracted', async () => {
  const repo = join(PROJECT_ROOT, 'test', 'fixtures', 'resolve-python');
  const { outcomes } = await extractWith(1, repo);
  const layout = detectLayout([...outcomes.keys()], () => null);
  let inheriting = 0;
  for (const [path, outcome] of outcomes) {
    assert.ok('extract' in outcome, path);
    const extracted = await extractFile(path, readFileSync(join(repo, path), 'utf8'), layout);
    assert.deepEqual(JSON.parse(outcome.refsJson), extracted.refs, path);
    assert.deepEqual(outcome.extract, { ...extracted, refs: extracted.refs.filter(isInheritance) }, path);
    if (outcome.extract.refs.length > 0) inheriting++;
  }
  assert.ok(inheriting > 0 && inheriting < outcomes.size, 'some files inherit, some do not');
});

test('a released pool serves the next run of the process, giving the same results; a process with one idle exits at once', async () => {
  const repo = makeTree(syntheticPythonRepo(120));
  try {
    const walk = walkRepository({ root: repo, accept: (p) => languageForPath(p) !== undefined });
    const layout = detectLayout(walk.files.map((f) => f.path), () => null);
    const files = walk.files.map((f) => ({ path: f.path, absPath: f.absPath, size: f.size }));
    const run = async (pool: ExtractPool): Promise<ExtractOutcome[]> => {
      const out: ExtractOutcome[] = [];
      await pool.extract(files, layout, DEFAULT_MAX_BYTES, (batch) => out.push(...batch));
      return out.sort((a, b) => (a.path < b.path ? -1 : 1));
    };
    const first = ExtractPool.start(3);
    const before = await run(first);
    first.release();
    const second = ExtractPool.start(3);
    assert.equal(second, first);
    assert.deepEqual(await run(second), before);
    // Another size is another pool.
    const other = ExtractPool.start(1);
    assert.notEqual(other, first);
    await other.close();
    second.release();

    // The CLI leaves its workers idle when it is done: they must not keep it running.
    const started = Date.now();
    const cli = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'codectx.js'), 'index', '--repo', repo, '--index-dir', join(repo, '.idx')], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(cli.status, 0, cli.stderr);
    assert.ok(Date.now() - started < 30_000);
  } finally {
    removeTree(repo);
  }
});

test('a pool given extracts even a single file, keeping its tree; a released pool is idle until a run takes it', async () => {
  const repo = makeTree({ 'one.py': 'def f():\n    return 1\n' });
  // A size no other test of this process leaves idle.
  const pool = ExtractPool.start(4);
  try {
    assert.equal(ExtractPool.hasIdle(4), false);
    const files = [{ path: 'one.py', absPath: join(repo, 'one.py'), size: 24 }];
    const out: ExtractOutcome[] = [];
    await extractAll(files, detectLayout(['one.py'], () => null), DEFAULT_MAX_BYTES, 4, (batch) => out.push(...batch), pool, KEPT_TREE_SOURCE);
    assert.deepEqual(out.map((o) => ('extract' in o ? o.extract.entities.map((e) => e.fqn) : o)), [['one', 'one.f']]);
    assert.equal(pool.keptTrees(), 1, 'a worker extracted the file and keeps its tree');
    pool.release();
    assert.equal(ExtractPool.hasIdle(4), true);
    assert.equal(ExtractPool.start(4), pool);
    assert.equal(ExtractPool.hasIdle(4), false);
  } finally {
    await pool.close();
    removeTree(repo);
  }
});

test('batches hold the largest files first and shrink towards the end, so the workers finish together', () => {
  // Sizes from 1 to 99 KB, in path order unrelated to size.
  const files: SourceFile[] = Array.from({ length: 300 }, (_, i) => ({ path: `f${String(i).padStart(3, '0')}.py`, absPath: '', size: ((i * 37) % 99 + 1) * 1024 }));
  const batches = makeBatches(files, 2);
  const flat = batches.flat();
  assert.deepEqual(flat.map((f) => f.path).sort(), files.map((f) => f.path));
  for (let i = 1; i < flat.length; i++) assert.ok(flat[i - 1]!.size >= flat[i]!.size, 'largest first');
  const bytes = batches.map((b) => b.reduce((n, f) => n + f.size, 0));
  const total = bytes.reduce((a, b) => a + b, 0);
  // A batch takes files until it holds its target: at most 256 KB, at least 32 KB, else a quarter of what is left.
  assert.ok(bytes[0]! >= 256 * 1024 && bytes[0]! < 256 * 1024 + 99 * 1024);
  let left = total;
  for (const [i, b] of bytes.entries()) {
    const target = Math.min(256 * 1024, Math.max(32 * 1024, Math.floor(left / 4)));
    if (i < bytes.length - 1) assert.ok(b >= target && b - batches[i]!.at(-1)!.size < target, `batch ${i}`);
    left -= b;
  }
  assert.ok(bytes.at(-1)! < 40 * 1024, 'the last batches are small');
  assert.ok(batches.every((b) => b.length <= 64));
});

test('workers that keep their trees give, run after run of changed files, what extraction from scratch gives', async () => {
  const files = syntheticPythonRepo(160);
  const repo = makeTree(files);
  const pool = ExtractPool.start(2);
  try {
    const run = async (treeSource: number): Promise<Map<string, ExtractOutcome>> => {
      const walk = walkRepository({ root: repo, accept: (p) => languageForPath(p) !== undefined });
      const layout = detectLayout(walk.files.map((f) => f.path), () => null);
      const out = new Map<string, ExtractOutcome>();
      await pool.extract(
        walk.files.map((f) => ({ path: f.path, absPath: f.absPath, size: f.size })),
        layout,
        DEFAULT_MAX_BYTES,
        (batch) => {
          for (const o of batch) out.set(o.path, o);
        },
        treeSource,
      );
      return out;
    };
    const edit = (round: number, every: number): void => {
      const changed: Record<string, string> = {};
      for (const [i, [path, text]] of Object.entries(files).entries()) {
        if (i % every !== round % every) continue;
        const lines = text.split('\n');
        // A method in the middle of the class, a changed docstring at the top, and now and then a syntax error.
        lines.splice(9, 0, `    def extra_${round}(self):`, `        return self.run(${round})`, '');
        lines[0] = `"""Module ${i}, round ${round}."""`;
        if (i % 17 === round) lines.push('def broken(:');
        changed[path] = (files[path] = lines.join('\n'));
      }
      writeTree(repo, changed);
    };
    /** Files whose trees a worker keeps: those without syntax errors. */
    const clean = (out: Map<string, ExtractOutcome>): number => [...out.values()].filter((o) => 'extract' in o && o.extract.syntaxErrors === 0).length;
    const first = await run(KEPT_TREE_SOURCE);
    assert.deepEqual(first, (await extractWith(1, repo)).outcomes);
    assert.equal(pool.keptTrees(), clean(first));
    for (const [round, every] of [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 1],
    ] as const) {
      edit(round, every);
      // Round 3 keeps no trees: the workers delete theirs, and round 4 parses every file from scratch again.
      const out = await run(round === 3 ? 0 : KEPT_TREE_SOURCE);
      assert.deepEqual(out, (await extractWith(1, repo)).outcomes, `round ${round}`);
      assert.equal(pool.keptTrees(), round === 3 ? 0 : clean(out), `round ${round}: trees kept`);
    }
    // A small budget keeps the trees that fit it: per worker, half of it, plus the empty file's.
    edit(5, 1);
    assert.deepEqual(await run(2000), (await extractWith(1, repo)).outcomes);
    const smallest = Math.min(...Object.values(files).filter((text) => text.length > 0).map((text) => text.length));
    assert.ok(pool.keptTrees() > 0 && pool.keptTrees() <= 2 * Math.floor(1000 / smallest) + 1, String(pool.keptTrees()));
  } finally {
    await pool.close();
    removeTree(repo);
  }
});
