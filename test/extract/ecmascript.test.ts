import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entityId } from '../../src/indexer/extract/ids.js';
import { bindingsOf, extractSource, fqns, importsOf, refsOf } from './helpers.js';

test('typescript imports and re-exports: default, named, namespace, type-only, require, export-from forms', async () => {
  const x = await extractSource(
    'src/a.ts',
    [
      "import D, { e as g, type H } from './m.js';",
      "import * as ns from 'ns';",
      "import type { K } from 'k';",
      "import 'side-effect';",
      "import q = require('q');",
      "export { a as b, c } from './x';",
      "export * from './y';",
      "export * as z from './z';",
      '',
    ].join('\n'),
  );
  assert.deepEqual(importsOf(x), [
    { from: 'src/a', line: 1, module: './m.js', names: [{ name: 'default', alias: 'D' }, { name: 'e', alias: 'g' }, { name: 'H' }] },
    { from: 'src/a', line: 2, module: 'ns', names: [], alias: 'ns' },
    { from: 'src/a', line: 3, module: 'k', names: [{ name: 'K' }] },
    { from: 'src/a', line: 4, module: 'side-effect', names: [] },
    { from: 'src/a', line: 5, module: 'q', names: [], alias: 'q' },
    { from: 'src/a', line: 6, module: './x', names: [{ name: 'a', alias: 'b' }, { name: 'c' }], reexport: true },
    { from: 'src/a', line: 7, module: './y', names: [], wildcard: true, reexport: true },
    { from: 'src/a', line: 8, module: './z', names: [], alias: 'z', reexport: true },
  ]);
});

test('typescript exports: export lists, export default of a name and of a declaration, exported variables', async () => {
  const x = await extractSource(
    'src/a.ts',
    ['function f() {}', 'function g() {}', 'class K {}', 'export { f as fun, g };', 'export default K;', 'export default class L {}', 'export const v = K.make;', ''].join('\n'),
  );
  assert.deepEqual(x.exports, [
    { name: 'fun', local: 'f' },
    { name: 'g', local: 'g' },
    { name: 'default', local: 'K' },
    { name: 'default', local: 'L' },
    { name: 'v', local: 'v' },
  ]);
  assert.deepEqual(
    x.entities.filter((e) => e.kind !== 'module').map((e) => [e.name, e.exported]),
    [['f', true], ['g', true], ['K', true], ['L', true]],
  );
});

