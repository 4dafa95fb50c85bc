/** The extraction pool: every file comes back exactly once, as extracting it on this thread gives it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MAX_BYTES } from '../../src/indexer/content.js';
import { languageForPath } from '../../src/indexer/languages/index.js';
import { detectLayout } from '../../src/indexer/layout.js';
import { extractAll, ExtractPool, type ExtractOutcome } from '../../src/indexer/pool.js';
import { walkRepository } from '../../src/indexer/walk.js';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { makeTree, removeTree, PROJECT_ROOT } from '../helpers/tmp.js';
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
