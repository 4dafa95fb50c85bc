import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { FileBuilder } from '../../src/indexer/extract/builder.js';
import { entityId } from '../../src/indexer/extract/ids.js';
import { MAX_TERMS, collectTerms } from '../../src/indexer/extract/terms.js';
import { cleanComment, cleanPythonDocstring, cutSignature, SIGNATURE_MAX_CHARS } from '../../src/indexer/extract/text.js';
import { languageForPath, allLanguages } from '../../src/indexer/languages/index.js';
import { detectLayout } from '../../src/indexer/layout.js';
import { extractFile, parseOnly } from '../../src/indexer/parse.js';
import { countTokens } from '../../src/util/tokens.js';
import { loadFixture } from './fixtures.js';
import { extractSource } from './helpers.js';

test('entity ids are the first 16 hex chars of sha1(path \\0 fqn \\0 kind)', () => {
  const expected = createHash('sha1').update('a/b.py\u0000a.b.C\u0000class').digest('hex').slice(0, 16);
  assert.equal(entityId('a/b.py', 'a.b.C', 'class'), expected);
  assert.match(expected, /^[0-9a-f]{16}$/);
  assert.notEqual(entityId('a/b.py', 'a.b.C', 'function'), expected);
});

test('ids are stable across runs and independent of other files', async () => {
  const source = 'class A:\n    def f(self): pass\n';
  const first = await extractSource('m.py', source);
  const second = await extractSource('m.py', source, { 'other.py': '' });
  assert.deepEqual(first.entities.map((e) => e.id), second.entities.map((e) => e.id));
  assert.equal(first.entities[2]!.id, entityId('m.py', 'm.A.f', 'method'));
  assert.equal(first.entities[2]!.parentId, entityId('m.py', 'm.A', 'class'));
});

test('same-named definitions in one scope get #2, #3; their children use the suffixed FQN', () => {
  const source = 'x'.repeat(100);
  const b = new FileBuilder({
    filePath: 'f', language: 'python', source, moduleFqn: 'm', moduleName: 'm', package: '', defPrefix: 'm.', sep: '.',
    moduleDoc: '', moduleExported: true, keywords: new Set(),
  });
  const span = (start: number, end: number) => ({ start, end, startRow: 0, endRow: 0 });
  const def = (name: string, start: number, end: number) => ({ kind: 'function' as const, name, span: span(start, end), signature: '', docstring: '', exported: true });
  b.define(def('f', 0, 10));
  b.define(def('f', 10, 30));
  b.define(def('inner', 12, 20));
  b.define(def('f', 30, 40));
  b.define(def('g', 40, 50));
  const x = b.build(0);
  assert.deepEqual(x.entities.map((e) => e.fqn), ['m', 'm.f', 'm.f#2', 'm.f#2.inner', 'm.f#3', 'm.g']);
  assert.equal(new Set(x.entities.map((e) => e.id)).size, 6);
});

test('every fixture entity counts exactly the tokens of its source span', async () => {
  for (const lang of ['python', 'typescript', 'javascript', 'go', 'java', 'rust']) {
    const repo = await loadFixture(lang);
    for (const [file, x] of repo.extracts) {
      const source = repo.sources.get(file)!;
      assert.equal(x.entities[0]!.tokens, countTokens(source), `${file} module`);
      // Spans are not exposed; every fixture definition starts at its line's first non-blank
      // character and ends at the end of its last line (TS member signatures before their `;`), so the span is recoverable from lines.
      const lines = source.split('\n');
      for (const e of x.entities.slice(1)) {
        let text = lines.slice(e.startLine - 1, e.endLine).join('\n').trim();
        if (/\.tsx?$/.test(file) && e.kind === 'method' && text.endsWith(';') && !text.includes('{')) text = text.slice(0, -1);
        assert.equal(e.tokens, countTokens(text), `${file} ${e.fqn}`);
      }
    }
  }
});

test('terms: identifiers and comment words, deduplicated, keywords dropped; module terms skip nested definitions', async () => {
  const x = await extractSource('m.py', ['TOP = 1  # toplevel words', 'def f(alpha):', '    # explains beta', '    return alpha + beta', ''].join('\n'));
  assert.equal(x.entities[1]!.terms, 'alpha explains beta');
  assert.equal(x.entities[0]!.terms, 'TOP toplevel words');
  const many = Array.from({ length: MAX_TERMS + 50 }, (_, i) => `w${i}`).join(' ');
  const terms = collectTerms(many + ' w1 w2', 0, many.length + 6, new Set()).split(' ');
  assert.equal(terms.length, MAX_TERMS);
  assert.equal(terms[0], 'w0');
});

test('terms: a module with more words than the cap keeps every variable it assigns at top level (a settings module)', async () => {
  // Each setting's comment brings words of its own, so the settings near the end come after the cap in source order.
  const lines: string[] = [];
  for (let i = 0; i < 200; i++) lines.push(`# explains alpha${i} beta${i} gamma${i}`, `SETTING_${i} = "value${i}"`);
  lines.push('if DEBUG:', '    LATE_SETTING = 1', 'def f():', '    LOCAL_NAME = 2', '');
  const x = await extractSource('conf/global_settings.py', lines.join('\n'));
  const terms = new Set(x.entities[0]!.terms.split(' '));
  assert.equal(terms.size, MAX_TERMS);
  for (let i = 0; i < 200; i++) assert.ok(terms.has(`SETTING_${i}`), `SETTING_${i}`);
  assert.ok(terms.has('LATE_SETTING'));
  assert.ok(!terms.has('LOCAL_NAME'));
  assert.ok(terms.has('alpha0') && !terms.has('alpha199'));
});

