import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { FIXTURES, inputFor, readRepo } from './helpers.js';
import { checkIncremental } from './incremental.js';

type Edit = (files: Map<string, string>) => void;

function replaceIn(path: string, from: string, to: string): Edit {
  return (files) => {
    const text = files.get(path) ?? '';
    assert.ok(text.includes(from), `${path} lacks ${from}`);
    files.set(path, text.replace(from, to));
  };
}

async function checkEdits(fixture: string, edits: Record<string, Edit[]>): Promise<Map<string, Set<string>>> {
  const original = readRepo(join(FIXTURES, fixture));
  const before = await inputFor(original);
  const affected = new Map<string, Set<string>>();
  for (const [label, steps] of Object.entries(edits)) {
    const edited = new Map(original);
    for (const step of steps) step(edited);
    affected.set(label, checkIncremental(before, await inputFor(edited)));
  }
  return affected;
}

test('resolve-python: incremental == cold after real edits, with small affected sets for local ones', async () => {
  const affected = await checkEdits('resolve-python', {
    'rename a function other files call': [replaceIn('src/shop/util/money.py', 'def to_cents(', 'def to_pennies(')],
    'second definition makes a unique name ambiguous': [(files) => files.set('src/shop/more.py', 'def helper_only_here():\n    return 2\n')],
    'delete a file': [(files) => files.delete('src/shop/core/base.py')],
    'edit a function body': [replaceIn('src/shop/core/flow.py', 'return describe(b)', 'return describe(b) or 1')],
    'remove a re-export': [replaceIn('src/shop/__init__.py', 'Basket as Basket, checkout', 'checkout')],
    'retype a return annotation': [replaceIn('src/shop/infra/engine.py', 'def get_engine() -> Engine | None:', 'def get_engine() -> Connection:')],
    'drop a Self return annotation': [replaceIn('src/shop/infra/engine.py', 'def clone(self) -> Self:', 'def clone(self):')],
    'retype a module-level instance': [replaceIn('src/shop/infra/engine.py', 'default_engine = Engine()', 'default_engine = Connection()')],
    'drop a name from __all__': [replaceIn('src/shop/api/impl.py', '__all__ += ["Client"]', '')],
    'give a module __all__': [(files) => files.set('src/shop/api/legacy.py', `__all__ = ["_secret"]\n${files.get('src/shop/api/legacy.py')}`)],
    'drop the implementation of overloads': [replaceIn('src/shop/util/convert.py', 'def parse(value):\n    return value', '')],
    'make a redefinition conditional': [replaceIn('src/shop/core/flow.py', 'def formatter():\n    return 2', 'if pick:\n    def formatter():\n        return 2')],
  });
  for (const edit of ['drop a name from __all__', 'give a module __all__']) assert.ok(affected.get(edit)!.has('scripts/api_client.py'), edit);
  for (const edit of ['retype a return annotation', 'drop a Self return annotation', 'retype a module-level instance']) {
    assert.ok(affected.get(edit)!.has('src/shop/infra/service.py'), edit);
  }
  assert.deepEqual([...affected.get('edit a function body')!], ['src/shop/core/flow.py']);
  assert.ok(affected.get('rename a function other files call')!.has('src/shop/core/basket.py'));
  assert.ok(affected.get('second definition makes a unique name ambiguous')!.has('scripts/report.py'));
});

test('resolve-monorepo: incremental == cold after real edits to re-export chains and CommonJS modules', async () => {
  const affected = await checkEdits('resolve-monorepo', {
    'drop a star re-export': [replaceIn('packages/core/src/models/index.ts', "export * from './user.js';", '')],
    'rename a method reached through a binding': [replaceIn('packages/core/src/store.ts', 'add(user: User)', 'insert(user: User)')],
    'delete a CommonJS module': [(files) => files.delete('packages/legacy/lib/cache.js')],
    'add an index file that shadows nothing': [(files) => files.set('apps/web/src/ui/index.ts', 'export const x = 1;\n')],
  });
  assert.ok(affected.get('drop a star re-export')!.has('apps/web/src/main.ts'));
  assert.ok(affected.get('rename a method reached through a binding')!.has('apps/web/src/main.ts'));
});

