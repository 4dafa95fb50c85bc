/**
 * Java receivers, extracted and resolved end to end: what a variable holds decides which method a call on it
 * reaches, whatever declared the variable (a local, a parameter of any form, a catch or for variable, a field
 * named with or without `this.`, a record component), and a call's declared return type types what it gives.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEdges, describeExternals, lines, resolveRepo } from './helpers.js';

async function resolved(files: Record<string, string>): Promise<{ edges: string[]; externals: string[] }> {
  const { input, results } = await resolveRepo(new Map(Object.entries(files)));
  return { edges: describeEdges(input, results, ['calls']), externals: describeExternals(input, results).filter((e) => e.includes(' -calls-> ')) };
}

/** Two classes with the same method names, so a call on a receiver of unknown type is never guessed by name. */
const DEPS = {
  'src/main/java/p/Dep.java': lines(
    'package p;',
    'public class Dep {',
    '  public Object resolveShortcut(Object o) { return o; }',
    '  public Class<?> getDependencyType() { return Object.class; }',
    '}',
  ),
  'src/main/java/p/Other.java': lines(
    'package p;',
    'public class Other {',
    '  public Object resolveShortcut(Object o) { return o; }',
    '  public Class<?> getDependencyType() { return null; }',
    '}',
  ),
};

test('java: a call on a parameter or on a field named without `this.` reaches the declared type, as on a local or `this.field`', async () => {
  const { edges } = await resolved({
    ...DEPS,
    'src/main/java/p/Factory2.java': lines(
      'package p;',
      'public class Factory2 {',
      '  private Dep field = new Dep();',
      '  public Object p1(Dep descriptor) { return descriptor.getDependencyType(); }',
      '  public Object p2() { return field.getDependencyType(); }',
      '  public Object p3() { return this.field.getDependencyType(); }',
      '  public Object p4() { Dep d = make(); return d.getDependencyType(); }',
      '  private Dep make() { return field; }',
      '  public Object p5(Dep descriptor) { Dep local = descriptor; return local.getDependencyType(); }',
      '}',
    ),
  });
  assert.deepEqual(edges, [
    'p.Factory2 -calls-> p.Dep',
    'p.Factory2.p1 -calls-> p.Dep.getDependencyType',
    'p.Factory2.p2 -calls-> p.Dep.getDependencyType',
    'p.Factory2.p3 -calls-> p.Dep.getDependencyType',
    'p.Factory2.p4 -calls-> p.Dep.getDependencyType',
    'p.Factory2.p4 -calls-> p.Factory2.make',
    'p.Factory2.p5 -calls-> p.Dep.getDependencyType',
  ]);
});

test('java: parameters of every form (final, annotated, generic, lambda, constructor, record component), catch and enhanced-for variables', async () => {
  const { edges, externals } = await resolved({
    ...DEPS,
    'src/main/java/p/DepException.java': lines('package p;', 'public class DepException extends RuntimeException {', '  public String detail() { return ""; }', '}'),
    'src/main/java/p/Forms.java': lines(
      'package p;',
      'import java.util.List;',
      'import java.util.function.Function;',
      'public class Forms {',
      '  Object fin(final Dep a) { return a.getDependencyType(); }',
      '  Object ann(@Deprecated Dep b) { return b.getDependencyType(); }',
      '  Object both(final @Deprecated Dep c, Object other) { return c.getDependencyType(); }',
      '  Object gen(List<Dep> deps) { return deps.get(0); }',
      '  Object loop(List<Dep> deps) { for (final Dep x : deps) { x.resolveShortcut(null); } return null; }',
      '  Object lambda() { Function<Dep, Object> f = (Dep y) -> y.getDependencyType(); return f; }',
      '  Object caught() { try { return null; } catch (DepException e) { return e.detail(); } }',
      '  Forms(Dep ctor) { ctor.resolveShortcut(this); }',
      '  record Holder(Dep held) {',
      '    Object get() { return held.getDependencyType(); }',
      '  }',
      '}',
    ),
  });
  assert.deepEqual(edges, [
    'p.Forms.Forms -calls-> p.Dep.resolveShortcut',
    'p.Forms.Holder.get -calls-> p.Dep.getDependencyType',
    'p.Forms.ann -calls-> p.Dep.getDependencyType',
    'p.Forms.both -calls-> p.Dep.getDependencyType',
    'p.Forms.caught -calls-> p.DepException.detail',
    'p.Forms.fin -calls-> p.Dep.getDependencyType',
    'p.Forms.lambda.f -calls-> p.Dep.getDependencyType',
    'p.Forms.loop -calls-> p.Dep.resolveShortcut',
  ]);
  // A generic type is its class: `List<Dep>` is a `List`.
  assert.deepEqual(externals, ['p.Forms.gen -calls-> java.util:List.get']);
});

