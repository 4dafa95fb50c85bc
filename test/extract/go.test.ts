import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindingsOf, extractSource, fqns, importsOf, refsOf } from './helpers.js';
import { bridgeGrammarGaps } from '../../src/indexer/languages/go/grammar-gaps.js';

const goMod = { 'go.mod': 'module example.com/m\n\ngo 1.22\n' };

test('go imports: plain, aliased, dot and blank imports', async () => {
  const x = await extractSource('pkg/a.go', ['package pkg', 'import (', '  "fmt"', '  str "strings"', '  . "math"', '  _ "embed"', ')', 'import "os"', ''].join('\n'), goMod);
  assert.deepEqual(importsOf(x), [
    { from: 'example.com/m/pkg/a.go', line: 3, module: 'fmt', names: [] },
    { from: 'example.com/m/pkg/a.go', line: 4, module: 'strings', names: [], alias: 'str' },
    { from: 'example.com/m/pkg/a.go', line: 5, module: 'math', names: [], wildcard: true },
    { from: 'example.com/m/pkg/a.go', line: 6, module: 'embed', names: [], alias: '_' },
    { from: 'example.com/m/pkg/a.go', line: 8, module: 'os', names: [] },
  ]);
});

test('go FQNs use the go.mod module path; methods hang under their receiver type', async () => {
  const x = await extractSource(
    'pkg/a.go',
    ['package pkg', 'type T struct{}', 'func (t *T) Run() {}', 'func (T) value() {}', 'func Free() {}', ''].join('\n'),
    goMod,
  );
  assert.deepEqual(fqns(x), ['module example.com/m/pkg/a.go', 'class example.com/m/pkg.T', 'method example.com/m/pkg.T.Run', 'method example.com/m/pkg.T.value', 'function example.com/m/pkg.Free']);
  assert.equal(x.entities[2]!.parentId, x.entities[1]!.id);
  assert.deepEqual(x.entities.map((e) => e.exported), [true, true, true, false, true]);
});

test('go vendored packages are named by their import path, below the module root only', async () => {
  const vendored = await extractSource('vendor/github.com/containerd/log/entry.go', ['package log', 'type Entry struct{}', 'func (e *Entry) Info() {}', ''].join('\n'), goMod);
  assert.deepEqual(fqns(vendored), ['module github.com/containerd/log/entry.go', 'class github.com/containerd/log.Entry', 'method github.com/containerd/log.Entry.Info']);
  const nested = await extractSource('man/vendor/github.com/russross/blackfriday/v2/node.go', ['package blackfriday', 'type Node struct{}', ''].join('\n'), {
    ...goMod,
    'man/go.mod': 'module example.com/m/man\n',
  });
  assert.deepEqual(fqns(nested), ['module github.com/russross/blackfriday/v2/node.go', 'class github.com/russross/blackfriday/v2.Node']);
  // A directory named vendor deeper in a module is an ordinary package.
  const deeper = await extractSource('pkg/vendor/a.go', ['package vendor', 'type A struct{}', ''].join('\n'), goMod);
  assert.deepEqual(fqns(deeper), ['module example.com/m/pkg/vendor/a.go', 'class example.com/m/pkg/vendor.A']);
});

test('go refs: calls, composite literals, embedding, qualified types; predeclared types left out', async () => {
  const x = await extractSource(
    'a.go',
    ['package a', 'type S struct {', '  io.Reader', '  *Base', '  n int', '}', 'func F(r Reader) error {', '  s := S{}', '  fmt.Println(s)', '  g()', '  return nil', '}', ''].join('\n'),
  );
  assert.deepEqual(refsOf(x), ['inherits io|Reader @a.S', 'inherits |Base @a.S', 'type |Reader @a.F', 'new |S @a.F', 'call fmt|Println @a.F', 'call |g @a.F']);
});

test('go bindings: var with a type, composite literals, and values of name paths and calls', async () => {
  const x = await extractSource(
    'a.go',
    [
      'package a',
      'import "example.com/config"',
      'func F() {',
      '  var c Thing',
      '  d := Thing{}',
      '  e := &pkg.Other{}',
      '  f := NewThing()',
      '  var g = Box[int]{}',
      '  h, err := s.store.Get(1).(*pkg.T)',
      '  i := new(T)',
      '  j, k := m[1], <-ch',
      '  var n int',
      '  partition := partition(1)',
      '  config := load()',
      '}',
      '',
    ].join('\n'),
  );
  // Unknown values bind nothing, nor a path through the variable itself, nor a variable named as an imported package.
  assert.deepEqual(bindingsOf(x), ['c: Thing @a.F', 'd: Thing @a.F', 'e: pkg.Other @a.F', 'f = NewThing() @a.F', 'g: Box @a.F', 'h = pkg.T() @a.F', 'i = T() @a.F']);
});

test('go bindings: parameters and named results of functions, methods and literals, not of function types or receivers', async () => {
  const x = await extractSource(
    'a.go',
    [
      'package a',
      'import "net/url"',
      'type H func(req *Request)',
      'func (s *Server) Serve(ctx context.Context, a, b *T, opts ...Option, done func(), cfg struct{ N int }) (r *Resp, err error) {',
      '  run := func(c *Conn, n int) {}',
      '  each(func(a *Other, url *URL, w *W, k int) {})',
      '}',
      '',
    ].join('\n'),
  );
  // Of a type no name denotes, only what can be called or have members is bound. A literal defining no function binds
  // in the enclosing one: its typed parameters, but for names already taken there.
  assert.deepEqual(bindingsOf(x), [
    'ctx: context.Context @a.Server.Serve',
    'a: T @a.Server.Serve',
    'b: T @a.Server.Serve',
    'done:  @a.Server.Serve',
    'cfg:  @a.Server.Serve',
    'r: Resp @a.Server.Serve',
    'c: Conn @a.Server.Serve.run',
    'w: W @a.Server.Serve',
  ]);
});

