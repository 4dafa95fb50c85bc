import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filterGraph, isTestPath, NO_FILTER } from '../../src/api/file-filter.js';
import type { DepGraph, Entity } from '../../src/graph/types.js';

test('test files are recognised by directory and name conventions', () => {
  for (const p of ['tests/test_a.py', 'pkg/test_models.py', 'a/b_test.go', 'src/x.test.ts', 'web/x.spec.jsx', 'conftest.py', 'src/FooTest.java', '__tests__/a.js']) {
    assert.equal(isTestPath(p), true, p);
  }
  for (const p of ['src/testing_utils_x/../a.py'.replace('/../', '/'), 'pkg/contest.py', 'src/latest.py', 'attestation.ts']) {
    assert.equal(isTestPath(p), false, p);
  }
});

function entity(id: string, filePath: string): Entity {
  return {
    id, fqn: id, name: id, kind: 'function', language: 'python', filePath, package: '', startLine: 1, endLine: 2,
    signature: '', docstring: '', exported: true, tokens: 5, parentId: null, terms: '',
  };
}

test('a filtered graph keeps the entities of kept files and only the edges between them', () => {
  const graph: DepGraph = {
    entities: [entity('a', 'src/app/a.py'), entity('b', 'src/app/b.py'), entity('t', 'tests/test_a.py'), entity('v', 'vendor/v.py')],
    edges: [
      { source: 'a', target: 'b', kind: 'calls', confidence: 'exact', count: 1, line: 1 },
      { source: 't', target: 'a', kind: 'calls', confidence: 'exact', count: 1, line: 1 },
      { source: 'a', target: 'v', kind: 'imports', confidence: 'exact', count: 1, line: 1 },
    ],
    externals: [{ source: 'v', kind: 'calls', module: 'os', symbol: 'walk', count: 1, line: 1 }],
  };
  assert.equal(filterGraph(graph, NO_FILTER), graph);
  const filtered = filterGraph(graph, { ...NO_FILTER, excludeTests: true, excludeDirs: ['vendor'] });
  assert.deepEqual(filtered.entities.map((e) => e.id), ['a', 'b']);
  assert.deepEqual(filtered.edges.map((e) => `${e.source}>${e.target}`), ['a>b']);
  assert.deepEqual(filtered.externals, []);
  assert.deepEqual(filterGraph(graph, { ...NO_FILTER, scope: 'src/app' }).entities.map((e) => e.id), ['a', 'b']);
  assert.deepEqual(filterGraph(graph, { ...NO_FILTER, languages: ['typescript'] }).entities, []);
});