test('java: an unqualified field is found in the enclosing classes and their bases, unless a local or parameter hides it; a bare call never names a variable', async () => {
  const { edges } = await resolved({
    ...DEPS,
    'src/main/java/p/Base.java': lines('package p;', 'public class Base {', '  protected Dep inherited;', '}'),
    'src/main/java/p/Fields.java': lines(
      'package p;',
      'public class Fields extends Base {',
      '  private Dep shadowed;',
      '  private Dep local;',
      '  private Dep outerField;',
      '  Object viaBase() { return inherited.getDependencyType(); }',
      '  Object hiddenByParameter(Other shadowed) { return shadowed.getDependencyType(); }',
      '  Object hiddenByLocal() { Other local = new Other(); return local.getDependencyType(); }',
      '  Object shadowed() { return null; }',
      '  Object callsTheMethod(Dep shadowed) { return shadowed(); }',
      '  class Inner {',
      '    Object outer() { return outerField.getDependencyType(); }',
      '  }',
      '}',
    ),
  });
  // A call by bare name is a method's, whatever variable has the name.
  assert.deepEqual(edges, [
    'p.Fields.Inner.outer -calls-> p.Dep.getDependencyType',
    'p.Fields.callsTheMethod -calls-> p.Fields.shadowed',
    'p.Fields.hiddenByLocal -calls-> p.Other',
    'p.Fields.hiddenByLocal -calls-> p.Other.getDependencyType',
    'p.Fields.hiddenByParameter -calls-> p.Other.getDependencyType',
    'p.Fields.viaBase -calls-> p.Dep.getDependencyType',
  ]);
});

test('java: a catch or for variable of another type elsewhere in the method leaves a local of the same name its type', async () => {
  const { edges, externals } = await resolved({
    ...DEPS,
    'src/main/java/p/Blocks.java': lines(
      'package p;',
      'import java.io.IOException;',
      'import java.util.List;',
      'public class Blocks {',
      '  private Dep item;',
      '  Object local(List<Other> others) {',
      '    try { read(); } catch (IOException e) { return e.getMessage(); }',
      '    Dep e = new Dep();',
      '    return e.getDependencyType();',
      '  }',
      '  void loops(List<Dep> deps, List<Other> others) {',
      '    for (Dep item : deps) { item.resolveShortcut(null); }',
      '    for (Other item : others) { item.resolveShortcut(null); }',
      '  }',
      '  void read() throws IOException {}',
      '}',
    ),
  });
  assert.deepEqual(edges, ['p.Blocks.local -calls-> p.Blocks.read', 'p.Blocks.local -calls-> p.Dep', 'p.Blocks.local -calls-> p.Dep.getDependencyType']);
  // Two loops binding `item` to two types: neither type, and not the field `item` either.
  assert.deepEqual(externals, []);
});

