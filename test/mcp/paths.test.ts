import { test } from 'node:test';
import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { PathGuard } from '../../src/mcp/paths.js';
import { makeTree, removeTree } from '../helpers/tmp.js';

test('paths inside the served roots resolve to root-relative POSIX paths', () => {
  const root = makeTree({ 'pkg/a.py': 'x = 1\n' });
  const other = makeTree({ 'b.py': 'y = 2\n' });
  try {
    const guard = new PathGuard([root, other]);
    assert.deepEqual(guard.confine('pkg/a.py'), { root, abs: join(root, 'pkg', 'a.py'), rel: 'pkg/a.py' });
    assert.equal(guard.confine('.').rel, '');
    assert.equal(guard.confine(join(other, 'b.py')).root, other);
    assert.equal(guard.confine('pkg/new_file.py').rel, 'pkg/new_file.py', 'a missing path inside is fine');
    assert.throws(() => guard.confine('pkg/missing.py', { mustExist: true }), /does not exist/);
  } finally {
    removeTree(root);
    removeTree(other);
  }
});

test('.. segments, absolute paths outside and escaping symlinks are rejected with a clear error', () => {
  const outside = makeTree({ 'secret.py': 'token = 1\n' });
  const root = makeTree({ 'pkg/a.py': 'x = 1\n' });
  try {
    symlinkSync(outside, join(root, 'escape'));
    symlinkSync(join(outside, 'secret.py'), join(root, 'pkg', 'secret.py'));
    symlinkSync(join(root, 'pkg'), join(root, 'inner'));
    const guard = new PathGuard([root]);
    assert.throws(() => guard.confine('../etc/passwd'), /may not contain '\.\.'/);
    assert.throws(() => guard.confine('pkg/../../x'), /may not contain '\.\.'/);
    assert.throws(() => guard.confine('pkg\\..\\..\\x'), /may not contain '\.\.'/);
    assert.throws(() => guard.confine('/etc/passwd'), /outside the served repositories \(served: /);
    assert.throws(() => guard.confine(join(outside, 'secret.py')), /outside the served repositories/);
    assert.throws(() => guard.confine('escape/secret.py'), /leaves the served repository through a symlink/);
    assert.throws(() => guard.confine('escape/not-there.py'), /through a symlink/);
    assert.throws(() => guard.confine('pkg/secret.py'), /through a symlink/);
    assert.throws(() => guard.confine('a\0b'), /NUL/);
    assert.throws(() => guard.confine('x'.repeat(5000)), /longer than/);
    assert.equal(guard.confine('inner/a.py').rel, 'inner/a.py', 'a symlink that stays inside is fine');
  } finally {
    removeTree(root);
    removeTree(outside);
  }
});
