/** Identifiers beyond ASCII in the text scans extraction shares between languages. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classNameCandidates, simpleReceiver } from '../../src/indexer/extract/paths.js';
import { bindingsOf, extractSource, fqns, importsOf, refsOf } from './helpers.js';

/** What classNameCandidates finds, written as one Unicode regex over the whole text (correct, and slower). */
const CAMEL_CASE_WORD = /(?<![\p{ID_Continue}$\u200c\u200d])_*\p{Lu}[\p{ID_Continue}\u200c\u200d]*\p{Ll}[\p{ID_Continue}\u200c\u200d]*(?![\p{ID_Continue}$\u200c\u200d])/gu;
/** The ASCII scan it replaced: on ASCII text the candidates must not change. */
const ASCII_CAMEL_CASE_WORD = /(?<![\w$])_*[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*(?![\w$])/g;

const starts = (text: string, pattern: RegExp): number[] => [...text.matchAll(pattern)].map((m) => m.index);

test('class-name candidates: capitalised words with a lower-case letter in any script, ALL_CAPS and caseless names left out', () => {
  const text = 'x = Größe() + Δx + _Ölfass.ÉTÉ + 名前 + café + MAX + Foo$ + $Bar + “Quote” + 𝐀bc + ǅx';
  const found = classNameCandidates(text).map((at) => /^[^\s()+.“”]+/u.exec(text.slice(at))![0]);
  assert.deepEqual(found, ['Größe', 'Δx', '_Ölfass', 'Quote', '𝐀bc']);
});

test('class-name candidates equal the Unicode scan on random text, and the ASCII scan on ASCII text', () => {
  const alphabet = ['A', 'b', 'Z', 'z', '0', '_', '$', ' ', '.', '\n', 'é', 'É', 'ß', 'Δ', 'δ', '名', '“', '—', '😀', '𝐀', '𝐚', '\u0301', '\u200d', '\ud800', '\udc00', 'ǅ'];
  let seed = 7;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  for (let i = 0; i < 20_000; i++) {
    let text = '';
    for (let n = random(24); n > 0; n--) text += alphabet[random(alphabet.length)];
    assert.deepEqual(classNameCandidates(text), starts(text, CAMEL_CASE_WORD), JSON.stringify(text));
    if (!/[^\x00-\x7f]/.test(text)) assert.deepEqual(classNameCandidates(text), starts(text, ASCII_CAMEL_CASE_WORD), JSON.stringify(text));
  }
});

test('receivers: name paths in any script are receivers; other expressions are not', () => {
  assert.equal(simpleReceiver('maße.Größe'), 'maße.Größe');
  assert.equal(simpleReceiver('self.größe'), 'self.größe');
  assert.equal(simpleReceiver('crate::tiere::Ñandú'), 'crate::tiere::Ñandú');
  assert.equal(simpleReceiver('$名前.x_1'), '$名前.x_1');
  assert.equal(simpleReceiver('a.b'), 'a.b');
  assert.equal(simpleReceiver('Größe()'), '?');
  assert.equal(simpleReceiver('a[0]'), '?');
  assert.equal(simpleReceiver('1x'), '?');
});

test('python: bindings, string annotations and `__all__` with names in other scripts', async () => {
  const x = await extractSource(
    'm.py',
    [
      "__all__ = ['Größe', '名前']",
      "__all__.append('Ölfass')",
      'class Größe: pass',
      'def f(größe: Größe, n: 名前, i: int) -> "Größe":',
      '    café = Größe()',
      '    self.größe = café',
      '    return größe',
      '',
    ].join('\n'),
  );
  assert.deepEqual(x.publicNames, ['Größe', '名前', 'Ölfass']);
  assert.deepEqual(bindingsOf(x), ['größe: Größe @m.f', 'n: 名前 @m.f', 'café = Größe() @m.f', 'self.größe = café @m.f']);
  assert.ok(refsOf(x, ['type']).includes('type |Größe @m.f'));
  assert.equal(refsOf(x, ['type']).filter((r) => r === 'type |Größe @m.f').length, 2, refsOf(x).join('\n'));
});

test('java: an import of a class named in another script', async () => {
  const x = await extractSource('A.java', 'package a;\nimport pkg.Ñandú;\nimport static pkg.Ñandú.laufen;\nimport pkg.straße.*;\nclass A {}\n');
  assert.deepEqual(importsOf(x), [
    { from: 'A.java', line: 2, module: 'pkg.Ñandú', names: [] },
    { from: 'A.java', line: 3, module: 'pkg.Ñandú.laufen', names: [] },
    { from: 'A.java', line: 4, module: 'pkg.straße', names: [], wildcard: true },
  ]);
});

test('typescript: variance annotations and line-split call signatures on type parameters named in other scripts', async () => {
  const source = [
    'export interface Wirkung<out Ä, in out Ö = never> {',
    '  readonly wert: Ä',
    '}',
    'export const dual: {',
    '  <Ä, B>(f: (a: Ä) => B): (self: Array<Ä>) => Array<B>',
    '  <Ä, B>(self: Array<Ä>, f: (a: Ä) => B): Array<B>',
    '} = (...args: Array<any>) => args[0]',
    'export class Kiste<out Δ> {',
    '  get(): number {',
    '    return 1',
    '  }',
    '}',
    '',
  ].join('\n');
  const x = await extractSource('src/f.ts', source);
  assert.equal(x.syntaxErrors, 0);
  assert.deepEqual(fqns(x), ['module src/f', 'interface src/f:Wirkung', 'function src/f:dual', 'class src/f:Kiste', 'method src/f:Kiste.get']);
});
