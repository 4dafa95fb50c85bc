import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildLoadedGraph } from '../../src/graph/memory.js';
import type { Entity } from '../../src/graph/types.js';
import { EXPLICIT_SEED_WEIGHT, TEST_CODE_FACTOR, resolveSeeds } from '../../src/retrieval/seeds.js';
import { shopRepo } from './shop-graph.js';

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

test('named seeds keep at least half of the restart mass against a query matching many entities', () => {
  const shop = shopRepo().graph;
  const query = 'ledger posting account balance amount';
  const total = (seeds: readonly { weight: number }[]) => seeds.reduce((sum, s) => sum + s.weight, 0);
  assert.ok(total(resolveSeeds(shop, { query })) > 2 * EXPLICIT_SEED_WEIGHT, 'the query alone matches many entities');
  const seeded = resolveSeeds(shop, { query, seedFiles: ['shop/pricing.py'] });
  assert.ok(Math.abs(total(seeded) - 2 * EXPLICIT_SEED_WEIGHT) < 1e-9);
  assert.ok(Math.abs(total(seeded.filter((s) => s.origins.includes('file'))) - EXPLICIT_SEED_WEIGHT) < 1e-9);
});

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
