/** The dependency rules of `affectedFiles`: each edit changes some file's edges, which must be re-resolved, and leaves a bystander alone. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgesOf, externalsOf, FileBuilder, repoOf } from './build.js';
import { checkIncremental } from './incremental.js';
import { unchangedQuestions } from '../../src/indexer/resolve/index.js';
import type { LanguageGroup } from '../../src/indexer/resolve/language.js';

const bystander = new FileBuilder('bystander.py', 'python', 'bystander').def('function', 'idle').ref('idle', 'call', 'len');

function affectedBy(before: FileBuilder[], after: FileBuilder[]): string[] {
  return [...checkIncremental(repoOf([...before, bystander]).input, repoOf([...after, bystander]).input)].sort();
}

test('an added module that a previously unresolved import now finds re-resolves the importer', () => {
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'pkg.extra', ['thing']).ref('', 'call', 'thing');
  const init = new FileBuilder('pkg/__init__.py', 'python', 'pkg');
  const extra = new FileBuilder('pkg/extra.py', 'python', 'pkg.extra').def('function', 'thing');
  assert.deepEqual(externalsOf(repoOf([init, user]).resolver, ['user.py']), ['user -calls-> pkg.extra:thing', 'user -imports-> pkg.extra:thing']);
  assert.deepEqual(edgesOf(repoOf([init, user, extra]).resolver, ['user.py'], 'calls'), ['user -calls-> pkg.extra.thing']);
  assert.deepEqual(affectedBy([init, user], [init, user, extra]), ['pkg/extra.py', 'user.py']);
});

test('a base class edited in another file re-resolves self.m() in subclasses two files away', () => {
  const root1 = new FileBuilder('root.py', 'python', 'root').def('class', 'Root').def('method', 'Root.m');
  const root2 = new FileBuilder('root.py', 'python', 'root').def('class', 'Root').def('method', 'Root.n');
  const mid = new FileBuilder('mid.py', 'python', 'mid').import('', 'root', ['Root']).def('class', 'Base').ref('Base', 'inherits', 'Root');
  const sub = new FileBuilder('sub.py', 'python', 'sub').import('', 'mid', ['Base']).def('class', 'Sub').ref('Sub', 'inherits', 'Base').def('method', 'Sub.go').ref('Sub.go', 'call', 'self.m');
  assert.deepEqual(edgesOf(repoOf([root1, mid, sub]).resolver, ['sub.py'], 'calls'), ['sub.Sub.go -calls-> root.Root.m']);
  assert.deepEqual(affectedBy([root1, mid, sub], [root2, mid, sub]), ['root.py', 'sub.py']);
});

test('an edit at the end of a re-export chain re-resolves the files importing from its head', () => {
  const impl1 = new FileBuilder('a/impl.py', 'python', 'a.impl').def('class', 'Thing');
  const impl2 = new FileBuilder('a/impl.py', 'python', 'a.impl').def('function', 'Thing');
  const inner = new FileBuilder('a/__init__.py', 'python', 'a').import('', '.impl', ['Thing']);
  const outer = new FileBuilder('top.py', 'python', 'top').import('', 'a', ['Thing']);
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'top', ['Thing']).ref('', 'call', 'Thing');
  assert.deepEqual(edgesOf(repoOf([impl2, inner, outer, user]).resolver, ['user.py'], 'calls'), ['user -calls-> a.impl.Thing']);
  assert.deepEqual(affectedBy([impl1, inner, outer, user], [impl2, inner, outer, user]), ['a/__init__.py', 'a/impl.py', 'top.py', 'user.py']);
});

test('a name becoming ambiguous drops the inferred edge of files that guessed it', () => {
  const lib = new FileBuilder('lib.py', 'python', 'lib').def('function', 'helper');
  const other = new FileBuilder('other.py', 'python', 'other').def('function', 'helper');
  const report = new FileBuilder('report.py', 'python', 'report').ref('', 'call', 'helper');
  assert.deepEqual(edgesOf(repoOf([lib, report]).resolver, ['report.py'], 'calls'), ['report -calls-> lib.helper ?']);
  assert.deepEqual(edgesOf(repoOf([lib, other, report]).resolver, ['report.py'], 'calls'), []);
  assert.deepEqual(affectedBy([lib, report], [lib, other, report]), ['other.py', 'report.py']);
});

test('a definition added to a file already there makes the name ambiguous for the files that guessed it', () => {
  const lib = new FileBuilder('lib.py', 'python', 'lib').def('function', 'helper');
  const other = (defs: string[]) => defs.reduce((b, name) => b.def('function', name), new FileBuilder('other.py', 'python', 'other').def('function', 'unrelated'));
  const report = new FileBuilder('report.py', 'python', 'report').ref('', 'call', 'helper');
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'lib', ['helper']).ref('', 'call', 'helper');
  assert.deepEqual(edgesOf(repoOf([lib, other([]), report, user]).resolver, ['report.py'], 'calls'), ['report -calls-> lib.helper ?']);
  assert.deepEqual(edgesOf(repoOf([lib, other(['helper']), report, user]).resolver, ['report.py'], 'calls'), []);
  assert.deepEqual(affectedBy([lib, other([]), report, user], [lib, other(['helper']), report, user]), ['other.py', 'report.py']);
});

test('a deleted file re-resolves the files that imported it, and only those', () => {
  const gone = new FileBuilder('gone.py', 'python', 'gone').def('function', 'f');
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'gone', ['f']).ref('', 'call', 'f');
  assert.deepEqual(affectedBy([gone, user], [user]), ['user.py']);
});

test('a body-only edit of a file defining common names re-resolves nobody else', () => {
  const models1 = new FileBuilder('models.py', 'python', 'models').def('class', 'Model').def('method', 'Model.save').def('method', 'Model.get').ref('Model.save', 'call', 'len');
  const models2 = new FileBuilder('models.py', 'python', 'models').def('class', 'Model').def('method', 'Model.save').def('method', 'Model.get').ref('Model.save', 'call', 'print', 7);
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'models', ['Model']).def('class', 'Mine').ref('Mine', 'inherits', 'Model').def('method', 'Mine.save').ref('Mine.save', 'call', 'super().save');
  assert.deepEqual(affectedBy([models1, user], [models2, user]), ['models.py']);
});

test('swapping the order of fallback imports in another file re-resolves the files using the name', () => {
  const compat1 = new FileBuilder('compat.py', 'python', 'compat').import('', 'json').import('', 'simplejson', [], { alias: 'json' });
  const compat2 = new FileBuilder('compat.py', 'python', 'compat').import('', 'simplejson', [], { alias: 'json' }).import('', 'json');
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'compat', ['json']).ref('', 'call', 'json.dumps');
  assert.ok(externalsOf(repoOf([compat1, user]).resolver, ['user.py']).includes('user -calls-> json:dumps'));
  assert.ok(externalsOf(repoOf([compat2, user]).resolver, ['user.py']).includes('user -calls-> simplejson:dumps'));
  assert.deepEqual(affectedBy([compat1, user], [compat2, user]), ['compat.py', 'user.py']);
});

test('a name added to an import in another file re-resolves the files using that name, not those using its neighbours', () => {
  const text = new FileBuilder('pkg/text.py', 'python', 'pkg.text').def('class', 'Lower').def('class', 'Upper').def('class', 'Trim');
  const init = (names: string[]) => new FileBuilder('pkg/__init__.py', 'python', 'pkg').import('', '.text', names);
  const lower = new FileBuilder('lower_user.py', 'python', 'lower_user').import('', 'pkg', ['Lower']).ref('', 'call', 'Lower');
  const trim = new FileBuilder('trim_user.py', 'python', 'trim_user').import('', 'pkg', ['Trim']).ref('', 'call', 'Trim');
  const before = [text, init(['Lower', 'Upper']), lower, trim];
  const after = [text, init(['Lower', 'Trim', 'Upper']), lower, trim];
  assert.deepEqual(edgesOf(repoOf(before).resolver, ['trim_user.py'], 'calls'), ['trim_user -calls-> pkg.text.Trim ?']);
  assert.deepEqual(edgesOf(repoOf(after).resolver, ['trim_user.py'], 'calls'), ['trim_user -calls-> pkg.text.Trim']);
  assert.deepEqual(affectedBy(before, after), ['pkg/__init__.py', 'trim_user.py']);
});

test('a name imported from another module in another file re-resolves the files using it', () => {
  const a = new FileBuilder('a.py', 'python', 'a').def('function', 'f').def('function', 'g');
  const b = new FileBuilder('b.py', 'python', 'b').def('function', 'f');
  const hub = (fFrom: string) => new FileBuilder('hub.py', 'python', 'hub').import('', fFrom, ['f']).import('', 'a', ['g']);
  const fUser = new FileBuilder('f_user.py', 'python', 'f_user').import('', 'hub', ['f']).ref('', 'call', 'f');
  const gUser = new FileBuilder('g_user.py', 'python', 'g_user').import('', 'hub', ['g']).ref('', 'call', 'g');
  assert.deepEqual(edgesOf(repoOf([a, b, hub('b'), fUser, gUser]).resolver, ['f_user.py'], 'calls'), ['f_user -calls-> b.f']);
  assert.deepEqual(affectedBy([a, b, hub('a'), fUser, gUser], [a, b, hub('b'), fUser, gUser]), ['f_user.py', 'hub.py']);
});

/** models.py: Conn and Cursor, each with one method; the edits below retype what other files reach through. */
function models(): FileBuilder {
  return new FileBuilder('models.py', 'python', 'models').def('class', 'Conn').def('method', 'Conn.close').def('class', 'Cursor').def('method', 'Cursor.close');
}