test('java: a bare call is a method of the class or its bases in the repository, then a static import, then a method of a base outside it', async () => {
  const { edges, externals } = await resolved({
    ...DEPS,
    'src/main/java/p/Check.java': lines(
      'package p;',
      'import static org.assertj.core.api.Assertions.assertThat;',
      'import org.assertj.core.api.AbstractStringAssert;',
      'public class Check extends AbstractStringAssert<Check> {',
      '  Object check(Dep isEmpty) { assertThat(isEmpty); isEmpty(); return isNull(); }',
      '  Object isNull() { return null; }',
      '}',
    ),
  });
  assert.deepEqual(edges, ['p.Check.check -calls-> p.Check.isNull']);
  assert.deepEqual(externals, [
    'p.Check.check -calls-> org.assertj.core.api.Assertions:assertThat',
    'p.Check.check -calls-> org.assertj.core.api:AbstractStringAssert.isEmpty',
  ]);
});
test("java: a call's declared return type types its result, called on a receiver or on the implicit `this`; `new Foo()` and a cast `(Foo) x` are Foo's", async () => {
  const { edges, externals } = await resolved({
    ...DEPS,
    'src/main/java/p/Chain.java': lines(
      'package p;',
      'import java.util.List;',
      'public class Chain {',
      '  private final Dep dep = new Dep();',
      '  @Deprecated public final Dep getDep() { return dep; }',
      '  public <T> T generic(Class<T> type) { return null; }',
      '  public Dep[] array() { return null; }',
      '  public List<Dep> list() { return null; }',
      '  Object onReceiver(Chain other) { return other.getDep().getDependencyType(); }',
      '  Object onThis() { return getDep().resolveShortcut(null); }',
      '  Object typeParameter() { return generic(Dep.class).getDependencyType(); }',
      '  Object onArray() { return array().clone(); }',
      '  Object onList() { return list().get(0); }',
      '  Chain() {}',
      '  Object created() { return new Chain().getDep(); }',
      '  Object cast(Object o) { return ((Dep) o).getDependencyType(); }',
      '  Object anonymous() { return new Dep() { }.getDependencyType(); }',
      '}',
    ),
  });
  assert.deepEqual(externals, ['p.Chain.onList -calls-> java.util:List.get']);
  assert.deepEqual(edges, [
    'p.Chain -calls-> p.Dep',
    'p.Chain.onReceiver -calls-> p.Chain.getDep',
    'p.Chain.onReceiver -calls-> p.Dep.getDependencyType',
    'p.Chain.onThis -calls-> p.Chain.getDep',
    'p.Chain.onThis -calls-> p.Dep.resolveShortcut',
    'p.Chain.onArray -calls-> p.Chain.array',
    'p.Chain.created -calls-> p.Chain',
    'p.Chain.created -calls-> p.Chain.getDep',
    'p.Chain.cast -calls-> p.Dep.getDependencyType',
    'p.Chain.anonymous -calls-> p.Dep',
    'p.Chain.onList -calls-> p.Chain.list',
    'p.Chain.typeParameter -calls-> p.Chain.generic',
  ].sort());
});

test('java: the return type a method signature declares, past annotations, modifiers and type parameters', async () => {
  const { declaredReturnType } = await import('../../src/indexer/languages/java/resolver.js');
  const cases: [string, string, string | null][] = [
    ['public List<Dep> list()', 'list', 'List'],
    ['@Deprecated public final Dep getDep()', 'getDep', 'Dep'],
    ['@RequestMapping(value = "x") @Nullable public static <K, V extends Foo<K>> java.util.Map.Entry<K,V> e(int a) throws X', 'e', 'java.util.Map.Entry'],
    ['protected @Nullable Foo g()', 'g', 'Foo'],
    ['public java.util.@Nullable List<X> z()', 'z', 'java.util.List'],
    ['public <T> T generic(Class<T> type)', 'generic', null],
    ['public Dep[] array()', 'array', null],
    ['void f()', 'f', null],
    ['int size()', 'size', null],
    ['A(Dep d)', 'A', null],
  ];
  for (const [signature, name, expected] of cases) assert.equal(declaredReturnType(signature, name), expected, signature);
});

test('java: a member type is in scope in the class declaring it, its subclasses and the classes nested in it', async () => {
  const { edges } = await resolved({
    ...DEPS,
    'src/main/java/p/Outer.java': lines(
      'package p;',
      'public class Outer {',
      '  public static class Part { public Object make() { return null; } public static Part of() { return new Part(); } }',
      '  private Part field;',
      '  Object viaField() { return field.make(); }',
      '  Object viaParameter(Part part) { return part.make(); }',
      '  Object viaStatic() { return Part.of().make(); }',
      '  class Inner { Object nested(Part part) { return part.make(); } }',
      '}',
    ),
    'src/main/java/p/Sub.java': lines('package p;', 'public class Sub extends Outer {', '  Object inherited(Part part) { return part.make(); }', '}'),
  });
  assert.deepEqual(edges, [
    'p.Outer.Inner.nested -calls-> p.Outer.Part.make',
    'p.Outer.Part.of -calls-> p.Outer.Part',
    'p.Outer.viaField -calls-> p.Outer.Part.make',
    'p.Outer.viaParameter -calls-> p.Outer.Part.make',
    'p.Outer.viaStatic -calls-> p.Outer.Part.make',
    'p.Outer.viaStatic -calls-> p.Outer.Part.of',
    'p.Sub.inherited -calls-> p.Outer.Part.make',
  ]);
});