test('go call receivers: chains of calls, conversions and type assertions as paths', async () => {
  const x = await extractSource(
    'a.go',
    ['package a', 'func F() {', '  c.Manager().Should(1)', '  x.(*pkg.T).Run()', '  (&T{}).M()', '  T(v).N()', '  m[1].Get()', '}', ''].join('\n'),
  );
  assert.deepEqual(refsOf(x, ['call']), ['call c.Manager()|Should @a.F', 'call c|Manager @a.F', 'call pkg.T()|Run @a.F', 'call T()|M @a.F', 'call T()|N @a.F', 'call |T @a.F', 'call ?|Get @a.F']);
});

test('go bindings: the fields of a struct type, named and embedded, scoped to the type', async () => {
  const x = await extractSource(
    'a.go',
    ['package a', 'type S struct {', '  sync.Mutex', '  *Base', '  a, b *pkg.T', '  n int', '  Box[int]', '  cb func(x *Y)', '}', 'func F() {', '  var v struct{ inner T }', '}', ''].join('\n'),
  );
  // A field of a predeclared type (`n int`) can be neither called nor have members: left out.
  assert.deepEqual(bindingsOf(x), ['Mutex: sync.Mutex @a.S', 'Base: Base @a.S', 'a: pkg.T @a.S', 'b: pkg.T @a.S', 'Box: Box @a.S', 'cb:  @a.S']);
});

test('go doc comments: the // block directly above, not one separated by a blank line', async () => {
  const x = await extractSource('a.go', ['// Package a does things.', 'package a', '', '// Unrelated.', '', '// F runs.', '// Twice.', 'func F() {}', ''].join('\n'));
  assert.deepEqual(x.entities.map((e) => e.docstring), ['Package a does things.', 'F runs.\nTwice.']);
});

test('go generic type parameters are not type references', async () => {
  const x = await extractSource('a.go', ['package a', 'func Map[K comparable, V any](m map[K]V, f func(V) Out) []K { return nil }', ''].join('\n'));
  assert.deepEqual(refsOf(x, ['type']), ['type |Out @a.Map']);
});

test('go function literals bound to a name are functions: `var f = func...` at package level and inside, and `f := func...`', async () => {
  const x = await extractSource(
    'pkg/a.go',
    ['package pkg', 'var Handler = func(w int) int {', '\treturn w', '}', 'var n, m = 1, 2', 'func g() {', '\tvar inner = func() {}', '\tk := func() {}', '\tinner()', '\tk()', '}', ''].join('\n'),
    goMod,
  );
  assert.deepEqual(fqns(x), [
    'module example.com/m/pkg/a.go', 'function example.com/m/pkg.Handler', 'function example.com/m/pkg.g', 'function example.com/m/pkg.g.inner', 'function example.com/m/pkg.g.k',
  ]);
  assert.equal(x.entities[1]!.exported, true);
  assert.deepEqual(refsOf(x, ['call']), ['call |inner @example.com/m/pkg.g', 'call |k @example.com/m/pkg.g']);
});

test('go 1.26 `new(expr)`, which the grammar takes for a type, parses without errors; the original text stays', async () => {
  const source = [
    'package a',
    '',
    '// Start starts.',
    'func Start() *Config {',
    '  n := new(int64(300))',
    '  c := new(Config{Port: 80})',
    '  s := new([]int{1, 2})',
    '  q := new(x + ")")',
    '  t := new(T)',
    '  p := new(*pkg.T)',
    '  m := new(map[string]int)',
    '  w := v.new(1)',
    '  run(n, c, s, q, t, p, m, w)',
    '  return c',
    '}',
    '',
  ].join('\n');
  const x = await extractSource('a.go', source);
  assert.equal(x.syntaxErrors, 0);
  assert.deepEqual(
    x.entities.map((e) => [e.fqn, e.signature, e.startLine, e.endLine, e.docstring]),
    [
      ['a.go', '', 1, 15, ''],
      ['a.Start', 'func Start() *Config', 4, 15, 'Start starts.'],
    ],
  );
  // The expressions' values are bound; a `new` of a type keeps its call and binds a T, as before.
  assert.deepEqual(bindingsOf(x), ['n = int64() @a.Start', 'c = Config() @a.Start', 't = T() @a.Start', 'p = pkg.T() @a.Start', 'w = v.new() @a.Start']);
  assert.deepEqual(refsOf(x, ['call', 'new']), [
    'call |int64 @a.Start',
    'new |Config @a.Start',
    'call |new @a.Start',
    'call |new @a.Start',
    'call |new @a.Start',
    'call v|new @a.Start',
    'call |run @a.Start',
  ]);
  // Only `new` of something that is no type is rewritten, and a file without one is left as it is.
  assert.equal(bridgeGrammarGaps('a.go', 'x := new(T); y := renew(1)'), 'x := new(T); y := renew(1)');
  assert.equal(bridgeGrammarGaps('a.go', 'x := new(f(1)); y := new(*T)'), 'x :=    (f(1)); y := new(*T)');
});