test('an attribute retyped in a base class in another file re-resolves self.attr.m() in subclasses', () => {
  const base = (type: string) =>
    new FileBuilder('base.py', 'python', 'base').import('', 'models', ['Conn', 'Cursor']).def('class', 'Base').def('method', 'Base.__init__').bind('Base.__init__', 'self.conn', `${type}()`, true);
  const sub = new FileBuilder('sub.py', 'python', 'sub').import('', 'base', ['Base']).def('class', 'Sub').ref('Sub', 'inherits', 'Base').def('method', 'Sub.go').refWith('Sub.go', 'call', 'self.conn', 'close');
  assert.deepEqual(edgesOf(repoOf([models(), base('Conn'), sub]).resolver, ['sub.py'], 'calls'), ['sub.Sub.go -calls-> models.Conn.close']);
  assert.deepEqual(affectedBy([models(), base('Conn'), sub], [models(), base('Cursor'), sub]), ['base.py', 'sub.py']);
});

test('a class-level annotation retyped in another file re-resolves calls through the attribute', () => {
  const base = (type: string) => new FileBuilder('base.py', 'python', 'base').import('', 'models', ['Conn', 'Cursor']).def('class', 'Base').bind('Base', 'conn', type);
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'base', ['Base']).def('function', 'go').bind('go', 'b', 'Base').refWith('go', 'call', 'b.conn', 'close');
  assert.deepEqual(edgesOf(repoOf([models(), base('Conn'), user]).resolver, ['user.py'], 'calls'), ['user.go -calls-> models.Conn.close']);
  assert.deepEqual(affectedBy([models(), base('Conn'), user], [models(), base('Cursor'), user]), ['base.py', 'user.py']);
});

