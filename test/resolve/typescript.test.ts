import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgesOf, externalsOf, FileBuilder, repoOf } from './build.js';

const ts = (path: string) => new FileBuilder(path, 'typescript', path.replace(/\.[^.]+$/, ''));
const js = (path: string) => new FileBuilder(path, 'javascript', path.replace(/\.[^.]+$/, ''));

test('relative specifiers: `.js` naming a `.ts` file, `.mjs` naming `.mts`, directory index files', () => {
  const util = ts('src/util.ts').def('function', 'u');
  const esm = ts('src/esm.mts').def('function', 'e');
  const lib = ts('src/lib/index.ts').def('function', 'l');
  const main = ts('src/main.ts')
    .import('', './util.js', ['u'])
    .import('', './esm.mjs', ['e'])
    .import('', './lib', ['l'])
    .ref('', 'call', 'u')
    .ref('', 'call', 'e')
    .ref('', 'call', 'l');
  assert.deepEqual(edgesOf(repoOf([util, esm, lib, main]).resolver, ['src/main.ts'], 'calls'), [
    'src/main -calls-> src/esm.e',
    'src/main -calls-> src/lib/index.l',
    'src/main -calls-> src/util.u',
  ]);
});

test('tsconfig paths and baseUrl, inherited through relative and package `extends`', () => {
  const configs = {
    'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
    'packages/config/package.json': JSON.stringify({ name: '@acme/config' }),
    'packages/config/base.json': '{ "compilerOptions": { "baseUrl": "../..", // root\n "paths": { "@shared/*": ["shared/*"], } } }',
    'tsconfig.json': '{ "extends": "@acme/config/base.json" }',
    'app/tsconfig.json': '{ "extends": "../tsconfig.json", "compilerOptions": {} }',
  };
  const shared = ts('shared/fmt.ts').def('function', 'fmt');
  const top = ts('top.ts').def('function', 'topLevel');
  const main = ts('app/main.ts').import('', '@shared/fmt', ['fmt']).import('', 'top', ['topLevel']).ref('', 'call', 'fmt').ref('', 'call', 'topLevel');
  const { resolver } = repoOf([shared, top, main, ts('packages/config/index.ts')], configs);
  assert.deepEqual(edgesOf(resolver, ['app/main.ts'], 'calls'), ['app/main -calls-> shared/fmt.fmt', 'app/main -calls-> top.topLevel']);
});

test('workspace packages by name: `main` pointing at build output maps to sources; subpaths through `exports`', () => {
  const configs = {
    'package.json': JSON.stringify({ workspaces: { packages: ['libs/**'] } }),
    'libs/core/package.json': JSON.stringify({ name: '@acme/core', main: 'dist/index.js', exports: { '.': { types: './dist/index.d.ts' }, './extra/*': './src/extra/*.ts' } }),
  };
  const index = ts('libs/core/src/index.ts').def('class', 'Core');
  const extra = ts('libs/core/src/extra/more.ts').def('function', 'more');
  const app = ts('app.ts').import('', '@acme/core', ['Core']).import('', '@acme/core/extra/more', ['more']).ref('', 'new', 'Core').ref('', 'call', 'more').import('', 'react', ['useState']).ref('', 'call', 'useState');
  const { resolver } = repoOf([index, extra, app], configs);
  assert.deepEqual(edgesOf(resolver, ['app.ts'], 'calls'), ['app -calls-> libs/core/src/extra/more.more', 'app -calls-> libs/core/src/index.Core']);
  assert.deepEqual(externalsOf(resolver, ['app.ts']), ['app -calls-> react:useState', 'app -imports-> react:useState']);
});

test('pnpm workspaces: only the `packages` list names package directories, not the list items of other keys', () => {
  const configs = {
    'pnpm-workspace.yaml': "packages:\n  - 'libs/*' # libraries\n\ncatalog:\n  react: ^18.0.0\ntrustPolicyExclude:\n  - 'tools/*'\n",
    'libs/core/package.json': JSON.stringify({ name: '@acme/core', main: 'src/index.ts' }),
    'tools/gen/package.json': JSON.stringify({ name: '@acme/gen', main: 'src/index.ts' }),
  };
  const core = ts('libs/core/src/index.ts').def('function', 'core');
  const gen = ts('tools/gen/src/index.ts').def('function', 'gen');
  const app = ts('app.ts').import('', '@acme/core', ['core']).import('', '@acme/gen', ['gen']).ref('', 'call', 'core').ref('', 'call', 'gen');
  const { resolver } = repoOf([core, gen, app], configs);
  assert.deepEqual(edgesOf(resolver, ['app.ts'], 'calls'), ['app -calls-> libs/core/src/index.core']);
  assert.deepEqual(externalsOf(resolver, ['app.ts']), ['app -calls-> @acme/gen:gen', 'app -imports-> @acme/gen:gen']);
});

