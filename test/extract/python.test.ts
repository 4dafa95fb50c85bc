import assert from 'node:assert/strict';
import { test } from 'node:test';
import { annotatedType, returnAnnotation } from '../../src/indexer/languages/python/types.js';
import { bindingsOf, extractSource, fqns, importsOf, refsOf } from './helpers.js';

test('python imports: plain, aliased, relative, from-import with aliases, wildcard, nested in a function', async () => {
  const x = await extractSource(
    'pkg/mod.py',
    [
      'import a.b as c, d',
      'from ..x import y as z, w',
      'from . import sibling',
      'from x import *',
      'def f():',
      '    import json',
      '',
    ].join('\n'),
    { 'pkg/__init__.py': '' },
  );
  assert.deepEqual(importsOf(x), [
    { from: 'pkg.mod', line: 1, module: 'a.b', names: [], alias: 'c' },
    { from: 'pkg.mod', line: 1, module: 'd', names: [] },
    { from: 'pkg.mod', line: 2, module: '..x', names: [{ name: 'y', alias: 'z' }, { name: 'w' }] },
    { from: 'pkg.mod', line: 3, module: '.', names: [{ name: 'sibling' }] },
    { from: 'pkg.mod', line: 4, module: 'x', names: [], wildcard: true },
    { from: 'pkg.mod.f', line: 6, module: 'json', names: [] },
  ]);
});

test('python refs: receivers as written, super(), bases, annotations incl. string forward refs, class values', async () => {
  const x = await extractSource(
    'm.py',
    [
      'class A(base.Base, Mixin, Generic[T], metaclass=Meta):',
      '    def run(self, q: "Query", items: List[Item]) -> Optional[Result]:',
      '        self.m()',
      '        super().run()',
      '        super(A, self).stop()',
      '        a.b.c()',
      '        helper(1)',
      '        get()(2).x()',
      '        if isinstance(q, Special):',
      '            return Result',
      '',
    ].join('\n'),
  );
  assert.deepEqual(refsOf(x), [
    'inherits base|Base @m.A',
    'inherits |Mixin @m.A',
    'inherits |Generic @m.A',
    'value |Meta @m.A',
    'type |Query @m.A.run',
    'type |List @m.A.run',
    'type |Item @m.A.run',
    'type |Optional @m.A.run',
    'type |Result @m.A.run',
    'call self|m @m.A.run',
    'call super()|run @m.A.run',
    'call |super @m.A.run',
    'call super()|stop @m.A.run',
    'call |super @m.A.run',
    'call a.b|c @m.A.run',
    'call |helper @m.A.run',
    'call get()()|x @m.A.run',
    'call |get @m.A.run',
    'call |isinstance @m.A.run',
    'value |Special @m.A.run',
    'value |Result @m.A.run',
  ]);
});

test('python bindings: assigned names and calls as paths, annotations as the class they declare', async () => {
  const x = await extractSource(
    'm.py',
    [
      'c = Collector()',
      'def f(self, a: "Item", b: Optional[m.Box] = None, k: type[Kind] | None = None, n: int = 0, u: A | B = None):',
      '    d = models.Deleter(1)',
      '    self.e = Engine()',
      '    g: Graph = make()',
      '    h = make_thing().start(x, y)',
      '    i = self.e',
      '    j = (super(A, self).clone())',
      '    self.k: t.Optional["Kind"] = None',
      '    other.x = Engine()',
      '    l = items[0]',
      '    m = None',
      '    p: list[Graph] = []',
      'class C:',
      '    q: Queue',
      '    r = Router',
      '',
    ].join('\n'),
  );
  assert.deepEqual(bindingsOf(x), [
    'c = Collector() @m',
    'a: Item @m.f',
    'b: m.Box @m.f',
    'k = Kind @m.f',
    'd = models.Deleter() @m.f',
    'self.e = Engine() @m.f',
    'g: Graph @m.f',
    'h = make_thing().start() @m.f',
    'i = self.e @m.f',
    'j = super().clone() @m.f',
    'self.k: Kind @m.f',
    'q: Queue @m.C',
    'r = Router @m.C',
  ]);
});