test('a return annotation edited in another file re-resolves calls on the call result', () => {
  const factory = (returns: string) => new FileBuilder('factory.py', 'python', 'factory').import('', 'models', ['Conn', 'Cursor']).def('function', 'connect', 1, `def connect() -> ${returns}`);
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'factory', ['connect']).def('function', 'go').refWith('go', 'call', 'connect()', 'close');
  assert.deepEqual(edgesOf(repoOf([models(), factory('Conn'), user]).resolver, ['user.py'], 'calls'), ['user.go -calls-> models.Conn.close']);
  assert.deepEqual(affectedBy([models(), factory('Conn'), user], [models(), factory('"Cursor"'), user]), ['factory.py', 'user.py']);
});

test('a module-level instance retyped in another file re-resolves calls on the imported name', () => {
  const state = (type: string) => new FileBuilder('state.py', 'python', 'state').import('', 'models', ['Conn', 'Cursor']).bind('', 'current', `${type}()`, true);
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'state', ['current']).def('function', 'go').refWith('go', 'call', 'current', 'close');
  assert.deepEqual(edgesOf(repoOf([models(), state('Conn'), user]).resolver, ['user.py'], 'calls'), ['user.go -calls-> models.Conn.close']);
  assert.deepEqual(affectedBy([models(), state('Conn'), user], [models(), state('Cursor'), user]), ['state.py', 'user.py']);
});

test('an update asks again only the questions whose answers the changed names can change', () => {
  const q = (...parts: string[]): string => JSON.stringify(parts);
  const resolvers = new Map<LanguageGroup, { modulesFromPaths?: boolean }>([['python', { modulesFromPaths: true }], ['js', {}]]);
  const same = unchangedQuestions(new Map([['a.py', new Set(['helper'])], ['b.py', new Set<string>()]]), resolvers);
  assert.equal(same(q('defs', 'python', 'helper')), false);
  assert.equal(same(q('methods', 'python', 'helper')), false);
  assert.equal(same(q('defs', 'python', 'other')), true);
  assert.equal(same(q('methods', 'js', 'say "hi"')), true);
  assert.equal(same(q('module', 'python', '..models', 'pkg/a.py')), true);
  assert.equal(same(q('submodule', 'python', 'pkg', 'sub', 'pkg/__init__.py')), true);
  // Module specifiers of languages whose modules do not follow from paths alone, and the other questions, are asked.
  assert.equal(same(q('module', 'js', './util', 'src/a.ts')), false);
  assert.equal(same(q('extra', 'python', 'abc123', 'helper')), false);
  assert.equal(same(q('pkgdefs', 'python', 'pkg', 'other')), false);
  // A module entity changed (every file added or removed has one): no module answer is taken as unchanged.
  const moduleChanged = unchangedQuestions(new Map([['a.py', new Set(['', 'helper'])]]), resolvers);
  assert.equal(moduleChanged(q('module', 'python', '..models', 'pkg/a.py')), false);
  assert.equal(moduleChanged(q('defs', 'python', 'other')), false);
  // A file whose names cannot be told (its language changed): every question is asked.
  const unknown = unchangedQuestions(new Map<string, Set<string> | 'all'>([['a.py', 'all'], ['b.py', new Set<string>()]]), resolvers);
  assert.equal(unknown(q('defs', 'python', 'other')), false);
});
