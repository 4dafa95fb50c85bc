import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindingsOf, extractSource, fqns, importsOf, refsOf } from './helpers.js';

test('java imports: single type, static member, wildcard', async () => {
  const x = await extractSource('src/A.java', ['package p;', 'import java.util.List;', 'import static java.lang.Math.max;', 'import java.io.*;', 'import static org.Assert.*;', 'class A {}', ''].join('\n'));
  assert.deepEqual(importsOf(x), [
    { from: 'src/A.java', line: 2, module: 'java.util.List', names: [] },
    { from: 'src/A.java', line: 3, module: 'java.lang.Math.max', names: [] },
    { from: 'src/A.java', line: 4, module: 'java.io', names: [], wildcard: true },
    { from: 'src/A.java', line: 5, module: 'org.Assert', names: [], wildcard: true },
  ]);
});

test('java FQNs come from the package declaration; overloads get #n', async () => {
  const x = await extractSource('src/main/java/x/A.java', ['package com.acme;', 'public class A {', '  A() {}', '  A(int x) {}', '  void f() {}', '  void f(int x) {}', '  interface I { void g(); }', '}', ''].join('\n'));
  assert.deepEqual(fqns(x), [
    'module src/main/java/x/A.java',
    'class com.acme.A',
    'method com.acme.A.A',
    'method com.acme.A.A#2',
    'method com.acme.A.f',
    'method com.acme.A.f#2',
    'interface com.acme.A.I',
    'method com.acme.A.I.g',
  ]);
  assert.equal(x.entities[0]!.package, 'com.acme');
  assert.deepEqual(x.entities.map((e) => e.exported), [true, true, false, false, false, false, false, true]);
});

test('java refs and bindings', async () => {
  const x = await extractSource(
    'A.java',
    ['class A extends B implements C, D<E> {', '  void f() {', '    Foo c = new Foo();', '    c.go();', '    this.h();', '    run();', '    List<Bar> xs = make();', '  }', '}', ''].join('\n'),
  );
  assert.deepEqual(refsOf(x, ['call', 'new', 'inherits', 'implements']), [
    'inherits |B @A',
    'implements |C @A',
    'implements |D @A',
    'new |Foo @A.f',
    'call c|go @A.f',
    'call this|h @A.f',
    'call |run @A.f',
    'call |make @A.f',
  ]);
  assert.deepEqual(bindingsOf(x), ['c: Foo @A.f', 'xs: List @A.f']);
});

test('java lambdas bound to a name (a field, a local variable) are functions, members of the class they are fields of', async () => {
  const x = await extractSource(
    'src/main/java/a/A.java',
    ['package a;', 'class A {', '  private final Runnable task = () -> { run(); };', '  void m() {', '    Runnable r = () -> {};', '    r.run();', '  }', '  void run() {}', '}', ''].join('\n'),
  );
  assert.deepEqual(fqns(x), ['module src/main/java/a/A.java', 'class a.A', 'method a.A.task', 'method a.A.m', 'function a.A.m.r', 'method a.A.run']);
  assert.equal(x.entities[2]!.exported, false);
  assert.deepEqual(refsOf(x, ['call']), ['call |run @a.A.task', 'call r|run @a.A.m']);
});

test('java bindings: parameters of every form, record components, interface constants, catch, enhanced-for, resource and pattern variables, untyped lambda parameters; arrays, primitives and multi-catch variables have no class, arrays and primitives a declared type', async () => {
  const x = await extractSource(
    'A.java',
    [
      'class A {',
      '  Foo[] fa, fb;',
      '  Bar fc[];',
      '  void f(final @Ann Dep d, List<Foo> xs, java.util.Map.Entry<K, V> e, String... rest, int[] arr, int n) {',
      '    try {} catch (final IOException | TimeoutException e1) {} catch (Oops e2) {}',
      '    for (final Dep x : deps) {}',
      '    run((Foo a, Bar b) -> 1);',
      '    run(c -> 1);',
      '    Foo w[] = null;',
      '    try (Res r = open()) {}',
      '    if (o instanceof Foo f2) {}',
      '    long v = switch (o) { case Pair(int k, Baz q) -> 1; case Baz bz -> 2; default -> 0; };',
      '  }',
      '  A(Dep ctor) {}',
      '  record R(Dep held, int... z) {}',
      '}',
      'interface I { Dep X = null; }',
      '',
    ].join('\n'),
  );
  assert.deepEqual(bindingsOf(x), [
    'fa:  (Foo[]) @A',
    'fb:  (Foo[]) @A',
    'fc:  (Bar[]) @A',
    'd: Dep @A.f',
    'xs: List @A.f',
    'e: java.util.Map.Entry @A.f',
    'rest:  (String[]) @A.f',
    'arr:  (int[]) @A.f',
    'n:  (int) @A.f',
    'e1:  @A.f',
    'e2: Oops @A.f',
    'x: Dep @A.f',
    'a: Foo @A.f',
    'b: Bar @A.f',
    'c:  @A.f',
    'w:  (Foo[]) @A.f',
    'r: Res @A.f',
    'f2: Foo @A.f',
    'v:  (long) @A.f',
    'k:  (int) @A.f',
    'q: Baz @A.f',
    'bz: Baz @A.f',
    'ctor: Dep @A.A',
    'held: Dep @A.R',
    'z:  (int[]) @A.R',
    'X: Dep @I',
  ]);
});

