import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgesOf, externalsOf, FileBuilder, repoOf } from './build.js';

const py = (path: string, fqn: string) => new FileBuilder(path, 'python', fqn);

test('relative from-import with alias resolves a call exactly, and records module and entity imports', () => {
  const util = py('pkg/util.py', 'pkg.util').def('function', 'helper', 3);
  const main = py('pkg/main.py', 'pkg.main').def('function', 'run').import('', '.util', [['helper', 'h']], {}, 1).ref('run', 'call', 'h', 5);
  const { resolver } = repoOf([py('pkg/__init__.py', 'pkg'), util, main]);
  assert.deepEqual(edgesOf(resolver, ['pkg/main.py']), [
    'pkg.main -imports-> pkg.util',
    'pkg.main -imports-> pkg.util.helper',
    'pkg.main.run -calls-> pkg.util.helper',
  ]);
});

test('`import a.b as c` and `import a.b` make module-qualified calls resolve', () => {
  const b = py('a/b.py', 'a.b').def('function', 'f');
  const m = py('m.py', 'm')
    .def('function', 'g')
    .import('', 'a.b', [], { alias: 'c' })
    .import('', 'a.b')
    .ref('g', 'call', 'c.f')
    .ref('', 'call', 'a.b.f');
  const { resolver } = repoOf([py('a/__init__.py', 'a'), b, m]);
  assert.deepEqual(edgesOf(resolver, ['m.py'], 'calls'), ['m -calls-> a.b.f', 'm.g -calls-> a.b.f']);
});

test('names re-exported through a chain of __init__.py files resolve to the definition', () => {
  const impl = py('lib/core/impl.py', 'lib.core.impl').def('class', 'Engine');
  const core = py('lib/core/__init__.py', 'lib.core').import('', '.impl', ['Engine']);
  const lib = py('lib/__init__.py', 'lib').import('', '.core', [['Engine', 'PublicEngine']]);
  const app = py('app.py', 'app').import('', 'lib', ['PublicEngine']).ref('', 'call', 'PublicEngine');
  const { resolver } = repoOf([impl, core, lib, app]);
  assert.deepEqual(edgesOf(resolver, ['app.py'], 'calls'), ['app -calls-> lib.core.impl.Engine']);
  assert.ok(edgesOf(resolver, ['app.py'], 'imports').includes('app -imports-> lib.core.impl.Engine'));
});

test('self.m() follows the C3 linearisation of bases declared in other files', () => {
  // D(B, C), B(A), C(A): C3 order is D, B, C, A, so C.m wins over A.m (depth-first would pick A.m).
  const base = py('base.py', 'base').def('class', 'A').def('method', 'A.m').def('class', 'C').ref('C', 'inherits', 'A').def('method', 'C.m');
  const mid = py('mid.py', 'mid').import('', 'base', ['A']).def('class', 'B').ref('B', 'inherits', 'A');
  const top = py('top.py', 'top')
    .import('', 'mid', ['B'])
    .import('', 'base', ['C'])
    .def('class', 'D')
    .ref('D', 'inherits', 'B')
    .ref('D', 'inherits', 'C')
    .def('method', 'D.go')
    .ref('D.go', 'call', 'self.m')
    .ref('D.go', 'call', 'cls.go');
  const { resolver } = repoOf([base, mid, top]);
  assert.deepEqual(edgesOf(resolver, ['top.py'], 'calls'), ['top.D.go -calls-> base.C.m', 'top.D.go -calls-> top.D.go']);
  assert.deepEqual(edgesOf(resolver, ['top.py'], 'inherits'), ['top.D -inherits-> base.C', 'top.D -inherits-> mid.B']);
});

test('super().m() starts after the current class', () => {
  const f = py('s.py', 's')
    .def('class', 'P')
    .def('method', 'P.save')
    .def('class', 'K')
    .ref('K', 'inherits', 'P')
    .def('method', 'K.save')
    .refWith('K.save', 'call', 'super()', 'save');
  const { resolver } = repoOf([f]);
  assert.deepEqual(edgesOf(resolver, ['s.py'], 'calls'), ['s.K.save -calls-> s.P.save']);
});

test('ClassName() calls the class; a variable assigned from a constructor resolves its method calls', () => {
  const models = py('models.py', 'models').def('class', 'Collector').def('method', 'Collector.collect');
  const use = py('use.py', 'use')
    .import('', 'models')
    .def('function', 'main')
    .ref('main', 'call', 'models.Collector')
    .bind('main', 'c', 'models.Collector')
    .ref('main', 'call', 'c.collect');
  const { resolver } = repoOf([models, use]);
  assert.deepEqual(edgesOf(resolver, ['use.py'], 'calls'), ['use.main -calls-> models.Collector', 'use.main -calls-> models.Collector.collect']);
});

