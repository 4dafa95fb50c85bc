/**
 * Identifiers beyond ASCII (`Größe`, `café`, `Δx`, `Ñandú`, `名前`), legal in every supported language: each small
 * repository, extracted and resolved end to end, gives the edges its ASCII spelling gives, name for name.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createResolver } from '../../src/indexer/resolve/index.js';
import { describeEdges, describeExternals, inputFor, resolveAll } from './helpers.js';

async function resolved(files: Record<string, string>): Promise<{ edges: string[]; externals: string[] }> {
  const input = await inputFor(new Map(Object.entries(files)));
  const results = resolveAll(createResolver(input), input.extracts.keys());
  return { edges: describeEdges(input, results), externals: describeExternals(input, results) };
}

/** `text` with every non-ASCII name replaced by its ASCII spelling (longest names first). */
function spell(text: string, names: Record<string, string>): string {
  let out = text;
  for (const name of Object.keys(names).sort((a, b) => b.length - a.length)) out = out.split(name).join(names[name]!);
  return out;
}

/** The repository with Unicode names resolves as its ASCII spelling does; returns the Unicode edges and externals. */
async function sameAsAscii(files: Record<string, string>, names: Record<string, string>): Promise<{ edges: string[]; externals: string[] }> {
  const unicode = await resolved(files);
  const ascii = await resolved(Object.fromEntries(Object.entries(files).map(([path, text]) => [spell(path, names), spell(text, names)])));
  assert.deepEqual(unicode.edges.map((e) => spell(e, names)).sort(), ascii.edges);
  assert.deepEqual(unicode.externals.map((e) => spell(e, names)).sort(), ascii.externals);
  return unicode;
}

test('python: classes, functions, modules and variables named in other scripts resolve as ASCII ones do', async () => {
  const files = {
    'pkg/__init__.py': '',
    'pkg/maße.py': [
      "__all__ = ['Größe', 'Ölfass', 'größe_von', '名前']",
      'import typing as τ',
      '',
      'class Größe:',
      '    def wert(self):',
      '        return 1',
      '',
      'class Ölfass(Größe):',
      '    pass',
      '',
      'class Verborgen:',
      '    pass',
      '',
      "def größe_von(x: 'Größe') -> Größe:",
      '    return x',
      '',
      'def 名前():',
      '    pass',
      '',
      '@τ.overload',
      'def messen(x: int) -> int: ...',
      '@τ.overload',
      'def messen(x: str) -> str: ...',
      'def messen(x):',
      '    return x',
      '',
    ].join('\n'),
    'pkg/app.py': [
      'from pkg.maße import *',
      'from pkg import maße',
      '',
      'def run():',
      '    g = Größe()',
      '    g.wert()',
      '    h: Größe = make()',
      '    h.wert()',
      '    maße.Größe.wert(g)',
      '    größe_von(g).wert()',
      '    名前()',
      '    Verborgen()',
      '    maße.messen(1)',
      '    return Ölfass',
      '',
      'class Δx(Größe):',
      '    def f(self, größe: Größe):',
      '        self.größe = größe',
      '        self.größe.wert()',
      '        café = Größe',
      '        café().wert()',
      '',
    ].join('\n'),
  };
  const names = { maße: 'masse', Größe: 'Groesse', größe: 'groesse', Ölfass: 'Oelfass', 名前: 'namae', τ: 'tau', Δx: 'Dx', café: 'cafe' };
  const { edges } = await sameAsAscii(files, names);
  for (const edge of [
    // `__all__` lists the names `import *` binds: Verborgen is found by its unique name only.
    'pkg.app.run -calls-> pkg.maße.Verborgen [inferred]',
    'pkg.app.run -calls-> pkg.maße.名前',
    // Annotated and assigned variables, `self` attributes and parameters keep their class.
    'pkg.app.run -calls-> pkg.maße.Größe.wert',
    'pkg.app.Δx.f -calls-> pkg.maße.Größe.wert',
    'pkg.app.Δx.f -calls-> pkg.maße.Größe',
    // A class used as a value, and a string annotation.
    'pkg.app.run -references-> pkg.maße.Ölfass',
    'pkg.maße.größe_von -references-> pkg.maße.Größe',
    // `@τ.overload` stubs give way to the implementation.
    'pkg.app.run -calls-> pkg.maße.messen#3',
  ]) {
    assert.ok(edges.includes(edge), `${edge} missing from:\n${edges.join('\n')}`);
  }
});

