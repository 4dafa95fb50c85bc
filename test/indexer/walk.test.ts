import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { STAMP_MARGIN_MS, walkRepository } from '../../src/indexer/walk.js';
import { classifyContent } from '../../src/indexer/content.js';
import { makeTree, removeTree, writeTree } from '../helpers/tmp.js';

const acceptAll = (): boolean => true;

test('walk honors .gitignore at every level, .codectxignore, and never enters .git, node_modules or the index dir', () => {
  const root = makeTree({
    '.gitignore': 'build/\n*.log\n',
    'a.py': 'x = 1\n',
    'debug.log': 'noise',
    'build/out.py': 'x = 1\n',
    'pkg/.gitignore': 'generated_*.py\n!generated_keep.py\n',
    'pkg/mod.py': 'x = 1\n',
    'pkg/generated_a.py': 'x = 1\n',
    'pkg/generated_keep.py': 'x = 1\n',
    'pkg/sub/deep.py': 'x = 1\n',
    'pkg/sub/.gitignore': 'deep.py\n',
    '.codectxignore': 'vendor/\n',
    'vendor/lib.py': 'x = 1\n',
    '.git/config.py': 'x = 1\n',
    'node_modules/m/index.js': 'x = 1\n',
    'web/node_modules/m/index.js': 'x = 1\n',
    '.codectx/index.py': 'x = 1\n',
  });
  try {
    const result = walkRepository({ root, indexDir: join(root, '.codectx'), accept: (p) => !p.endsWith('ignore') });
    assert.deepEqual(result.files.map((f) => f.path), ['a.py', 'pkg/generated_keep.py', 'pkg/mod.py']);
  } finally {
    removeTree(root);
  }
});

test('walk stays inside the root through symlinks, survives symlink loops, and counts a dangling link as broken', () => {
  const outside = makeTree({ 'secret.py': 'x = 1\n' });
  const root = makeTree({ 'src/a.py': 'x = 1\n' });
  try {
    symlinkSync(outside, join(root, 'escape'));
    symlinkSync(join(outside, 'secret.py'), join(root, 'src', 'secret.py'));
    symlinkSync(root, join(root, 'src', 'loop'));
    mkdirSync(join(root, 'deep'));
    symlinkSync('../deep', join(root, 'deep', 'self'));
    symlinkSync('nowhere.py', join(root, 'src', 'dangling.py'));
    const result = walkRepository({ root, accept: acceptAll });
    assert.deepEqual(result.files.map((f) => f.path), ['src/a.py']);
    assert.equal(result.skipped.get('src/dangling.py'), 'symlink-broken');
    assert.equal(result.skipped.get('escape'), 'symlink-outside-root');
    assert.equal(result.skipped.get('src/secret.py'), 'symlink-outside-root');
    assert.equal(result.skipped.get('src/loop'), 'symlink-loop');
    assert.equal(result.skipped.get('deep/self'), 'symlink-loop');
  } finally {
    removeTree(root);
    removeTree(outside);
  }
});

test('a directory link sorting before its target, beside it or deeper in a later directory, is skipped as a duplicate', () => {
  const root = makeTree({ 'zdir/z.ts': '', 'zz/deeper/t/d.ts': '' });
  try {
    symlinkSync('zdir', join(root, 'a_link'));
    symlinkSync('zz/deeper/t', join(root, 'b_link'));
    const result = walkRepository({ root, accept: acceptAll });
    assert.deepEqual(result.files.map((f) => f.path), ['zdir/z.ts', 'zz/deeper/t/d.ts']);
    assert.equal(result.skipped.get('a_link'), 'symlink-duplicate');
    assert.equal(result.skipped.get('b_link'), 'symlink-duplicate');
  } finally {
    removeTree(root);
  }
});