test('signature cutting normalises whitespace, drops the body opener and caps the length', () => {
  const src = 'def  f(a,\n      b) -> int:\n    pass';
  assert.equal(cutSignature(src, 0, src.indexOf('pass')), 'def f(a, b) -> int');
  assert.equal(cutSignature('const f = (x) => x', 0, 17), 'const f = (x)');
  const multi = 'def g(\n    self,\n    x: dict[\n        str, int\n    ],\n) -> None:\n    pass';
  assert.equal(cutSignature(multi, 0, multi.indexOf('pass')), 'def g(self, x: dict[str, int],) -> None');
  const long = 'function f(' + 'a, '.repeat(200) + ') {}';
  assert.equal(cutSignature(long, 0, long.length).length, SIGNATURE_MAX_CHARS);
});

test('comment and docstring cleanup strips markers and common indentation', () => {
  assert.equal(cleanComment('/**\n   * Line one.\n   *\n   *   indented\n   */'), 'Line one.\n\n  indented');
  assert.equal(cleanComment('/// a\n/// b'), 'a\nb');
  assert.equal(cleanComment('// x\n//   y'), 'x\n  y');
  assert.equal(cleanComment('/** single */'), 'single');
  assert.equal(cleanPythonDocstring('"""\n    Summary.\n\n      Detail.\n    """'), 'Summary.\n\n  Detail.');
  assert.equal(cleanPythonDocstring("u'plain'"), 'plain');
});

test('syntax errors are counted and entities around them survive', async () => {
  const x = await extractSource('m.py', 'def ok():\n    return 1\n\ndef broken(:\n    x =\n\nclass After:\n    pass\n');
  assert.ok(x.syntaxErrors > 0);
  assert.deepEqual(x.entities.map((e) => e.fqn), ['m', 'm.ok', 'm.After']);
  assert.equal((await extractSource('m.py', 'def ok(): pass\n')).syntaxErrors, 0);
});

test('weird input never throws: empty files, only comments, deep nesting, binary noise', async () => {
  const samples: Record<string, string[]> = {
    '.py': ['', '# only a comment\n', 'EOS = "<|endoftext|>"\n', 'def f():\n' + '    ' + '('.repeat(3000) + '\n', Array.from({ length: 200 }, (_, i) => ' '.repeat(i * 4) + 'def f():').join('\n')],
    '.ts': ['', '// c\n/* d */', '['.repeat(5000), 'function f() {'.repeat(300)],
    '.js': ['', '\u0000\u0001\u0002', '{'.repeat(5000)],
    '.go': ['', '// c', 'package a\nfunc f() {' + '{'.repeat(3000)],
    '.java': ['', '/** c */', 'class A {'.repeat(500)],
    '.rs': ['', '//! c', 'fn f() {'.repeat(500) + '\u00e9\ud83d\ude00'],
  };
  for (const [ext, sources] of Object.entries(samples)) {
    for (const source of sources) {
      const x = await extractFile('dir/file' + ext, source, detectLayout(['dir/file' + ext], () => null));
      assert.equal(x.entities[0]!.kind, 'module', ext);
      assert.equal(x.entities[0]!.tokens, countTokens(source));
      for (const e of x.entities) assert.ok(e.startLine >= 1 && e.endLine >= e.startLine, `${ext} ${e.fqn}`);
    }
  }
});

test('registry maps every extension to its language; unsupported paths throw from extractFile only', async () => {
  const expected: Record<string, string> = { 'a.py': 'python', 'a.ts': 'typescript', 'a.TSX': 'typescript', 'a.mts': 'typescript', 'a.cts': 'typescript', 'a.js': 'javascript', 'a.jsx': 'javascript', 'a.mjs': 'javascript', 'a.cjs': 'javascript', 'a.go': 'go', 'a.java': 'java', 'a.rs': 'rust' };
  for (const [path, id] of Object.entries(expected)) assert.equal(languageForPath(path)?.id, id, path);
  assert.equal(languageForPath('README.md'), undefined);
  assert.equal(allLanguages.length, 6);
  await assert.rejects(extractFile('README.md', '# hi', detectLayout([], () => null)));
  await parseOnly('a.rs', 'fn main() {}');
});

test('a failing language extractor degrades to a module-only extract with a warning', async () => {
  const { pythonSupport } = await import('../../src/indexer/languages/python/index.js');
  const original = pythonSupport.extract;
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  process.on('warning', onWarning);
  pythonSupport.extract = () => {
    throw new Error('boom');
  };
  try {
    const x = await extractSource('pkg/m.py', 'def f(): pass\n');
    assert.deepEqual(x.entities.map((e) => `${e.kind} ${e.fqn}`), ['module pkg.m']);
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(warnings.some((w) => w.includes('pkg/m.py') && w.includes('boom')));
  } finally {
    pythonSupport.extract = original;
    process.off('warning', onWarning);
  }
});