test('python definitions: lambdas bound to names, property setter dedup, nested classes and functions', async () => {
  const x = await extractSource(
    'm.py',
    [
      'f = lambda x: x',
      'class C:',
      '    g = lambda self: 1',
      '    @property',
      '    def p(self): return 1',
      '    @p.setter',
      '    def p(self, v): pass',
      '    class Inner:',
      '        def deep(self):',
      '            def local(): pass',
      '',
    ].join('\n'),
  );
  assert.deepEqual(fqns(x), [
    'module m',
    'function m.f',
    'class m.C',
    'method m.C.g',
    'method m.C.p',
    'method m.C.p#2',
    'class m.C.Inner',
    'method m.C.Inner.deep',
    'function m.C.Inner.deep.local',
  ]);
  const byFqn = new Map(x.entities.map((e) => [e.fqn, e]));
  assert.equal(byFqn.get('m.C.p')!.startLine, 4, 'decorators belong to the span');
  assert.equal(byFqn.get('m.C.p')!.signature, 'def p(self)');
});

test('python exported: underscore names and anything inside functions or private classes are not exported', async () => {
  const x = await extractSource(
    'm.py',
    ['def pub(): pass', 'def _priv():', '    def inner(): pass', 'class _Hidden:', '    def visible(self): pass', 'class Open:', '    def __init__(self): pass', '    def _own(self): pass', ''].join('\n'),
  );
  const exported = Object.fromEntries(x.entities.map((e) => [e.fqn, e.exported]));
  assert.deepEqual(exported, {
    m: true,
    'm.pub': true,
    'm._priv': false,
    'm._priv.inner': false,
    'm._Hidden': false,
    'm._Hidden.visible': false,
    'm.Open': true,
    'm.Open.__init__': true,
    'm.Open._own': false,
  });
});

test('python docstrings: cleandoc rules, raw prefix, single quotes', async () => {
  const x = await extractSource(
    'm.py',
    ["r'''Module.", "", "    Indented body.'''", 'def f():', '    """One line."""', 'def g():', "    'single'", 'def h():', '    x = 1', '    """not a docstring"""', ''].join('\n'),
  );
  assert.deepEqual(
    x.entities.map((e) => e.docstring),
    ['Module.\n\nIndented body.', 'One line.', 'single', ''],
  );
});

test('python decorators are calls of the decorator', async () => {
  const x = await extractSource('m.py', ['@dataclass', 'class A:', '    @functools.cache', '    def f(self): pass', '    @route("/x")', '    def g(self): pass', ''].join('\n'));
  assert.deepEqual(refsOf(x, ['call']), ['call |dataclass @m.A', 'call functools|cache @m.A.f', 'call |route @m.A.g']);
});

test('python class values: dotted receivers kept, imports, callees and declarations left out', async () => {
  const x = await extractSource(
    'm.py',
    ['from app.models import Model', 'import Pkg', 'def f(param=Default):', '    check(x, models.Model, Model)', '    api.Client()', '    return Registry[Key]', ''].join('\n'),
  );
  assert.deepEqual(refsOf(x, ['value']), ['value |Default @m.f', 'value models|Model @m.f', 'value |Model @m.f', 'value |Registry @m.f', 'value |Key @m.f']);
});

test('python annotations: the one class declared, through Optional, unions with None, strings and type[]', () => {
  const cases: [string, string | null][] = [
    ['Foo', 'Foo'],
    ['"m.Foo"', 'm.Foo'],
    ['Optional["Foo"]', 'Foo'],
    ['t.Optional[Foo]', 'Foo'],
    ['Union[None, Foo]', 'Foo'],
    ['Foo | None', 'Foo'],
    ['"Foo | None"', 'Foo'],
    ['type[Foo] | None', 'class Foo'],
    ['t.Type["Foo"]', 'class Foo'],
    ['Foo | Bar', null],
    ['Union[Foo, Bar]', null],
    ['list[Foo]', null],
    ['type[type[Foo]]', null],
    ['int', null],
    ['None', null],
  ];
  for (const [text, expected] of cases) {
    const type = annotatedType(text);
    assert.equal(type === null ? null : `${type.classObject ? 'class ' : ''}${type.name}`, expected, text);
  }
  assert.equal(returnAnnotation('def f(self, a: dict[str, int] = {"x": (1, ")")}) -> Optional[Foo]'), 'Optional[Foo]');
  assert.equal(returnAnnotation('async def f(a=g(1)) -> "Foo"'), '"Foo"');
  assert.equal(returnAnnotation('def f(a, b)'), null);
  assert.equal(returnAnnotation('f = lambda x: x'), null);
});