test('typescript and javascript: classes, members, type parameters and CommonJS exports named in other scripts', async () => {
  const files = {
    'src/café.ts': [
      'export class Café {',
      '  größe(): number { return 1; }',
      '  static make(): Café { return new Café(); }',
      '}',
      'export interface Größe { wert: Café }',
      'export function 名前<Δ extends Café>(x: Δ): Δ { return x; }',
      '',
    ].join('\n'),
    'src/app.ts': [
      "import { Café, Größe, 名前 } from './café';",
      'export class Ölfass extends Café {',
      '  private café: Café;',
      '  #bar: Café;',
      '  constructor(private readonly größe2: Café) { super(); this.café = new Café(); this.#bar = this.café; }',
      '  run(g: Größe): Café {',
      '    const c = new Café();',
      '    c.größe();',
      '    this.café.größe();',
      '    this.größe2.größe();',
      '    this.#bar.größe();',
      '    g.wert.größe();',
      '    const k = Café.make();',
      '    k.größe();',
      '    名前(c);',
      '    return Café.make();',
      '  }',
      '}',
      'export const kaffee = (): Café => Café.make();',
      'export function chain(): void { kaffee().größe(); }',
      'export const registry = [Café, Ölfass];',
      '',
    ].join('\n'),
    'lib.js': [
      'function Größe() {}',
      'Größe.prototype.wert = function () { return 1; };',
      'exports.Größe = Größe;',
      'exports.café = function () {};',
      'module.exports.Ölfass = Größe;',
      '',
    ].join('\n'),
    'use.js': ["const { Größe, café, Ölfass } = require('./lib');", 'function main() { const g = new Größe(); g.wert(); café(); new Ölfass(); }', ''].join('\n'),
  };
  const names = { Café: 'Cafe', café: 'cafe', Größe: 'Groesse', größe2: 'groesse2', größe: 'groesse', Ölfass: 'Oelfass', 名前: 'namae', Δ: 'D' };
  const { edges, externals } = await sameAsAscii(files, names);
  for (const edge of [
    // Receivers through fields, parameter properties, private fields, parameters, locals and static calls.
    'src/app:Ölfass.run -calls-> src/café:Café.größe',
    'src/app:Ölfass.run -calls-> src/café:Café.make',
    'src/app:chain -calls-> src/café:Café.größe',
    'src/app:Ölfass.run -references-> src/café:Größe',
    // A class named as a value.
    'src/app -references-> src/app:Ölfass',
    // `Größe.prototype.wert = ...` is a method; `module.exports.Ölfass = Größe` exports it under another name.
    'lib:Größe.wert -references-> lib:Größe',
    'use:main -calls-> lib:Größe',
  ]) {
    assert.ok(edges.includes(edge), `${edge} missing from:\n${edges.join('\n')}`);
  }
  assert.deepEqual(externals, []);
});

test('java: imports of classes named in other scripts, in the repository and outside it', async () => {
  const files = {
    'src/main/java/zoo/Ñandú.java': ['package zoo;', '', 'public class Ñandú {', '  public void laufen() {}', '  public static Ñandú neu() { return new Ñandú(); }', '}', ''].join('\n'),
    'src/main/java/app/App.java': [
      'package app;',
      '',
      'import zoo.Ñandú;',
      'import static zoo.Ñandú.neu;',
      'import extern.straße.Größe;',
      '',
      'public class App {',
      '  private Ñandú vogel;',
      '  void run() {',
      '    Ñandú n = new Ñandú();',
      '    n.laufen();',
      '    vogel.laufen();',
      '    Ñandú.neu().laufen();',
      '    neu();',
      '    Object o = Ñandú.class;',
      '    Größe g = null;',
      '    g.messen();',
      '  }',
      '}',
      '',
    ].join('\n'),
  };
  const names = { Ñandú: 'Nandu', straße: 'strasse', Größe: 'Groesse' };
  const { edges, externals } = await sameAsAscii(files, names);
  for (const edge of ['src/main/java/app/App.java -imports-> zoo.Ñandú', 'app.App.run -calls-> zoo.Ñandú.laufen', 'app.App.run -calls-> zoo.Ñandú.neu', 'app.App.run -references-> zoo.Ñandú']) {
    assert.ok(edges.includes(edge), `${edge} missing from:\n${edges.join('\n')}`);
  }
  // The class's package, not the class, is the external module.
  assert.ok(externals.includes('app.App.run -calls-> extern.straße:Größe.messen'), externals.join('\n'));
});

test('rust and go: bindings and receivers typed with names in other scripts', async () => {
  const files = {
    'Cargo.toml': '[package]\nname = "zoo"\n',
    'src/lib.rs': ['pub mod tiere;', 'use crate::tiere::Ñandú;', 'pub fn run() {', '    let n: Ñandú = Ñandú::neu();', '    n.laufen();', '}', ''].join('\n'),
    'src/tiere.rs': ["pub struct Ñandú;", 'impl Ñandú {', '    pub fn neu() -> Ñandú { Ñandú }', "    pub fn laufen<'ä>(&'ä self) {}", '}', ''].join('\n'),
    'go.mod': 'module example.com/zoo\n',
    'tiere/tiere.go': ['package tiere', '', 'type Ñandú struct{}', '', 'func (n *Ñandú) Laufen() {}', '', 'func Neu() *Ñandú { return &Ñandú{} }', ''].join('\n'),
    'main.go': ['package main', '', 'import "example.com/zoo/tiere"', '', 'func main() {', '\tgröße := tiere.Neu()', '\tgröße.Laufen()', '}', ''].join('\n'),
  };
  const names = { Ñandú: 'Nandu', größe: 'groesse', ä: 'a' };
  const { edges } = await sameAsAscii(files, names);
  for (const edge of ['crate::run -calls-> crate::tiere::Ñandú::laufen', 'crate::run -calls-> crate::tiere::Ñandú::neu']) {
    assert.ok(edges.includes(edge), `${edge} missing from:\n${edges.join('\n')}`);
  }
});
