import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDirectory } from '../../src/util/make-dir.js';

test('makeDirectory creates missing parents, accepts an existing folder and refuses a file in the way', () => {
  const root = mkdtempSync(join(tmpdir(), 'codectx-mkdir-'));
  try {
    const deep = join(root, 'a', 'b', 'c');
    makeDirectory(deep);
    assert.equal(statSync(deep).isDirectory(), true);
    makeDirectory(deep);
    writeFileSync(join(root, 'file'), 'x');
    assert.throws(() => makeDirectory(join(root, 'file')), { code: 'EEXIST' });
    assert.throws(() => makeDirectory(join(root, 'file', 'sub')), { code: 'ENOTDIR' });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('makeDirectory fails, instead of retrying forever, where the file system refuses a folder under an existing parent', { skip: !existsSync('/proc/self') }, () => {
  assert.throws(() => makeDirectory('/proc/codectx-refused/sub'), { code: 'ENOENT' });
});
