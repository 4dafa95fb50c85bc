/** The writer thread of a large update: it answers once committed, then checkpoints the WAL and ends by itself. */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { indexRepository } from '../../src/graph/indexing.js';
import { ExtractPool } from '../../src/indexer/pool.js';
import { idleWriterThread } from '../../src/graph/write-thread.js';
import { snapshotIndex } from '../helpers/graph-snapshot.js';
import { makeTree, removeTree, writeTree } from '../helpers/tmp.js';
import { syntheticPythonRepo } from '../helpers/synthetic-repo.js';

test('an update written on the writer thread is committed when the run returns, and its WAL is checkpointed away after', async () => {
  const files = syntheticPythonRepo(100);
  const repo = makeTree(files);
  const indexDir = mkdtempSync(join(tmpdir(), 'codectx-wal-'));
  try {
    await indexRepository({ repo, indexDir, workers: 2 });
    // Every module changes: more than enough files for the writer thread.
    writeTree(repo, Object.fromEntries(Object.entries(files).map(([path, text]) => [path, `${text}\ndef added_${path.length}():\n    return 1\n`])));
    const run = await indexRepository({ repo, indexDir, workers: 2 });
    assert.equal(run.parsed, 101);
    // Counted from the index after the commit, before the run returned.
    assert.equal(run.entitiesByKind.function, 200 + 1);
    // The last connection to close (the thread's, once it has checkpointed, or the run's own) removes the WAL. No
    // other connection may be open meanwhile: a read-only one closing last would leave the file in place.
    const wal = join(indexDir, 'index.db-wal');
    const walBytes = (): number => (existsSync(wal) ? statSync(wal).size : 0);
    for (let waited = 0; walBytes() > 0 && waited < 20_000; waited += 50) await sleep(50);
    assert.equal(walBytes(), 0, 'the WAL is checkpointed and removed once the writer thread ends');
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
  }
});

test('a process that keeps its workers keeps its writer thread for its next run, which writes what a cold index holds', async () => {
  const files = syntheticPythonRepo(100);
  const repo = makeTree(files);
  const indexDir = mkdtempSync(join(tmpdir(), 'codectx-keep-'));
  const cold = mkdtempSync(join(tmpdir(), 'codectx-keep-cold-'));
  const edit = (n: number): void =>
    writeTree(repo, Object.fromEntries(Object.entries(files).map(([path, text]) => [path, `${text}\ndef added_${n}_${path.length}():\n    return ${n}\n`])));
  try {
    await indexRepository({ repo, indexDir, workers: 2, keepWorkers: true });
    // Its extraction workers are left idle too, with the trees of every file (the repository fits their budget).
    const pool = ExtractPool.start(2);
    assert.equal(pool.keptTrees(), 101);
    pool.release();
    const first = idleWriterThread();
    assert.notEqual(first, undefined, 'the first run leaves its writer thread');
    edit(1);
    assert.equal((await indexRepository({ repo, indexDir, workers: 2, keepWorkers: true })).parsed, 101);
    assert.equal(idleWriterThread(), first, 'the next run took it and left it again');
    edit(2);
    await indexRepository({ repo, indexDir, workers: 2 });
    assert.equal(idleWriterThread(), undefined, 'a run that does not keep its workers ends the thread');
    await indexRepository({ repo, indexDir: cold, workers: 2 });
    assert.deepEqual(snapshotIndex(indexDir), snapshotIndex(cold));
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
    rmSync(cold, { recursive: true, force: true });
  }
});