test('java: a call of overloaded methods types its result when every overload declares the same return type, and reaches the one its number of arguments leaves', async () => {
  const { edges } = await resolved({
    ...DEPS,
    'src/main/java/p/Types.java': lines(
      'package p;',
      'public class Types {',
      '  public static Dep forClass(Class<?> type) { return null; }',
      '  public static Dep forClass(Class<?> type, Object owner) { return null; }',
      '  public static Dep mixed(int a) { return null; }',
      '  public static Other mixed(String a) { return null; }',
      '  Object agree() { return forClass(Dep.class).getDependencyType(); }',
      '  Object onReceiver() { return Types.forClass(Dep.class, this).resolveShortcut(null); }',
      '  Object disagree() { return mixed(1).getDependencyType(); }',
      '}',
    ),
  });
  assert.deepEqual(edges, [
    'p.Types.agree -calls-> p.Dep.getDependencyType',
    'p.Types.agree -calls-> p.Types.forClass',
    // An int literal cannot be passed as a String: the int overload.
    'p.Types.disagree -calls-> p.Types.mixed',
    'p.Types.onReceiver -calls-> p.Dep.resolveShortcut',
    'p.Types.onReceiver -calls-> p.Types.forClass#2',
  ]);
});

test('java: overloads are told apart by the number of arguments: exact parameter counts first, then varargs; never a guess between those left', async () => {
  const { edges } = await resolved({
    'src/main/java/p/Log.java': lines(
      'package p;',
      'import java.util.List;',
      'import java.util.Map;',
      'public class Log {',
      '  public void info(String m) {}',
      '  public void info(String m, Object a) {}',
      '  public void info(final String m, Object a, @Deprecated Object b) {}',
      '  public void debug(String format, Object... args) {}',
      '  public void debug(String m) {}',
      '  public void warn(int code) {}',
      '  public void warn(String m) {}',
      '  public <T> void put(@Named(value = "a, b") Map<String, List<T>> m, T value) {}',
      '  public void put(Object o) {}',
      '  public void self(Log this, int n) {}',
      '  public void self() {}',
      '}',
    ),
    'src/main/java/p/Use.java': lines(
      'package p;',
      'public class Use extends Log {',
      '  void one(Log log) { log.info("a"); }',
      '  void two(Log log) { log.info("a", 1); }',
      '  void three(Log log) { log.info("a", 1, /* b, */ 2); }',
      '  void none(Log log) { log.info(); }',
      '  void fixedFirst(Log log) { log.debug("a"); }',
      '  void varargs(Log log) { log.debug("a", 1, 2); log.debug("a", 1); }',
      '  void tie(Log log) { log.warn(code()); }',
      '  int code() { return 1; }',
      '  void generic(Log log) { log.put(null, 1); log.put(this); }',
      '  void receiverParameter(Log log) { log.self(1); }',
      '  void bare() { info("a", 1); super.info("b"); }',
      '}',
    ),
  });
  assert.deepEqual(edges, [
    'p.Use.bare -calls-> p.Log.info',
    'p.Use.bare -calls-> p.Log.info#2',
    'p.Use.fixedFirst -calls-> p.Log.debug#2',
    'p.Use.generic -calls-> p.Log.put',
    'p.Use.generic -calls-> p.Log.put#2',
    'p.Use.one -calls-> p.Log.info',
    'p.Use.receiverParameter -calls-> p.Log.self',
    'p.Use.three -calls-> p.Log.info#3',
    'p.Use.tie -calls-> p.Use.code',
    'p.Use.two -calls-> p.Log.info#2',
    'p.Use.varargs -calls-> p.Log.debug',
  ]);
});