test('a link to a sibling directory or to a file walked anyway is a duplicate, not a loop', () => {
  const root = makeTree({ 'doc/d.ts': '', 'sub/s.ts': '', 'zfile.ts': '' });
  try {
    symlinkSync('../doc', join(root, 'sub', 'doclink'));
    symlinkSync('../doc/d.ts', join(root, 'sub', 'alias.ts'));
    symlinkSync('zfile.ts', join(root, 'afile.ts'));
    const result = walkRepository({ root, accept: acceptAll });
    assert.deepEqual(result.files.map((f) => f.path), ['doc/d.ts', 'sub/s.ts', 'zfile.ts']);
    assert.equal(result.skipped.get('sub/doclink'), 'symlink-duplicate');
    assert.equal(result.skipped.get('sub/alias.ts'), 'symlink-duplicate');
    assert.equal(result.skipped.get('afile.ts'), 'symlink-duplicate');
  } finally {
    removeTree(root);
  }
});

test('links into what the walk leaves out are followed once: a second link to the same target is a duplicate', () => {
  const root = makeTree({ '.gitignore': 'hidden/\ngen.ts\n', 'hidden/h.ts': '', 'gen.ts': '' });
  try {
    symlinkSync('hidden', join(root, 'l1'));
    symlinkSync('hidden', join(root, 'l2'));
    symlinkSync('hidden/h.ts', join(root, 'h.ts'));
    symlinkSync('gen.ts', join(root, 'g1.ts'));
    symlinkSync('gen.ts', join(root, 'g2.ts'));
    const result = walkRepository({ root, accept: (p) => p.endsWith('.ts') });
    assert.deepEqual(result.files.map((f) => f.path), ['g1.ts', 'l1/h.ts']);
    assert.equal(result.skipped.get('l2'), 'symlink-duplicate');
    assert.equal(result.skipped.get('h.ts'), 'symlink-duplicate');
    assert.equal(result.skipped.get('g2.ts'), 'symlink-duplicate');
  } finally {
    removeTree(root);
  }
});

test('links to their own directory, to an ancestor, or in a cycle of links are loops', () => {
  const root = makeTree({ '.gitignore': 'hidden/\n', 'deep/inner/f.ts': '', 'hidden/x/f.ts': '', 'hidden/y/f.ts': '' });
  try {
    symlinkSync('.', join(root, 'deep', 'self'));
    symlinkSync('..', join(root, 'deep', 'inner', 'up'));
    symlinkSync('cycle_b', join(root, 'cycle_a'));
    symlinkSync('cycle_a', join(root, 'cycle_b'));
    // Through links: lnk/b/c would be lnk again.
    symlinkSync('hidden/x', join(root, 'lnk'));
    symlinkSync('../y', join(root, 'hidden', 'x', 'b'));
    symlinkSync('../x', join(root, 'hidden', 'y', 'c'));
    const result = walkRepository({ root, accept: (p) => p.endsWith('.ts') });
    assert.deepEqual(result.files.map((f) => f.path), ['deep/inner/f.ts', 'lnk/b/f.ts', 'lnk/f.ts']);
    for (const link of ['deep/self', 'deep/inner/up', 'cycle_a', 'cycle_b', 'lnk/b/c']) assert.equal(result.skipped.get(link), 'symlink-loop', link);
  } finally {
    removeTree(root);
  }
});

test('a dangling link, to a file or a directory, is broken', () => {
  const root = makeTree({ 'a.ts': '' });
  try {
    symlinkSync('nowhere', join(root, 'gone'));
    symlinkSync('nowhere.ts', join(root, 'gone.ts'));
    symlinkSync('a.ts/x', join(root, 'through_file'));
    const result = walkRepository({ root, accept: acceptAll });
    assert.deepEqual(result.files.map((f) => f.path), ['a.ts']);
    for (const link of ['gone', 'gone.ts', 'through_file']) assert.equal(result.skipped.get(link), 'symlink-broken', link);
  } finally {
    removeTree(root);
  }
});

