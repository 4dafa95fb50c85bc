import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileGraph } from '../../src/architecture/file-graph.js';
import { chooseDepth } from '../../src/architecture/pkg.js';
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
});