test('java: a package-qualified class name (no import) is the class: as a type, in `new`, as a receiver, as a base; outside ones stay unknown', async () => {
  const { input, results } = await resolveRepo(
    new Map(
      Object.entries({
        'src/main/java/a/b/Dep.java': lines('package a.b;', 'public class Dep {', '  public static Dep make() { return null; }', '  public void run() {}', '}'),
        'src/main/java/a/b/Base.java': lines('package a.b;', 'public class Base {', '  public void inherited() {}', '}'),
        // Another class named Dep: a name-only guess could not pick between them.
        'src/main/java/x/Dep.java': lines('package x;', 'public class Dep {', '  public void run() {}', '}'),
        'src/main/java/c/Use.java': lines(
          'package c;',
          'public class Use extends a.b.Base {',
          '  a.b.Dep field;',
          '  void create() { a.b.Dep d = new a.b.Dep(); d.run(); }',
          '  void statics() { a.b.Dep.make().run(); }',
          '  void viaField() { field.run(); inherited(); }',
          '  void outside(java.util.List<String> xs) { xs.clear(); }',
          '}',
        ),
      }),
    ),
  );
  assert.deepEqual(describeEdges(input, results, ['calls', 'references', 'inherits']).filter((e) => e.startsWith('c.')), [
    'c.Use -inherits-> a.b.Base',
    'c.Use -references-> a.b.Dep',
    'c.Use.create -calls-> a.b.Dep',
    'c.Use.create -calls-> a.b.Dep.run',
    'c.Use.create -references-> a.b.Dep',
    'c.Use.statics -calls-> a.b.Dep.make',
    'c.Use.statics -calls-> a.b.Dep.run',
    'c.Use.viaField -calls-> a.b.Base.inherited',
    'c.Use.viaField -calls-> a.b.Dep.run',
  ]);
});

/** Overloads told apart by their parameters' types, and a class to pass. */
const OVERLOADS = {
  'src/main/java/p/Shape.java': lines('package p;', 'public class Shape {}'),
  'src/main/java/p/Text.java': lines(
    'package p;',
    'public class Text {',
    '  public static int count(String s) { return 0; }',
    '  public static int count(char c) { return 0; }',
    '  public static int count(Shape s) { return 0; }',
    '  public static long wide(long n) { return n; }',
    '  public static long wide(String s) { return 0; }',
    '  public static int boxed(Integer n) { return 0; }',
    '  public static int boxed(boolean b) { return 0; }',
    '  public static <T> T pick(T value, int n) { return value; }',
    '  public static int pick(double d, String s) { return 0; }',
    '  public static int first(int[] values) { return 0; }',
    '  public static int first(Shape shape) { return 0; }',
    '  public static int sum(int[] values) { return 0; }',
    '  public static int sum(long[] values) { return 0; }',
    '  public static int sum(Object[] values) { return 0; }',
    '  public static int any(Object value) { return 0; }',
    '  public static int any(Object[] values) { return 0; }',
    '}',
  ),
};

test("java: what is known of the arguments' types rules overloads out: literals, `new`, casts, declared locals and parameters", async () => {
  const { edges } = await resolved({
    ...OVERLOADS,
    'src/main/java/p/Use.java': lines(
      'package p;',
      'public class Use {',
      '  Shape field;',
      '  void literals() { Text.count("a"); Text.count(\'a\'); Text.wide(3); Text.wide(\'x\'); Text.boxed(1); }',
      '  void objects(Object o) { Text.count(new Shape()); Text.count((Shape) o); Text.first(new Shape()); }',
      '  void variables(String name, Shape shape) { Text.count(name); Text.count(shape); String local = name; Text.count(local); }',
      '  void generic() { Text.pick("a", 1); Text.pick(1.5, "b"); }',
      // Unknown: `var`, null to two reference types.
      '  void unknown(Object o) { var s = "a"; Text.count(s); Text.count(null); }',
      '}',
    ),
  });
  assert.deepEqual(edges.filter((e) => e.startsWith('p.Use.')), [
    'p.Use.generic -calls-> p.Text.pick',
    'p.Use.generic -calls-> p.Text.pick#2',
    'p.Use.literals -calls-> p.Text.boxed',
    'p.Use.literals -calls-> p.Text.count',
    'p.Use.literals -calls-> p.Text.count#2',
    'p.Use.literals -calls-> p.Text.wide',
    'p.Use.objects -calls-> p.Shape',
    'p.Use.objects -calls-> p.Text.count#3',
    'p.Use.objects -calls-> p.Text.first#2',
    'p.Use.variables -calls-> p.Text.count',
    'p.Use.variables -calls-> p.Text.count#3',
  ]);
});