test('java bindings of one block (catch, enhanced for) whose name the scope binds to another type: dropped next to a local, untyped otherwise', async () => {
  const x = await extractSource(
    'A.java',
    [
      'class A {',
      '  void f() {',
      '    Emitter e = make();',
      '    try {} catch (IOException e) {}',
      '    for (Foo y : ys) {}',
      '    for (Bar y : bs) {}',
      '    for (Foo z : zs) {}',
      '    for (Foo z : zs) {}',
      '  }',
      '  void g() { for (Bar z : zs) {} }',
      '}',
      '',
    ].join('\n'),
  );
  assert.deepEqual(bindingsOf(x), ['e: Emitter @A.f', 'y:  @A.f', 'y:  @A.f', 'z: Foo @A.f', 'z: Foo @A.f', 'z: Bar @A.g']);
});

test('java call receivers are paths of names and calls: chains, the implicit `this`, `super`, `new Foo(x)` and casts as calls of their class', async () => {
  const x = await extractSource(
    'A.java',
    [
      'class A {',
      '  void f() {',
      '    a.getB(x).run();',
      '    getB().run();',
      '    this.b.c(1).d();',
      '    super.x().y();',
      '    new Foo<>(1).m();',
      '    new a.Foo() {}.m();',
      '    ((Foo<T>) o).m();',
      '    (a).m();',
      '    a[0].m();',
      '    Outer.this.f.m();',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    refsOf(x, ['call']).filter((r) => !r.startsWith('call |')),
    [
      'call a|getB @A.f',
      'call a.getB()|run @A.f',
      'call getB()|run @A.f',
      'call this.b|c @A.f',
      'call this.b.c()|d @A.f',
      'call super|x @A.f',
      'call super.x()|y @A.f',
      'call Foo()|m @A.f',
      'call ?|m @A.f',
      'call Foo()|m @A.f',
      'call a|m @A.f',
      'call ?|m @A.f',
      'call Outer.this.f|m @A.f',
    ],
  );
});

test('java the grammar misparses (type annotations on a varargs array) still yields its definitions, with the original text', async () => {
  const source = [
    'package p;',
    'public interface Factory {',
    '  /** Finds a type. */',
    '  Class<?> find(String name, Class<?> @Nullable ... classes);',
    '  Object getBean(String name, @Nullable Object @Nullable',
    '      ... args) throws BeansException;',
    '  void copy(Object source, String @org.jspecify.annotations.Nullable @Size(max = 2) ... ignored);',
    '  void plain(String @Nullable [] names);',
    '}',
    '',
  ].join('\n');
  const x = await extractSource('src/main/java/p/Factory.java', source);
  assert.equal(x.syntaxErrors, 0);
  assert.deepEqual(fqns(x), ['module src/main/java/p/Factory.java', 'interface p.Factory', 'method p.Factory.find', 'method p.Factory.getBean', 'method p.Factory.copy', 'method p.Factory.plain']);
  assert.deepEqual(
    x.entities.slice(2).map((e) => [e.signature, e.startLine, e.endLine, e.docstring]),
    [
      ['Class<?> find(String name, Class<?> @Nullable ... classes)', 4, 4, 'Finds a type.'],
      ['Object getBean(String name, @Nullable Object @Nullable ... args) throws BeansException', 5, 6, ''],
      ['void copy(Object source, String @org.jspecify.annotations.Nullable @Size(max = 2) ... ignored)', 7, 7, ''],
      ['void plain(String @Nullable [] names)', 8, 8, ''],
    ],
  );
  assert.deepEqual(bindingsOf(x).slice(-2), ['ignored:  (String[]) @p.Factory.copy', 'names:  (String[]) @p.Factory.plain']);
});
