import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acdcPartition, bodyHeaderKey, dominatedSet } from '../../src/architecture/acdc.js';
import { buildFileGraph } from '../../src/architecture/file-graph.js';
import { recover } from '../../src/architecture/recover.js';
import type { DepSpec, FileSpec } from './fixtures.js';
import { makeGraph } from './fixtures.js';

const file = (path: string): FileSpec => ({ path, entities: [{ name: 'run', doc: `Runs ${path}.` }] });
const dep = (s: string, t: string): DepSpec => [`${s}#run`, `${t}#run`];

function partitionOf(files: FileSpec[], deps: DepSpec[]): string[][] {
  const fg = buildFileGraph(makeGraph(files, deps));
  return acdcPartition(fg)
    .map((c) => c.map((f) => fg.files[f]).sort())
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

describe('ACDC', () => {
  it('pairs declaration and test files with their implementation', () => {
    assert.equal(bodyHeaderKey('a/x.py'), bodyHeaderKey('a/test_x.py'));
    assert.equal(bodyHeaderKey('src/x.ts'), bodyHeaderKey('src/x.d.ts'));
    assert.equal(bodyHeaderKey('src/x.ts'), bodyHeaderKey('src/x.test.ts'));
    assert.equal(bodyHeaderKey('pkg/x.go'), bodyHeaderKey('pkg/x_test.go'));
    assert.notEqual(bodyHeaderKey('a/x.py'), bodyHeaderKey('b/x.py'));
  });

  it('grows a dominated set only through nodes whose every source is inside it', () => {
    // 0 → 1, 0 → 2, 1 → 3, 4 → 2: node 2 has a source outside, so 0 dominates {0, 1, 3}.
    const targets = [new Set([1, 2]), new Set([3]), new Set<number>(), new Set<number>(), new Set([2])];
    const sources = [new Set<number>(), new Set([0]), new Set([0, 4]), new Set([1]), new Set<number>()];
    assert.deepEqual([...dominatedSet(0, targets, sources, new Set())].sort(), [0, 1, 3]);
    assert.deepEqual([...dominatedSet(0, targets, sources, new Set([1]))].sort(), [0]);
  });

  it('finds subgraph dominators, keeps the outermost, and adopts orphans by their dependents', () => {
    const paths = ['a/main.py', 'a/x.py', 'a/test_x.py', 'a/y.py', 'a/z.py', 'b/root.py', 'b/p.py', 'b/q.py', 'b/helper.py'];
    const deps = [
      dep('a/main.py', 'a/x.py'),
      dep('a/main.py', 'a/y.py'),
      dep('a/x.py', 'a/z.py'),
      dep('a/test_x.py', 'a/x.py'),
      dep('b/root.py', 'b/p.py'),
      dep('b/root.py', 'b/q.py'),
      // helper has dependents in both subsystems, so nothing dominates it; b holds more of them.
      dep('b/p.py', 'b/helper.py'),
      dep('b/q.py', 'b/helper.py'),
      dep('a/y.py', 'b/helper.py'),
    ];
    assert.deepEqual(partitionOf(paths.map(file), deps), [
      ['a/main.py', 'a/test_x.py', 'a/x.py', 'a/y.py', 'a/z.py'],
      ['b/helper.py', 'b/p.py', 'b/q.py', 'b/root.py'],
    ]);
  });

  it('lets a test dominate only test files, not the code it exercises', () => {
    // Only the test uses lib/mixin.py; as a dominator the test would take mixin and its helper along.
    const paths = ['lib/mixin.py', 'lib/mixin_impl.py', 'tests/test_mixin.py', 'tests/fixtures.py'];
    const deps = [dep('tests/test_mixin.py', 'lib/mixin.py'), dep('lib/mixin.py', 'lib/mixin_impl.py'), dep('tests/test_mixin.py', 'tests/fixtures.py')];
    assert.deepEqual(partitionOf(paths.map(file), deps), [
      ['lib/mixin.py', 'lib/mixin_impl.py'],
      ['tests/fixtures.py', 'tests/test_mixin.py'],
    ]);
  });

  it('collects heavily used files into a support library that adopts no orphans', () => {
    const users = Array.from({ length: 22 }, (_, i) => `app/user${i}.py`);
    const paths = ['lib/util.py', ...users];
    const deps = users.map((u) => dep(u, 'lib/util.py'));
    const partition = partitionOf(paths.map(file), deps);
    assert.deepEqual(partition[partition.length - 1], ['lib/util.py']);
    // The users dominate nothing and have no other dependents: grouped by their directory.
    assert.deepEqual(partition[0], [...users].sort());
  });

  it('is deterministic through recover and names the dominator clusters by directory', () => {
    const paths = ['a/main.py', 'a/x.py', 'b/root.py', 'b/p.py'];
    const graph = makeGraph(paths.map(file), [dep('a/main.py', 'a/x.py'), dep('b/root.py', 'b/p.py')]);
    const arch = recover(graph, { algorithm: 'acdc' });
    assert.deepEqual(
      arch.components.map((c) => c.name),
      ['a', 'b'],
    );
  });
});
