import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileGraph } from '../../src/architecture/file-graph.js';
import { chooseDepth } from '../../src/architecture/pkg.js';
import { isTestFile, testTree } from '../../src/architecture/test-files.js';
import { recover } from '../../src/architecture/recover.js';
import { makeGraph } from './fixtures.js';

const graphOf = (packages: string[]) =>
  makeGraph(
    packages.map((pkg, i) => ({ path: `${pkg.replace(/\./g, '/')}/f${i}.py`, pkg, entities: [{ name: `f${i}` }] })),
    [],
  );

describe('pkg', () => {
  it('chooses the shallowest depth with at least five groups', () => {
    const packages = ['dj.db.models', 'dj.db.backends', 'dj.http', 'dj.urls', 'dj.forms', 'dj.core.mail', 'dj.core.files'];
    // depth 1: {dj}; depth 2: {db, http, urls, forms, core} = 5 groups.
    assert.equal(chooseDepth(buildFileGraph(graphOf(packages))), 2);
    const arch = recover(graphOf(packages), { algorithm: 'pkg' });
    assert.equal(arch.components.length, 5);
    assert.deepEqual(arch.params, { pkgDepth: 2 });
  });

  it('falls back to the depth with the most groups when none reaches five', () => {
    const packages = ['x.a.one', 'x.a.two', 'x.b.one'];
    assert.equal(chooseDepth(buildFileGraph(graphOf(packages))), 3);
  });

  it('groups deeper packages under their prefix and keeps shallower ones whole', () => {
    const arch = recover(graphOf(['x.a.one', 'x.a.two', 'x']), { algorithm: 'pkg', pkgDepth: 2 });
    assert.deepEqual(arch.components.map((c) => c.files.length).sort(), [1, 2]);
  });

  it('goes deeper while one splittable group holds more than half of the code', () => {
    // depth 1: core (6 of 10 code files) + 4 small packages = 5 groups, but core splits at depth 2.
    const packages = ['core.a', 'core.a', 'core.b', 'core.b', 'core.c', 'core.c', 'p', 'q', 'r', 's'];
    assert.equal(chooseDepth(buildFileGraph(graphOf(packages))), 2);
    // Half is not most: with core at 5 of 10 files, depth 1 stands.
    assert.equal(chooseDepth(buildFileGraph(graphOf([...packages.slice(1), 't']))), 1);
  });

  it('keeps each test tree whole and leaves it out of the balance', () => {
    // Test apps are import roots (package "app1", not "tests.app1"); they must not become one component each.
    const code = ['lib.io', 'lib.net', 'lib.db', 'lib.ui', 'lib.cli', 'lib.log'];
    const tests = ['app1', 'app2', 'app3', 'app4', 'app5', 'app6', 'app7'];
    const graph = makeGraph(
      [
        ...code.map((pkg, i) => ({ path: `${pkg.replace(/\./g, '/')}/m${i}.py`, pkg, entities: [{ name: `m${i}` }] })),
        ...tests.map((pkg, i) => ({ path: `tests/${pkg}/test_t${i}.py`, pkg, entities: [{ name: `t${i}` }] })),
      ],
      [],
    );
    const arch = recover(graph, { algorithm: 'pkg' });
    assert.deepEqual(arch.params, { pkgDepth: 2 });
    const tested = arch.components.filter((c) => c.files.some((f) => f.startsWith('tests/')));
    assert.equal(tested.length, 1);
    assert.equal(tested[0].files.length, 7);
    assert.equal(arch.components.length, 7);
  });

  it('gives a large test suite its own group and keeps the small ones together', () => {
    const code = ['lib.io', 'lib.net', 'lib.db', 'lib.ui', 'lib.cli'];
    const big = Array.from({ length: 10 }, (_, i) => ({ path: `tests/migrations/test_m${i}.py`, pkg: 'migrations', entities: [{ name: `m${i}` }] }));
    const small = ['app1', 'app2', 'app3'].map((pkg, i) => ({ path: `tests/${pkg}/tests.py`, pkg, entities: [{ name: `t${i}` }] }));
    const graph = makeGraph(
      [...code.map((pkg, i) => ({ path: `${pkg.replace(/\./g, '/')}/m${i}.py`, pkg, entities: [{ name: `c${i}` }] })), ...big, ...small],
      [],
    );
    const tested = recover(graph, { algorithm: 'pkg' })
      .components.filter((c) => c.files.some((f) => f.startsWith('tests/')))
      .map((c) => c.files.length)
      .sort((a, b) => a - b);
    assert.deepEqual(tested, [3, 10]);
  });

  it('recognises test directories by name', () => {
    assert.equal(testTree('tests/app/models.py'), 'tests');
    assert.equal(testTree('pkg/__tests__/a.test.ts'), 'pkg/__tests__');
    assert.equal(testTree('web/js_tests/admin/core.js'), 'web/js_tests');
    assert.equal(testTree('src/contest/entry.py'), null);
    assert.equal(testTree('src/latest.py'), null);
    assert.ok(isTestFile('pkg/test_views.py') && isTestFile('web/a.spec.ts') && isTestFile('io/reader_test.go'));
    assert.ok(!isTestFile('pkg/latest.py') && !isTestFile('src/contest.ts'));
  });
});