test("java: primitive and array variables, fields and pattern variables tell overloads apart; lambda parameters, inherited fields and outer classes' fields stay unknown", async () => {
  const { edges } = await resolved({
    ...OVERLOADS,
    'src/main/java/p/Base.java': lines('package p;', 'public class Base {', '  protected Shape inherited;', '  protected Shape label;', '}'),
    'src/main/java/p/Use.java': lines(
      'package p;',
      'import java.util.function.Function;',
      'public class Use extends Base {',
      '  Shape field;',
      '  int total;',
      '  void primitives(long big) { int n = 1; Text.boxed(n); Text.wide(big); }',
      // int[] and long[] only to their own types, Shape[] to Object[]; a byte[][] is an Object and an Object[]: a tie.
      '  void arrays(int[] ints, long... longs) { Shape[] shapes = null; byte grid[][] = null;',
      '    Text.sum(ints); Text.sum(longs); Text.sum(shapes); Text.sum(new long[2]); Text.any(ints); Text.any(grid); }',
      '  void fields() { Text.count(field); Text.boxed(total); }',
      '  void patterns(Object o) { if (o instanceof String field) Text.count(field); }',
      // A lambda parameter hides the field; a field the class inherits is not known.
      '  Function<Object, Integer> hidden = field -> Text.count(field);',
      '  void inheritedField() { Text.count(inherited); }',
      // Not the outer class's `label`: Inner inherits a field of that name.
      '  String label;',
      '  class Inner extends Base { void m() { Text.count(label); } }',
      '}',
    ),
  });
  assert.deepEqual(edges.filter((e) => e.startsWith('p.Use.')), [
    'p.Use.arrays -calls-> p.Text.any',
    'p.Use.arrays -calls-> p.Text.sum',
    'p.Use.arrays -calls-> p.Text.sum#2',
    'p.Use.arrays -calls-> p.Text.sum#3',
    'p.Use.fields -calls-> p.Text.boxed',
    'p.Use.fields -calls-> p.Text.count#3',
    'p.Use.patterns -calls-> p.Text.count',
    'p.Use.primitives -calls-> p.Text.boxed',
    'p.Use.primitives -calls-> p.Text.wide',
  ]);
});

test("java: a base type's methods of the name a type declares too are overloads a call may reach, unless overridden", async () => {
  const { edges } = await resolved({
    'src/main/java/p/BaseFactory.java': lines(
      'package p;',
      'public class BaseFactory {',
      '  public Object getBean(String name) { return null; }',
      '  public <T> T find(T value) { return value; }',
      '}',
    ),
    'src/main/java/p/ListFactory.java': lines(
      'package p;',
      'public class ListFactory extends BaseFactory {',
      '  public <T> T getBean(Class<T> type) { return null; }',
      '  @Override public <T> T find(T value) { return value; }',
      '}',
    ),
    'src/main/java/p/Use.java': lines(
      'package p;',
      'public class Use {',
      '  void byName(ListFactory f) { f.getBean("a"); }',
      '  void byType(ListFactory f) { f.getBean(Use.class); }',
      '  void unknown(ListFactory f, Object o) { f.getBean(o.toString()); }',
      '  void overridden(ListFactory f) { f.find(1); }',
      '}',
    ),
  });
  assert.deepEqual(edges.filter((e) => e.startsWith('p.Use.')), [
    'p.Use.byName -calls-> p.BaseFactory.getBean',
    'p.Use.byType -calls-> p.ListFactory.getBean',
    'p.Use.overridden -calls-> p.ListFactory.find',
  ]);
});