test('`export * from` chains, renamed re-exports and default exports', () => {
  const impl = ts('src/impl.ts').def('function', 'deep').def('class', 'Widget').export('default', 'Widget');
  const mid = ts('src/mid.ts').import('', './impl', [], { wildcard: true, reexport: true }).import('', './impl', [['default', 'MainWidget']], { reexport: true });
  const barrel = ts('src/index.ts').import('', './mid', [], { wildcard: true, reexport: true });
  const app = ts('app.ts').import('', './src', ['deep', 'MainWidget']).import('', './src/impl', [['default', 'W']]).ref('', 'call', 'deep').ref('', 'new', 'MainWidget').ref('', 'type', 'W');
  const { resolver } = repoOf([impl, mid, barrel, app]);
  assert.deepEqual(edgesOf(resolver, ['app.ts'], 'calls'), ['app -calls-> src/impl.Widget', 'app -calls-> src/impl.deep']);
  assert.deepEqual(edgesOf(resolver, ['app.ts'], 'references'), ['app -references-> src/impl.Widget']);
});

test('a default import of a module that is its own default: one import edge, whichever file asked about that default first', () => {
  // Nothing declares src/rule.ts's default export (as `export default make({...})`, a call, leaves it): the module stands for it.
  const rule = () => ts('src/rule.ts').def('function', 'make');
  const index = () => ts('src/index.ts').import('', './rule', [['default', 'rule']], {}, 3);
  const spec = () => ts('tests/rule.test.ts').import('', '../src/rule', [['default', 'rule']], {}, 3);
  const imports = (order: string[]): string[] => {
    const { resolver } = repoOf([rule(), index(), spec()]);
    const results = new Map(order.map((file) => [file, resolver.resolveFile(file)]));
    return results.get('tests/rule.test.ts')!.edges.filter((e) => e.kind === 'imports').map((e) => `${e.target} x${e.count} @${e.line}`);
  };
  assert.deepEqual(imports(['tests/rule.test.ts']), ['module:src/rule x1 @3']);
  assert.deepEqual(imports(['src/index.ts', 'tests/rule.test.ts']), ['module:src/rule x1 @3']);
});

test('non-re-exported imports are not visible to importers of the module', () => {
  const a = ts('a.ts').def('function', 'x');
  const b = ts('b.ts').import('', './a', ['x']);
  const c = ts('c.ts').import('', './b', ['x']).ref('', 'call', 'x');
  // With one `x` in the repository the name alone still finds it, but only as an inferred edge.
  assert.deepEqual(edgesOf(repoOf([a, b, c]).resolver, ['c.ts'], 'calls'), ['c -calls-> a.x ?']);
  const b2 = ts('b2.ts').import('', './b', ['x']).def('function', 'x');
  const c2 = ts('c2.ts').import('', './b2', ['x']).ref('', 'call', 'x');
  assert.deepEqual(edgesOf(repoOf([a, b2, c2]).resolver, ['c2.ts'], 'calls'), ['c2 -calls-> b2.x']);
});

test('CommonJS: require of a module whose module.exports is a class or an object of functions', () => {
  const cls = js('lib/store.js').def('class', 'Store').def('method', 'Store.get').export('default', 'Store');
  const fns = js('lib/fns.js').def('function', 'helper').export('helper', 'helper');
  const app = js('app.js')
    .import('', './lib/store', [], { alias: 'Store' })
    .import('', './lib/fns', ['helper'])
    .import('', './lib/fns', [], { alias: 'fns' })
    .def('function', 'main')
    .ref('main', 'new', 'Store')
    .ref('main', 'call', 'helper')
    .ref('main', 'call', 'fns.helper');
  assert.deepEqual(edgesOf(repoOf([cls, fns, app]).resolver, ['app.js'], 'calls'), ['app.main -calls-> lib/fns.helper', 'app.main -calls-> lib/store.Store']);
});

