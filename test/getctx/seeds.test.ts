import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildLoadedGraph } from '../../src/graph/memory.js';
import type { Entity } from '../../src/graph/types.js';
import { TEST_CODE_FACTOR, resolveSeeds } from '../../src/retrieval/seeds.js';

function fn(id: string, filePath: string, fqn: string): Entity {
  const name = fqn.split('.').pop()!;
  return {
    id, fqn, name, kind: 'function', language: 'python', filePath, package: '', startLine: 1, endLine: 2,
    signature: `def ${name}(order)`, docstring: '', exported: true, tokens: 10, parentId: null, terms: 'order discount',
  };
}

const graph = buildLoadedGraph({
  entities: [fn('a', 'shop/discount.py', 'shop.discount.apply_discount'), fn('b', 'tests/test_discount.py', 'tests.test_discount.apply_discount')],
  edges: [],
  externals: [],
}, 1);

test('query matches in test files are demoted unless asked for, explicit seeds never', () => {
  const weight = (demoteTests: boolean, seedSymbols: string[] = []) =>
    new Map(resolveSeeds(graph, { query: 'apply discount', demoteTests, seedSymbols }).map((s) => [graph.entities[s.node]!.filePath, s.weight]));
  const plain = weight(false);
  const demoted = weight(true);
  assert.equal(demoted.get('shop/discount.py'), plain.get('shop/discount.py'));
  assert.equal(demoted.get('tests/test_discount.py'), plain.get('tests/test_discount.py')! * TEST_CODE_FACTOR);
  assert.ok(plain.get('tests/test_discount.py')! > 0.9 * plain.get('shop/discount.py')!);
  const explicit = weight(true, ['tests.test_discount.apply_discount']);
  assert.ok(explicit.get('tests/test_discount.py')! > explicit.get('shop/discount.py')!);
});