test('resolve-typescript: incremental == cold after edits to return types, attribute types, overloads and type/value names', async () => {
  const store = 'src/store/store.ts';
  const affected = await checkEdits('resolve-typescript', {
    'change a method return type another file chains on': [replaceIn(store, 'get(key: string): Entry {', 'get(key: string): Store {')],
    'a fluent method stops returning this': [replaceIn(store, 'put(key: string): this {', 'put(key: string): Entry {')],
    'overloads start to disagree on their return type': [replaceIn(store, 'open(path: string, readonly: boolean): Store;', 'open(path: string, readonly: boolean): Entry;')],
    'change an interface attribute type': [replaceIn('src/store/cache.ts', '  store: Store;', '  store: Entry;'), replaceIn('src/store/cache.ts', "import { Store } from './store.js';", "import { Entry, Store } from './store.js';")],
    'a type loses the value of its name': [replaceIn(store, 'export const Checked = <T>(value: T): Checked<T> => ({ ok: true, value });', '')],
    'a class becomes a type parameter name': [replaceIn(store, 'export function first<Entry>(items: Entry[]): Entry {', 'export function first(items: Entry[]): Entry {')],
    'edit a function body': [replaceIn(store, "return 'entry';", "return 'an entry';")],
  });
  assert.deepEqual([...affected.get('edit a function body')!], [store]);
  for (const label of ['change a method return type another file chains on', 'a fluent method stops returning this', 'change an interface attribute type']) {
    assert.ok(affected.get(label)!.has('src/app/service.ts'), label);
  }
});

test('resolve-rust: incremental == cold after edits to use paths, impl blocks and module files', async () => {
  const affected = await checkEdits('resolve-rust', {
    'rename a function reached through use super::': [replaceIn('src/util.rs', 'pub fn normalize(', 'pub fn canon(')],
    'delete a module file': [(files) => files.delete('src/store/item.rs')],
    'rename a method of an impl block': [replaceIn('src/store/mod.rs', 'pub fn put(', 'pub fn insert(')],
  });
  assert.ok(affected.get('rename a function reached through use super::')!.has('src/lib.rs'));
  assert.ok(affected.get('rename a method of an impl block')!.has('src/lib.rs'));
});

test('resolve-go: incremental == cold after edits to methods declared across a package', async () => {
  const affected = await checkEdits('resolve-go', {
    'rename a method declared in another file of the package': [replaceIn('store/log.go', 'func (s *Store) log(', 'func (s *Store) record(')],
    'add a file to a package': [(files) => files.set('store/extra.go', 'package store\n\nfunc describe(x any) string { return "" }\n')],
    'delete a package file': [(files) => files.delete('store/log.go')],
  });
  assert.ok(affected.get('rename a method declared in another file of the package')!.has('store/store.go'));
});

test('resolve-java: incremental == cold when a name appears in or leaves a package looked up by wildcard import or same-package lookup', async () => {
  const shop = 'src/main/java/com/acme/shop';
  const util = 'src/main/java/com/acme/util';
  const report = `${shop}/Report.java`;
  const reportText =
    'package com.acme.shop;\n\nimport com.acme.util.*;\n\npublic class Report {\n    public static String run(Helper h, Cart c) {\n        Cart.open();\n        Helper.help();\n        return Strings.clean("x");\n    }\n}\n';
  const original = readRepo(join(FIXTURES, 'resolve-java'));
  original.set(report, reportText);
  // Two other classes of each name and method, so the repository-wide unique-name fallbacks stay ambiguous whatever the edit.
  for (const pkg of ['a', 'b']) {
    for (const [cls, method] of [['Helper', 'help'], ['Cart', 'open']]) {
      original.set(`src/main/java/com/acme/${pkg}/${cls}.java`, `package com.acme.${pkg};\n\npublic class ${cls} {\n    public static void ${method}() {}\n}\n`);
    }
  }
  const before = await inputFor(original);
  const edits: Record<string, Edit[]> = {
    'a package file declares a second class a wildcard import finds': [
      replaceIn(`${util}/Strings.java`, 'public final class Strings {', 'class Helper {\n    static void help() {}\n}\n\npublic final class Strings {'),
    ],
    'a file joins the wildcard-imported package': [(files) => files.set(`${util}/Helper.java`, 'package com.acme.util;\n\npublic class Helper {\n    public static void help() {}\n}\n')],
    'a package file declares a class the same package looks up': [replaceIn(`${shop}/Item.java`, 'public record Item(String name) {}', 'public record Item(String name) {}\n\nclass Cart {\n    static void open() {}\n}\n')],
    'a file joins the package': [(files) => files.set(`${shop}/Cart.java`, 'package com.acme.shop;\n\npublic class Cart {\n    public static void open() {}\n}\n')],
    'a class of the wildcard-imported package is renamed': [replaceIn(`${util}/Strings.java`, 'public final class Strings {', 'public final class Texts {')],
    'a file leaves the wildcard-imported package': [(files) => files.delete(`${util}/Strings.java`)],
    'a file moves to another package': [replaceIn(`${util}/Strings.java`, 'package com.acme.util;', 'package com.acme.other;')],
  };
  for (const [label, steps] of Object.entries(edits)) {
    const edited = new Map(original);
    for (const step of steps) step(edited);
    const affected = checkIncremental(before, await inputFor(edited));
    assert.ok(affected.has(report), label);
  }
});

