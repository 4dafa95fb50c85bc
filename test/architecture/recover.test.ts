import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DepGraph } from '../../src/graph/types.js';
import { recover } from '../../src/architecture/recover.js';
import type { Algorithm, Architecture } from '../../src/architecture/types.js';
import { makeGraph, randomGraph, shuffled, twoSubsystems } from './fixtures.js';

const ALGORITHMS: Algorithm[] = ['pkg', 'acdc', 'wca', 'limbo', 'louvain'];

function fileGroups(arch: Architecture): string[][] {
  return arch.components.map((c) => [...c.files]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

function assertWellFormed(arch: Architecture, graph: DepGraph): void {
  const names = arch.components.map((c) => c.name);
  assert.equal(new Set(names).size, names.length, `duplicate names: ${names}`);
  const assigned = arch.components.flatMap((c) => c.entities);
  const expected = graph.entities.filter((e) => e.kind !== 'module').map((e) => e.fqn);
  assert.equal(assigned.length, new Set(assigned).size, 'an entity is in two components');
  assert.deepEqual([...assigned].sort(), [...expected].sort());
  for (const c of arch.components) {
    assert.ok(c.entities.length > 0);
    assert.ok(c.responsibility.length > 0 && !c.responsibility.includes('\n'));
    assert.doesNotMatch(c.responsibility, /entities in|cluster of \d+/i);
    for (const d of c.depends_on) assert.ok(names.includes(d) && d !== c.name);
  }
}

describe('recover on two subsystems', () => {
  const graph = twoSubsystems();
  const billing = ['ledger', 'invoice', 'payment', 'refund'].map((w) => `shop/billing/${w}.py`).sort();
  const auth = ['login', 'session', 'token', 'password'].map((w) => `shop/auth/${w}.py`).sort();

  for (const algorithm of ['wca', 'limbo', 'louvain'] as const) {
    it(`${algorithm} separates billing from auth`, () => {
      const arch = recover(graph, { algorithm, numClusters: 2 });
      assert.deepEqual(fileGroups(arch), [auth, billing]);
      assertWellFormed(arch, graph);
    });
  }

  it('wca with uenm separates them too', () => {
    const arch = recover(graph, { algorithm: 'wca', numClusters: 2, similarity: 'uenm' });
    assert.deepEqual(fileGroups(arch), [auth, billing]);
    assert.deepEqual(arch.params, { numClusters: 2, similarity: 'uenm' });
  });

  it('pkg groups by package at the given depth and picks the most informative depth itself', () => {
    assert.deepEqual(fileGroups(recover(graph, { algorithm: 'pkg', pkgDepth: 1 })), [[...auth, ...billing].sort()]);
    const auto = recover(graph, { algorithm: 'pkg' });
    assert.equal(auto.params.pkgDepth, 2);
    assert.deepEqual(fileGroups(auto), [auth, billing]);
  });

  it('names components by path and describes them with their own words', () => {
    const arch = recover(graph, { algorithm: 'louvain' });
    const byName = new Map(arch.components.map((c) => [c.name, c]));
    assert.deepEqual([...byName.keys()], ['auth', 'billing']);
    const billingLine = byName.get('billing')!.responsibility.toLowerCase();
    const authLine = byName.get('auth')!.responsibility.toLowerCase();
    assert.match(billingLine, /ledger|currency|amounts/);
    assert.match(authLine, /credential|account|verifies/);
    // The most depended-on entity of each side is named.
    assert.match(byName.get('billing')!.responsibility, /InvoiceLedger/);
    assert.match(byName.get('auth')!.responsibility, /SessionCredential/);
    assert.deepEqual(byName.get('billing')!.depends_on, ['auth']);
    assert.deepEqual(byName.get('auth')!.depends_on, []);
  });

  it('stops WCA and LIMBO at the requested number of clusters', () => {
    for (const algorithm of ['wca', 'limbo'] as const) {
      assert.equal(recover(graph, { algorithm, numClusters: 5 }).components.length, 5);
    }
  });

  it('rejects invalid parameters', () => {
    assert.throws(() => recover(graph, { algorithm: 'pkg', pkgDepth: 0 }), RangeError);
    assert.throws(() => recover(graph, { algorithm: 'wca', numClusters: 1.5 }), RangeError);
    assert.throws(() => recover(graph, JSON.parse('{"algorithm": "bunch"}')), RangeError);
    assert.throws(() => recover(graph, JSON.parse('{"algorithm": "wca", "similarity": "jaccard"}')), RangeError);
  });
});

describe('every algorithm on a random structured graph', () => {
  const graph = randomGraph(11, 6, 8, 400);
  for (const algorithm of ALGORITHMS) {
    it(`${algorithm}: assigns every entity once, names are unique, output is deterministic`, () => {
      const arch = recover(graph, { algorithm });
      assertWellFormed(arch, graph);
      assert.deepEqual(recover(graph, { algorithm }), arch);
      assert.deepEqual(recover(shuffled(graph, 3), { algorithm }), arch);
    });
  }
});

describe('responsibility', () => {
  it('names the most depended-on entities first, methods with their class', () => {
    const graph = makeGraph(
      [
        {
          path: 'orm/query.py',
          entities: [
            { name: 'QuerySet', kind: 'class', doc: 'Lazy database lookup.' },
            { name: 'filter', kind: 'method', owner: 'QuerySet', doc: 'Narrows the lookup.' },
            { name: 'Prefetch', kind: 'class', doc: 'Prefetch related objects.' },
          ],
        },
        { path: 'views/list.py', entities: [{ name: 'list_view' }] },
      ],
      [
        ['views/list.py#list_view', 'orm/query.py#filter', 3],
        ['views/list.py#list_view', 'orm/query.py#QuerySet'],
      ],
    );
    const orm = recover(graph, { algorithm: 'pkg', pkgDepth: 1 }).components.find((c) => c.files.includes('orm/query.py'))!;
    assert.equal(orm.name, 'orm/query');
    assert.match(orm.responsibility, /: QuerySet\.filter, QuerySet, Prefetch$/);
    assert.match(orm.responsibility, /lookup/i);
  });
});

describe('name disambiguation', () => {
  it('tells apart components sharing a directory by a distinctive term', () => {
    const graph = randomGraph(5, 1, 10, 60);
    const arch = recover(graph, { algorithm: 'wca', numClusters: 3 });
    assert.equal(arch.components.length, 3);
    const shared = arch.components.filter((c) => c.files.length > 1).map((c) => c.name);
    assert.ok(shared.length >= 2);
    for (const name of shared) assert.match(name, /^part0 \(\w+\)$/);
    assertWellFormed(arch, graph);
  });
});