test('this.m() through `extends` in another file, super.m(), and `new Foo()` bound to a local', () => {
  const base = ts('base.ts').def('class', 'Base').def('method', 'Base.log').def('method', 'Base.save');
  const child = ts('child.ts')
    .import('', './base', ['Base'])
    .def('class', 'Child')
    .ref('Child', 'inherits', 'Base')
    .def('method', 'Child.save')
    .ref('Child.save', 'call', 'this.log')
    .ref('Child.save', 'call', 'super.save')
    .def('function', 'make')
    .ref('make', 'new', 'Child')
    .bind('make', 'c', 'Child')
    .ref('make', 'call', 'c.save')
    .ref('make', 'call', 'console.log');
  const { resolver } = repoOf([base, child]);
  assert.deepEqual(edgesOf(resolver, ['child.ts'], 'calls'), [
    'child.Child.save -calls-> base.Base.log',
    'child.Child.save -calls-> base.Base.save',
    'child.make -calls-> child.Child',
    'child.make -calls-> child.Child.save',
  ]);
  assert.deepEqual(externalsOf(resolver, ['child.ts']), ['child.make -calls-> globalThis:console.log']);
});

test('package exports under a custom condition point at sources when the standard ones name build output', () => {
  const configs = {
    'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
    'packages/lib/package.json': JSON.stringify({ name: 'lib', exports: { './v2': { types: './v2/index.d.ts', '@lib/source': './source/v2/main.ts' } } }),
  };
  const v2 = ts('packages/lib/source/v2/main.ts').def('function', 'parse');
  const app = ts('app.ts').import('', 'lib/v2', [], { alias: 'lib' }).ref('', 'call', 'lib.parse');
  assert.deepEqual(edgesOf(repoOf([v2, app], configs).resolver, ['app.ts'], 'calls'), ['app -calls-> packages/lib/source/v2/main.parse']);
});

test('a call of a function whose type parameter list never closes (signature cut at 300 characters, `<` in a string type) resolves, with no return type', async () => {
  // Before the fix, reading the parameter list of such a signature looped forever (typescript-eslint's
  // isTokenOfTypeWithConditions hung the resolve phase). Run in a worker so a hang fails instead of stalling the suite.
  const { Worker } = await import('node:worker_threads');
  const body = `
    const { parentPort } = await import('node:worker_threads');
    const { edgesOf, FileBuilder, repoOf } = await import(${JSON.stringify(new URL('./build.js', import.meta.url).href)});
    const ts = (path) => new FileBuilder(path, 'typescript', path.replace(/\\.[^.]+$/, ''));
    const cut = 'export const make = < TokenType extends AST_TOKEN_TYPES, ExtractedToken extends Extract<TSESTree.Token, { type: TokenType';
    const lib = ts('lib.ts')
      .def('class', 'Widget')
      .def('method', 'Widget.run', 1, 'run(): void')
      .def('class', 'Other')
      .def('method', 'Other.run', 1, 'run(): void')
      .def('function', 'make', 1, cut)
      .def('function', 'quoted', 1, "function quoted<T extends '<'>(t: T): Widget");
    const app = ts('app.ts')
      .def('function', 'main')
      .import('', './lib', ['make', 'quoted'])
      .ref('main', 'call', 'make')
      .refWith('main', 'call', 'make()', 'run')
      .ref('main', 'call', 'quoted')
      .refWith('main', 'call', 'quoted()', 'run');
    parentPort.postMessage(edgesOf(repoOf([lib, app]).resolver, ['app.ts'], 'calls'));
  `;
  const worker = new Worker(body, { eval: true });
  try {
    const edges = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('resolution did not finish within 10 s')), 10_000);
      worker.once('message', (m) => (clearTimeout(timer), resolve(m)));
      worker.once('error', (e) => (clearTimeout(timer), reject(e)));
    });
    assert.deepEqual(edges, ['app.main -calls-> lib.make', 'app.main -calls-> lib.quoted']);
  } finally {
    await worker.terminate();
  }
});