test('a walk again sees every change, also in directories whose listings it kept from the walk before', async () => {
  const root = makeTree({
    '.gitignore': 'x.py\n',
    'x.py': '',
    'a/one.py': '',
    'a/keep.py': '',
    'a/b/f.py': '',
    'c/old.py': '',
    'c/stay.py': '',
  });
  const paths = (): string[] => walkRepository({ root, accept: acceptAll }).files.map((f) => f.path).filter((p) => !p.endsWith('ignore'));
  try {
    const before = ['a/b/f.py', 'a/keep.py', 'a/one.py', 'c/old.py', 'c/stay.py'];
    assert.deepEqual(paths(), before);
    // Directories changed this recently are listed again by every walk; once older, their listings are kept.
    await sleep(STAMP_MARGIN_MS + 100);
    assert.deepEqual(paths(), before);
    // Rewritten in place, alone: the root's listing is kept, and its ignore rules are read again.
    writeFileSync(join(root, '.gitignore'), 'c/old.py\n');
    assert.deepEqual(paths(), ['a/b/f.py', 'a/keep.py', 'a/one.py', 'c/stay.py', 'x.py']);
    writeFileSync(join(root, 'a', 'new.py'), '');
    unlinkSync(join(root, 'c', 'old.py'));
    writeTree(root, { 'd/e.py': '' });
    unlinkSync(join(root, 'a', 'b', 'f.py'));
    writeTree(root, { 'a/b/f.py/g.py': '' });
    writeFileSync(join(root, '.gitignore'), 'a/keep.py\n');
    assert.deepEqual(paths(), ['a/b/f.py/g.py', 'a/new.py', 'a/one.py', 'c/stay.py', 'd/e.py', 'x.py']);
    rmSync(join(root, 'a'), { recursive: true });
    assert.deepEqual(paths(), ['c/stay.py', 'd/e.py', 'x.py']);
  } finally {
    removeTree(root);
  }
});

test('content classification skips binary, too large, minified and invalid UTF-8 files', () => {
  const limits = { maxBytes: 1000, minifiable: true };
  const enc = new TextEncoder();
  assert.deepEqual(classifyContent(enc.encode('def f():\n    return 1\n'), limits), { ok: true, text: 'def f():\n    return 1\n' });
  assert.deepEqual(classifyContent(new Uint8Array([0x61, 0x00, 0x62]), limits), { ok: false, reason: 'binary' });
  assert.deepEqual(classifyContent(enc.encode('x'.repeat(1001)), limits), { ok: false, reason: 'too-large' });
  assert.deepEqual(classifyContent(enc.encode(`var a=${'1+'.repeat(1500)}1;\n`), { maxBytes: 10000, minifiable: true }), { ok: false, reason: 'minified' });
  assert.deepEqual(classifyContent(new Uint8Array([0x61, 0xff, 0xfe, 0x62]), limits), { ok: false, reason: 'invalid-utf8' });
});

test('a minified file is one whose very long lines hold most of it, not a hand-written file with one long line', () => {
  const limits = { maxBytes: 100_000, minifiable: true };
  const enc = new TextEncoder();
  const code = 'export function f(x: number): number {\n  return x + 1;\n}\n'.repeat(70);
  const withLongString = `${code}const LOREM = '${'lorem ipsum '.repeat(250)}';\n${code}`;
  assert.equal(classifyContent(enc.encode(withLongString), limits).ok, true);
  const licensed = `/*!\n * lib v1.0\n * MIT license\n */\n${'!function(a){return a+1}(1);'.repeat(1000)}\n`;
  assert.deepEqual(classifyContent(enc.encode(licensed), limits), { ok: false, reason: 'minified' });
  // Long lines, but none very long: wide hand-written code stays.
  assert.equal(classifyContent(enc.encode(`${'x'.repeat(1500)}\n`.repeat(20)), limits).ok, true);
  // Languages nobody minifies keep their long generated lines (sympy's polyquinticconst.py defines a class).
  const generated = `class PolyQuintic:\n    f = ${'x**2 + '.repeat(1000)}1\n`;
  assert.deepEqual(classifyContent(enc.encode(generated), limits), { ok: false, reason: 'minified' });
  assert.equal(classifyContent(enc.encode(generated), { ...limits, minifiable: false }).ok, true);
});
