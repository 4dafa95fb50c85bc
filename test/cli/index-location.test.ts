import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTree, PROJECT_ROOT, removeTree, writeTree } from '../helpers/tmp.js';

const CLI = join(PROJECT_ROOT, 'bin', 'codectx.js');

function codectx(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env };
  delete env.CODECTX_INDEX_DIR;
  return spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env });
}

function filesIn(statsJson: string): number {
  return (JSON.parse(statsJson) as { files: number }).files;
}

test('an index folder outside the repository answers only for the repository it holds, and names it', () => {
  const a = makeTree({ 'a.py': 'def one():\n    return 1\n', 'b.py': 'def two():\n    return 2\n' });
  const b = makeTree({ 'c.py': 'def three():\n    return 3\n' });
  const shared = mkdtempSync(join(tmpdir(), 'codectx-shared-'));
  try {
    assert.equal(codectx(['index', '--repo', a, '--index-dir', shared], a).status, 0);
    // Another repository's question is refused in one line that says whose index it is.
    const wrong = codectx(['stats', '--repo', b, '--index-dir', shared], b);
    assert.equal(wrong.status, 2);
    assert.equal(wrong.stderr.trim().split('\n').length, 1, wrong.stderr);
    assert.match(wrong.stderr, new RegExp(`holds the index of ${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, not of`));
    // Without --repo, the index folder's own repository is meant, wherever the command runs.
    const own = codectx(['stats', '--index-dir', shared, '--json'], b);
    assert.equal(own.status, 0, own.stderr);
    assert.equal(filesIn(own.stdout), 2);
    // Indexing the other repository there replaces the index, and the summary says whose it was.
    const replaced = codectx(['index', '--repo', b, '--index-dir', shared], b);
    assert.equal(replaced.status, 0, replaced.stderr);
    assert.match(replaced.stdout, new RegExp(`^replaced: the index of ${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    const now = codectx(['stats', '--repo', b, '--index-dir', shared, '--json'], b);
    assert.equal(now.status, 0, now.stderr);
    assert.equal(filesIn(now.stdout), 1);
  } finally {
    removeTree(a);
    removeTree(b);
    rmSync(shared, { recursive: true, force: true });
  }
});

test('a command run in a subfolder of an indexed repository finds the repository and its index', () => {
  const repo = makeTree({ 'pkg/__init__.py': '', 'pkg/mod.py': 'def f():\n    return 1\n', 'top.py': 'x = 1\n' });
  try {
    assert.equal(codectx(['index'], repo).status, 0);
    const stats = codectx(['stats', '--json'], join(repo, 'pkg'));
    assert.equal(stats.status, 0, stats.stderr);
    assert.equal(filesIn(stats.stdout), 3);
    const show = codectx(['show', 'pkg.mod.f'], join(repo, 'pkg'));
    assert.equal(show.status, 0, show.stderr);
    assert.match(show.stdout, /^function pkg\.mod\.f {2}\(pkg\/mod\.py:1-2/);
    // Indexing from there updates that index, instead of starting another for the subfolder alone.
    const again = codectx(['index', '--json'], join(repo, 'pkg'));
    assert.equal(again.status, 0, again.stderr);
    assert.equal((JSON.parse(again.stdout) as { repo: string }).repo, repo);
    assert.equal(existsSync(join(repo, 'pkg', '.codectx')), false);
  } finally {
    removeTree(repo);
  }
});

test('an index whose folder cannot be written is read as it was last built, and the queries that refresh say so', () => {
  const repo = makeTree({ 'a.py': 'def f():\n    return 1\n' });
  const indexDir = join(repo, '.codectx');
  // Root writes anywhere: the commands then run as nobody, who cannot write the folder.
  const asReader = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const reader = (args: string[]): { status: number | null; stdout: string; stderr: string } => {
    const env = { ...process.env };
    delete env.CODECTX_INDEX_DIR;
    return spawnSync(process.execPath, [CLI, ...args], { cwd: repo, encoding: 'utf8', env, ...asReader });
  };
  try {
    assert.equal(codectx(['index'], repo).status, 0);
    writeTree(repo, { 'a.py': 'def f():\n    return 1\n\ndef g():\n    return 2\n' });
    chmodSync(repo, 0o755);
    chmodSync(join(repo, 'a.py'), 0o644);
    chmodSync(join(indexDir, 'index.db'), 0o444);
    chmodSync(indexDir, 0o555);
    const stats = reader(['stats', '--json']);
    assert.equal(stats.status, 0, stats.stderr);
    assert.equal(filesIn(stats.stdout), 1);
    // g came after the index was built, and nothing can update it.
    assert.equal(reader(['show', 'a.g']).status, 2);
    const search = reader(['search', 'f', '--json']);
    assert.equal(search.status, 0, search.stderr);
    assert.match(search.stderr, /cannot be written: answering from the index as it was last built/);
    assert.match(search.stdout, /"fqn": "a\.f"/);
    assert.doesNotMatch(search.stdout, /"fqn": "a\.g"/);
  } finally {
    chmodSync(indexDir, 0o755);
    removeTree(repo);
  }
});