test('python: overload stubs and unconditional redefinitions are superseded; conditional ones, setters and nested defs are not', async () => {
  const x = await extractSource(
    'm.py',
    [
      'import typing as t',
      'from typing import overload',
      '@overload',
      'def f(x: int) -> int: ...',
      '@t.overload',
      'def f(x: str) -> str: ...',
      'def f(x):',
      '    return x',
      'def g(): pass',
      'if X:',
      '    def g(): pass',
      'def g(): pass',
      'try:',
      '    def h(): pass',
      'except E:',
      '    def h(): pass',
      '@overload',
      'def stub_only(x: int) -> int: ...',
      '@overload',
      'def stub_only(x: str) -> str: ...',
      'class C:',
      '    @property',
      '    def x(self): return 1',
      '    @x.setter',
      '    def x(self, v): pass',
      '    def m(self): pass',
      '    def m(self, a): pass',
      'def outer():',
      '    def inner(): pass',
      '    def inner(): pass',
      '',
    ].join('\n'),
  );
  const fqnOf = new Map(x.entities.map((e) => [e.id, e.fqn]));
  assert.deepEqual((x.superseded ?? []).map((id) => fqnOf.get(id)), ['m.f', 'm.f#2', 'm.g', 'm.g#2', 'm.C.m']);
});

test('python __all__: literal lists, += and extend/append at module level; anything computed or conditional is unknown', async () => {
  const all = async (lines: string[]) => (await extractSource('m.py', [...lines, ''].join('\n'))).publicNames;
  assert.deepEqual(await all(['__all__ = ["a", \'b\']', '__all__ += ("c",)', '__all__.extend(["d"])', '__all__.append("e")']), ['a', 'b', 'c', 'd', 'e']);
  assert.deepEqual(await all(['__all__: list[str] = []', 'def f():', '    __all__ = ["local"]', 'x = other.__all__']), []);
  assert.equal(await all(['x = 1']), undefined);
  assert.equal(await all(['__all__ = a.__all__ + ["b"]']), undefined);
  assert.equal(await all(['__all__ = ["a"]', 'if X:', '    __all__.append("b")']), undefined);
  assert.equal(await all(['__all__ = ["a"]', 'def add():', '    __all__.append("b")']), undefined);
  assert.equal(await all(['__all__ = ["a"]', '__all__.remove("a")']), undefined);
  assert.equal(await all(['__all__ = ["a"]', 'del __all__[0]']), undefined);
});

test('python receivers: paths with literals, spaces or continuations are read from the tree, not as written', async () => {
  const x = await extractSource(
    'm.py',
    ['None.__class__()', 'a . b()', 'c.\\', '    d.e()', 'f = True.real', 'g = h .i', 'j = k.False_.l', ''].join('\n'),
  );
  assert.deepEqual(refsOf(x), ['call ?|__class__ @m', 'call a|b @m', 'call c.d|e @m', 'value k|False_ @m']);
  assert.deepEqual(bindingsOf(x), ['g = h.i @m', 'j = k.False_.l @m']);
});

test('python docstrings after blank lines, after comments or on the header line', async () => {
  const x = await extractSource(
    'm.py',
    ['', '', '"""Module."""', 'def f():  # note', '    """F."""', 'def g(): "G."', 'class C:', '    # first', '    """C."""', 'def h():', '    x = 1', ''].join('\n'),
  );
  assert.deepEqual(
    x.entities.map((e) => e.docstring),
    ['Module.', 'F.', 'G.', 'C.', ''],
  );
});
