import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexIdle, indexIsCurrent, openWorkspaceRepo, updateIndex, workingTreeFingerprint } from '../../src/api/workspace.js';
import { copyFixture, removeTree } from '../helpers/tmp.js';

const STATE = { indexVersion: 0, treeHash: '' };

test('session writes wait for an index run of the same process instead of hitting its open write transaction', async () => {
  const root = copyFixture('mcp-repo');
  const repo = openWorkspaceRepo(root);
  try {
    const run = updateIndex(repo);
    assert.equal(updateIndex(repo), run, 'concurrent updates share one run');
    // The run holds its write transaction while parsing: an immediate write on another connection is refused.
    repo.store.db.pragma('busy_timeout = 0');
    assert.throws(() => repo.sessions.create('IngestedRepo', {}, {}, STATE), /locked|busy/i);
    repo.store.db.pragma('busy_timeout = 5000');
    await indexIdle(repo);
    assert.ok(repo.store.indexVersion() > 0, 'the run has committed');
    assert.ok(repo.sessions.create('IngestedRepo', {}, {}, STATE).id);
    await run;
  } finally {
    repo.close();
    removeTree(root);
  }
});

test('the working-tree fingerprint and index freshness follow edits to source files', async () => {
  const root = copyFixture('mcp-repo');
  const repo = openWorkspaceRepo(root);
  try {
    await updateIndex(repo);
    const before = workingTreeFingerprint(repo);
    assert.equal(indexIsCurrent(repo), true);
    assert.equal(workingTreeFingerprint(repo), before, 'stable while nothing changes');
    appendFileSync(join(root, 'inventory', 'models.py'), '\nLIMIT = 3\n');
    const afterEdit = workingTreeFingerprint(repo);
    assert.notEqual(afterEdit, before);
    assert.equal(indexIsCurrent(repo), false);
    appendFileSync(join(root, 'README.txt'), 'not source\n');
    assert.equal(workingTreeFingerprint(repo), afterEdit, 'non-source files do not count');
    await updateIndex(repo);
    assert.equal(indexIsCurrent(repo), true);
  } finally {
    repo.close();
    removeTree(root);
  }
});