test('several definitions of one name are never picked between; a unique name elsewhere is inferred', () => {
  const a = py('a.py', 'a').def('function', 'twice').def('function', 'twice').def('function', 'only');
  const b = py('b.py', 'b').def('function', 'twice');
  const c = py('c.py', 'c')
    .def('function', 'main')
    .import('', 'a', ['twice'])
    .ref('main', 'call', 'twice')
    .ref('main', 'call', 'only')
    .ref('main', 'call', 'obj.unique_method')
    .ref('main', 'call', 'obj.append');
  const d = py('d.py', 'd').def('class', 'X').def('method', 'X.unique_method').def('method', 'X.append');
  const { resolver } = repoOf([a, b, c, d]);
  assert.deepEqual(edgesOf(resolver, ['c.py'], 'calls'), ['c.main -calls-> a.only ?', 'c.main -calls-> d.X.unique_method ?']);
});

test('bare names defined in two files and not imported give no edge', () => {
  const a = py('a.py', 'a').def('function', 'dup');
  const b = py('b.py', 'b').def('function', 'dup');
  const c = py('c.py', 'c').ref('', 'call', 'dup');
  assert.deepEqual(edgesOf(repoOf([a, b, c]).resolver, ['c.py']), []);
});

test('calls into the standard library and builtins are kept as external references', () => {
  const f = py('x.py', 'x')
    .import('', 'collections', ['OrderedDict'])
    .import('', 'os')
    .def('function', 'f')
    .ref('f', 'call', 'OrderedDict')
    .ref('f', 'call', 'os.path.join', 4)
    .ref('f', 'call', 'os.path.join', 2)
    .ref('f', 'call', 'len');
  const { resolver } = repoOf([f]);
  assert.deepEqual(externalsOf(resolver, ['x.py']), [
    'x -imports-> collections:OrderedDict',
    'x -imports-> os:',
    'x.f -calls-> builtins:len',
    'x.f -calls-> collections:OrderedDict',
    'x.f -calls-> os:path.join',
  ]);
  const join = resolver.resolveFile('x.py').externals.find((e) => e.symbol === 'path.join')!;
  assert.equal(join.count, 2);
  assert.equal(join.line, 2);
});

test('repeated calls merge into one edge with a count and the first line; contains edges follow parentId', () => {
  const f = py('x.py', 'x').def('function', 'g', 1).def('function', 'f', 5).ref('f', 'call', 'g', 9).ref('f', 'call', 'g', 7).ref('f', 'call', 'g', 8);
  const result = repoOf([f]).resolver.resolveFile('x.py');
  const call = result.edges.find((e) => e.kind === 'calls')!;
  assert.deepEqual({ count: call.count, line: call.line, confidence: call.confidence }, { count: 3, line: 7, confidence: 'exact' });
  assert.deepEqual(
    result.edges.filter((e) => e.kind === 'contains').map((e) => [e.source, e.target, e.line]),
    [
      ['module:x', 'function:x.g', 1],
      ['module:x', 'function:x.f', 5],
    ],
  );
});

test('a submodule is an attribute of its package: `from pkg import sub; sub.f()`', () => {
  const sub = py('pkg/sub.py', 'pkg.sub').def('function', 'f');
  const m = py('m.py', 'm').import('', 'pkg', ['sub']).ref('', 'call', 'sub.f');
  const { resolver } = repoOf([py('pkg/__init__.py', 'pkg'), sub, m]);
  assert.deepEqual(edgesOf(resolver, ['m.py']), ['m -calls-> pkg.sub.f', 'm -imports-> pkg', 'm -imports-> pkg.sub']);
});

test('function scopes shadow module names, class bodies do not leak into methods', () => {
  const f = py('x.py', 'x')
    .def('function', 'helper')
    .def('class', 'K')
    .def('function', 'K.helper')
    .def('method', 'K.run')
    .ref('K.run', 'call', 'helper')
    .def('function', 'outer')
    .def('function', 'outer.helper')
    .ref('outer', 'call', 'helper');
  assert.deepEqual(edgesOf(repoOf([f]).resolver, ['x.py'], 'calls'), ['x.K.run -calls-> x.helper', 'x.outer -calls-> x.outer.helper']);
});

test('no name-only guess for a member missing from a known module, nor for nested definitions', () => {
  const lib = py('lib.py', 'lib').def('function', 'present');
  const other = py('other.py', 'other').def('class', 'Mock').def('method', 'Mock.string').def('function', 'outer').def('function', 'outer.callback');
  const use = py('use.py', 'use')
    .import('', 'lib')
    .def('function', 'f')
    .ref('f', 'call', 'lib.string')
    .ref('f', 'call', 'unknown_receiver.string')
    .ref('f', 'call', 'callback');
  assert.deepEqual(edgesOf(repoOf([lib, other, use]).resolver, ['use.py'], 'calls'), ['use.f -calls-> other.Mock.string ?']);
});

test('a call of a parameter is not matched to a same-named definition elsewhere', () => {
  const json = py('json.py', 'json_util').def('function', 'load').def('function', 'dump');
  const config = py('config.py', 'config').def('function', 'from_file').ref('from_file', 'call', 'load').ref('from_file', 'call', 'dump');
  config.extract.entities[1]!.signature = 'def from_file(filename, load, silent=False)';
  assert.deepEqual(edgesOf(repoOf([json, config]).resolver, ['config.py'], 'calls'), ['config.from_file -calls-> json_util.dump ?']);
});
