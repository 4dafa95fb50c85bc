/**
 * The one value evaluation the engine shares between languages: bindings (declared types and value paths),
 * receiver paths through attributes, calls and declared return types, the receiver's own type, `super`.
 * Each case is written for Python and TypeScript side by side; where they differ it is language knowledge
 * (hooks and flags of the resolver), not a second mechanism.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgesOf, FileBuilder, repoOf } from './build.js';

const py = (path: string) => new FileBuilder(path, 'python', path.replace(/\.py$/, '').replace(/\//g, '.'));
const ts = (path: string) => new FileBuilder(path, 'typescript', path.replace(/\.[^.]+$/, ''));

test('a variable bound to a path without a call: Python calls the definition, TypeScript the variable (an alias); both reach members and results through it', () => {
  const pyLib = py('pylib.py')
    .def('class', 'Widget')
    .def('method', 'Widget.run', 1, 'def run(self)')
    .def('class', 'Factory')
    .def('method', 'Factory.create', 1, 'def create(cls) -> Widget');
  const pyApp = py('pyapp.py')
    .def('function', 'main')
    .import('', 'pylib', ['Factory'])
    .bind('main', 'make', 'Factory.create', true)
    .ref('main', 'call', 'make')
    .refWith('main', 'call', 'make()', 'run');
  const tsLib = ts('tslib.ts')
    .def('class', 'Widget')
    .def('method', 'Widget.run', 1, 'run(): void')
    .def('class', 'Factory')
    .def('method', 'Factory.create', 1, 'static create(): Widget');
  const tsApp = ts('tsapp.ts')
    .def('function', 'main')
    .import('', './tslib', ['Factory'])
    .bind('main', 'make', 'Factory.create', true)
    .ref('main', 'call', 'make')
    .refWith('main', 'call', 'make()', 'run');
  const { resolver } = repoOf([pyLib, pyApp, tsLib, tsApp]);
  assert.deepEqual(edgesOf(resolver, ['pyapp.py'], 'calls'), ['pyapp.main -calls-> pylib.Factory.create', 'pyapp.main -calls-> pylib.Widget.run']);
  assert.deepEqual(edgesOf(resolver, ['tsapp.ts'], 'calls'), ['tsapp.main -calls-> tslib.Widget.run']);
});

test("the receiver's own type as a return type (`this`, `typing.Self`) is the class the method was looked up on", () => {
  const pyLib = py('pyb.py')
    .import('', 'typing', ['Self'])
    .def('class', 'Builder')
    .def('method', 'Builder.step', 1, 'def step(self) -> Self')
    .def('class', 'Sub')
    .ref('Sub', 'inherits', 'Builder')
    .def('method', 'Sub.finish', 1, 'def finish(self)')
    .def('function', 'main')
    .bind('main', 's', 'Sub()', true)
    .refWith('main', 'call', 's.step()', 'finish');
  const tsLib = ts('tsb.ts')
    .def('class', 'Builder')
    .def('method', 'Builder.step', 1, 'step(): this')
    .def('class', 'Sub')
    .ref('Sub', 'inherits', 'Builder')
    .def('method', 'Sub.finish', 1, 'finish(): void')
    .def('function', 'main')
    .bind('main', 's', 'Sub()', true)
    .refWith('main', 'call', 's.step()', 'finish');
  const { resolver } = repoOf([pyLib, tsLib]);
  assert.deepEqual(edgesOf(resolver, ['pyb.py'], 'calls'), ['pyb.main -calls-> pyb.Sub.finish']);
  assert.deepEqual(edgesOf(resolver, ['tsb.ts'], 'calls'), ['tsb.main -calls-> tsb.Sub.finish']);
});

test('attributes of instances through the class and its bases: Python assignments in methods, TypeScript declarations in the class body; `super` chains', () => {
  const pyLib = py('pyc.py')
    .def('class', 'Conn')
    .def('method', 'Conn.query', 1, 'def query(self)')
    .def('class', 'Base')
    .def('method', 'Base.__init__', 1, 'def __init__(self)')
    .bind('Base.__init__', 'self.conn', 'Conn()', true)
    .def('method', 'Base.connect', 1, 'def connect(self) -> Conn')
    .def('class', 'Repo')
    .ref('Repo', 'inherits', 'Base')
    .def('method', 'Repo.run', 1, 'def run(self)')
    .refWith('Repo.run', 'call', 'self.conn', 'query')
    .refWith('Repo.run', 'call', 'super().connect()', 'query');
  const tsLib = ts('tsc.ts')
    .def('class', 'Conn')
    .def('method', 'Conn.query', 1, 'query(): void')
    .def('class', 'Base')
    .bind('Base', 'this.conn', 'Conn')
    .def('method', 'Base.connect', 1, 'connect(): Conn')
    .def('class', 'Repo')
    .ref('Repo', 'inherits', 'Base')
    .def('method', 'Repo.run', 1, 'run(): void')
    .refWith('Repo.run', 'call', 'this.conn', 'query')
    .refWith('Repo.run', 'call', 'super.connect()', 'query');
  const { resolver } = repoOf([pyLib, tsLib]);
  assert.deepEqual(edgesOf(resolver, ['pyc.py'], 'calls'), ['pyc.Repo.run -calls-> pyc.Conn.query']);
  assert.deepEqual(edgesOf(resolver, ['tsc.ts'], 'calls'), ['tsc.Repo.run -calls-> tsc.Conn.query']);
});

test('declared types win over assigned values, and a generic type parameter denotes no class', () => {
  const tsLib = ts('d.ts')
    .def('class', 'T')
    .def('method', 'T.go', 1, 'go(): void')
    .def('class', 'Box', 1, 'class Box<T>')
    .bind('Box', 'this.item', 'T')
    .def('method', 'Box.run', 1, 'run(): void')
    .refWith('Box.run', 'call', 'this.item', 'go')
    .def('class', 'A')
    .def('method', 'A.go', 1, 'go(): void')
    .def('function', 'main')
    .bind('main', 'x', 'A')
    .bind('main', 'x', 'T()', true)
    .refWith('main', 'call', 'x', 'go');
  const { resolver } = repoOf([tsLib]);
  assert.deepEqual(edgesOf(resolver, ['d.ts'], 'calls'), ['d.main -calls-> d.A.go']);
});