test('resolve-go: incremental == cold when a package file gains a name another file looks up in the package or through an import', async () => {
  const original = readRepo(join(FIXTURES, 'resolve-go'));
  replaceIn('cmd/app/main.go', '\trun()\n', '\trun()\n\thelper()\n\tutil.Extra()\n')(original);
  replaceIn('cmd/app/main.go', '\t"example.com/inv/store"\n', '\t"example.com/inv/store"\n\t"example.com/inv/internal/util"\n')(original);
  const before = await inputFor(original);
  const edits: Record<string, Edit[]> = {
    'a package file declares the function': [replaceIn('cmd/app/run.go', 'func run() {}', 'func run() {}\n\nfunc helper() {}\n')],
    'an imported package file declares the function': [replaceIn('internal/util/util.go', 'func Normalize(', 'func Extra() {}\n\nfunc Normalize(')],
    'a file joins the imported package': [(files) => files.set('internal/util/extra.go', 'package util\n\nfunc Extra() {}\n')],
  };
  for (const [label, steps] of Object.entries(edits)) {
    const edited = new Map(original);
    for (const step of steps) step(edited);
    assert.ok(checkIncremental(before, await inputFor(edited)).has('cmd/app/main.go'), label);
  }
});

test('resolve-go: incremental == cold after edits to package variables, fields, results and vendored packages', async () => {
  const original = readRepo(join(FIXTURES, 'resolve-go'));
  original.set('cmd/app/run.go', 'package main\n\nimport "example.com/inv/store"\n\nvar defaultStore = store.New()\n\nfunc run() {}\n');
  replaceIn('cmd/app/main.go', '\trun()\n', '\trun()\n\tdefaultStore.Get("a")\n\tlog.G().Info()\n')(original);
  replaceIn('cmd/app/main.go', '\t"example.com/inv/store"\n', '\t"example.com/inv/store"\n\t"github.com/containerd/log"\n')(original);
  replaceIn('store/store.go', 'type Store struct {\n', 'type Holder struct{ inner *Store }\n\nfunc (h *Holder) Get() int { return h.inner.Get("a") }\n\ntype Store struct {\n')(original);
  const vendored = 'package log\n\ntype Entry struct{}\n\nfunc (e *Entry) Info() {}\n\nfunc G() *Entry { return nil }\n';
  const before = await inputFor(original);
  const edits: Record<string, Edit[]> = {
    'retype the package variable': [replaceIn('cmd/app/run.go', 'var defaultStore = store.New()', 'var defaultStore = store.Store{}')],
    'drop the package variable': [replaceIn('cmd/app/run.go', 'var defaultStore = store.New()\n', '')],
    'retype a result': [replaceIn('store/store.go', 'func New() *Store {', 'func New() *Holder {')],
    'retype a field': [replaceIn('store/store.go', 'type Holder struct{ inner *Store }', 'type Holder struct{ inner *Holder }')],
    'vendor the imported package': [(files) => files.set('vendor/github.com/containerd/log/log.go', vendored)],
    'vendor it, then change its result': [(files) => files.set('vendor/github.com/containerd/log/log.go', vendored.replace('func G() *Entry', 'func G() Entry'))],
  };
  const affected = new Map<string, Set<string>>();
  for (const [label, steps] of Object.entries(edits)) {
    const edited = new Map(original);
    for (const step of steps) step(edited);
    affected.set(label, checkIncremental(before, await inputFor(edited)));
  }
  assert.ok(affected.get('retype the package variable')!.has('cmd/app/main.go'));
  assert.ok(affected.get('vendor the imported package')!.has('cmd/app/main.go'));
});