test('typescript refs: calls with receivers, new, extends/implements, type annotations (not definition names or type parameters)', async () => {
  const x = await extractSource(
    'src/a.ts',
    [
      'class A<T> extends base.B implements I, J<T> {',
      '  run(p: Point): ns.Shape {',
      '    this.m();',
      '    super.m();',
      '    a.b.c();',
      '    return new Foo(helper());',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  assert.deepEqual(refsOf(x), [
    'inherits base|B @src/a:A',
    'implements |I @src/a:A',
    'implements |J @src/a:A',
    'type |Point @src/a:A.run',
    'type ns|Shape @src/a:A.run',
    'call this|m @src/a:A.run',
    'call super|m @src/a:A.run',
    'call a.b|c @src/a:A.run',
    'new |Foo @src/a:A.run',
    'call |helper @src/a:A.run',
  ]);
});

test('typescript decorators are calls of the decorator', async () => {
  const x = await extractSource('src/a.ts', ['@Injectable', 'export class S {', '  @Input() name = 1;', '  @ns.Watch m() {}', '}', ''].join('\n'));
  // A decorated method spans its decorators (as in Python); a field is no entity, so its decorator is the class's.
  assert.deepEqual(refsOf(x, ['call']), ['call |Injectable @src/a:S', 'call |Input @src/a:S', 'call ns|Watch @src/a:S.m']);
});

test('typescript bindings: new expressions, type annotations, call values; `this.x` outside a constructor declares no attribute', async () => {
  const x = await extractSource(
    'src/a.ts',
    ['const c = new Collector();', 'function f() {', '  let d: models.Deleter;', '  this.e = new ns.Engine();', '  const g = make();', '}', ''].join('\n'),
  );
  assert.deepEqual(bindingsOf(x), ['c: Collector @src/a', 'd: models.Deleter @src/a:f', 'g = make() @src/a:f']);
});

test('typescript bindings: attributes, call values, casts, and locals of unknown value', async () => {
  const x = await extractSource(
    'src/b.ts',
    [
      'class K {',
      '  store: Store;',
      '  cache = new Cache();',
      '  n: number;',
      '  constructor(private readonly db: Db, plain: Plain, other) { this.log = new Log(); }',
      '  run(s?: Shape) { const v = z.object({ a: 1 }).strict(); const w = (y as ns.T).go(); const u = q<T>(); const r = require("r"); const k = [1]; const m = Factory.create; }',
      '}',
      'interface I { repo: Repo; count: number }',
      'const h = () => 1;',
      '',
    ].join('\n'),
  );
  assert.deepEqual(bindingsOf(x).sort(), [
    'db: Db @src/b:K.constructor',
    'k:  @src/b:K.run',
    'm = Factory.create @src/b:K.run',
    'other:  @src/b:K.constructor',
    'plain: Plain @src/b:K.constructor',
    's: Shape @src/b:K.run',
    'this.cache: Cache @src/b:K',
    'this.db: Db @src/b:K',
    'this.log: Log @src/b:K',
    'this.repo: Repo @src/b:I',
    'this.store: Store @src/b:K',
    'u:  @src/b:K.run',
    'v = z.object().strict() @src/b:K.run',
    'w = ns.T().go() @src/b:K.run',
  ]);
});

test('typescript definitions: overloads dedup, arrow functions bound to names, class fields holding arrows, namespaces', async () => {
  const x = await extractSource(
    'src/a.ts',
    [
      'export function over(a: string): void;',
      'export function over(a: number): void;',
      'export function over(a: unknown): void {}',
      'export const arrow = (x: number) => x;',
      'const expr = function named() {};',
      'class C { field = () => 1; value = 2; }',
      'namespace NS { export function inside() {} }',
      '',
    ].join('\n'),
  );
  assert.deepEqual(fqns(x), [
    'module src/a',
    'function src/a:over',
    'function src/a:over#2',
    'function src/a:over#3',
    'function src/a:arrow',
    'function src/a:expr',
    'class src/a:C',
    'method src/a:C.field',
    'function src/a:NS.inside',
  ]);
});

test('javascript CommonJS: require forms, module.exports object and name, exports.f, prototype methods', async () => {
  const x = await extractSource(
    'lib/a.js',
    [
      "const m = require('x');",
      "const { a, b: c } = require('y');",
      "require('z');",
      'function Foo() {}',
      'Foo.prototype.bar = function () {};',
      'exports.f = function () {};',
      'exports.g = helper;',
      'module.exports = { Foo, renamed: helper };',
      '',
    ].join('\n'),
  );
  assert.deepEqual(importsOf(x), [
    { from: 'lib/a', line: 1, module: 'x', names: [], alias: 'm' },
    { from: 'lib/a', line: 2, module: 'y', names: [{ name: 'a' }, { name: 'b', alias: 'c' }] },
    { from: 'lib/a', line: 3, module: 'z', names: [] },
  ]);
  assert.deepEqual(x.exports, [
    { name: 'g', local: 'helper' },
    { name: 'renamed', local: 'helper' },
  ]);
  assert.deepEqual(
    x.entities.map((e) => `${e.kind} ${e.fqn} ${e.exported}`),
    ['module lib/a true', 'function lib/a:Foo true', 'method lib/a:Foo.bar false', 'function lib/a:f true'],
  );
  assert.equal(x.entities[2]!.parentId, x.entities[1]!.id, 'prototype methods hang under their constructor');
  assert.equal(x.language, 'javascript');
});

test('module.exports = Name exports that name as default', async () => {
  const x = await extractSource('lib/b.cjs', ['class Store {}', 'module.exports = Store;', ''].join('\n'));
  assert.deepEqual(x.exports, [{ name: 'default', local: 'Store' }]);
  assert.equal(x.entities[1]!.exported, true);
});

test('tsx files parse with the tsx grammar', async () => {
  const x = await extractSource('src/v.tsx', 'export const V = () => <Box kind="a" />;\n');
  assert.equal(x.syntaxErrors, 0);
  assert.deepEqual(fqns(x), ['module src/v', 'function src/v:V']);
  assert.deepEqual(refsOf(x, ['value']), ['value |Box @src/v:V']);
});

test('typescript the grammar misparses (variance annotations, call signatures split by a line break) still yields its definitions, with the original text', async () => {
  const source = [
    'export interface Effect<out A, in out E = never> {',
    '  readonly value: A',
    '}',
    'export const dual: {',
    '  <A, B>(f: (a: A) => B): (self: Array<A>) => Array<B>',
    '  <A, B>(self: Array<A>, f: (a: A) => B): Array<B>',
    '} = (...args: Array<any>) => args[0]',
    'export const has =',
    '  <K>(key: K) => <Input extends { readonly has: (key: K) => boolean }>(input: Input): boolean =>',
    '    input.has(key)',
    'export function pipe<A>(a: A): A {',
    '  return a',
    '}',
    'export class Box<out T> {',
    '  get(): number {',
    '    return 1',
    '  }',
    '}',
    '',
  ].join('\n');
  const x = await extractSource('src/f.ts', source);
  assert.equal(x.syntaxErrors, 0);
  assert.deepEqual(fqns(x), [
    'module src/f', 'interface src/f:Effect', 'function src/f:dual', 'function src/f:has', 'function src/f:pipe', 'class src/f:Box', 'method src/f:Box.get',
  ]);
  assert.equal(x.entities.find((e) => e.name === 'Effect')?.signature, 'export interface Effect<out A, in out E = never>');
  // In TSX a line may start with a JSX tag: no `;` goes there, and a clean file is parsed as it is.
  const tsx = await extractSource('src/v.tsx', ['export function View() {', '  return (', '    <div>', '      <Item>x</Item>', '    </div>', '  )', '}', ''].join('\n'));
  assert.equal(tsx.syntaxErrors, 0);
  assert.deepEqual(fqns(tsx), ['module src/v', 'function src/v:View']);
});

test('typescript members named abstract or accessor, which the grammar takes for modifiers, keep their names, types and ids', async () => {
  const source = [
    'export interface Node {',
    '  abstract: Kind;',
    '  accessor?: Kind;',
    '  abstract(): void;',
    '}',
    'export class C {',
    '  public abstract: Kind = new Kind();',
    '  accessor = 1;',
    '  abstract(): number {',
    '    return this.accessor;',
    '  }',
    '}',
    'export class Kind {}',
    '',
  ].join('\n');
  const x = await extractSource('src/n.ts', source);
  assert.equal(x.syntaxErrors, 0);
  assert.deepEqual(fqns(x), ['module src/n', 'interface src/n:Node', 'method src/n:Node.abstract', 'class src/n:C', 'method src/n:C.abstract', 'class src/n:Kind']);
  for (const e of x.entities) assert.equal(e.id, entityId(e.filePath, e.fqn, e.kind));
  assert.equal(x.entities.find((e) => e.fqn === 'src/n:Node.abstract')?.signature, 'abstract(): void');
  assert.deepEqual(bindingsOf(x).filter((b) => b.includes('abstract') || b.includes('accessor')).sort(), [
    'this.abstract: Kind @src/n:Node',
    'this.abstract: Kind @src/n:C',
    'this.accessor: Kind @src/n:Node',
  ].sort());
  // A real modifier is left alone, and so is a file that holds the stand-in's letter itself.
  const modifiers = await extractSource('src/a.ts', 'export abstract class A {\n  abstract run(): void;\n  protected abstract accessor: number;\n}\n');
  assert.deepEqual(fqns(modifiers), ['module src/a', 'class src/a:A', 'method src/a:A.run']);
  assert.equal(JSON.stringify(modifiers).includes('\u1d43'), false);
});

test('typescript the grammar misparses (`export import x = require()`, an export list with `from` on the next line) keeps its imports and lines', async () => {
  const source = ["export import fs = require('fs');", 'export { a, b }', "from './x';", 'export type { T }', "  from './t';", 'export function f(): number {', '  return 1;', '}', ''].join('\n');
  const x = await extractSource('src/m.ts', source);
  assert.equal(x.syntaxErrors, 0);
  assert.deepEqual(
    x.imports.map((i) => [i.line, i.module, i.names.map((n) => n.name).join(','), i.reexport === true]),
    [
      [1, 'fs', '', false],
      [2, './x', 'a,b', true],
      [4, './t', 'T', true],
    ],
  );
  assert.deepEqual(
    x.entities.map((e) => [e.fqn, e.startLine, e.endLine]),
    [
      ['src/m', 1, 8],
      ['src/m:f', 6, 8],
    ],
  );
});

test('typescript: a decorated method spans its decorators, as a decorated class does; signatures leave them out', async () => {
  const x = await extractSource(
    'src/shell.ts',
    [
      "@Component({ id: 'shell' })",
      'export class Shell {',
      '  /** Runs once. */',
      '  @postConstruct()',
      '  @traced',
      '  protected init(): void {}',
      '',
      '  plain(): void {}',
      '}',
      '',
    ].join('\n'),
  );
  const at = (name: string) => x.entities.find((e) => e.name === name)!;
  assert.deepEqual([at('Shell').startLine, at('init').startLine, at('init').endLine, at('plain').startLine], [1, 4, 6, 8]);
  assert.equal(at('init').signature, 'protected init(): void');
  assert.equal(at('init').docstring, 'Runs once.');
});
