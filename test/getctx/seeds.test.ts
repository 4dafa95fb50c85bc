import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildLoadedGraph } from '../../src/graph/memory.js';
import type { Entity } from '../../src/graph/types.js';
import { EXPLICIT_SEED_WEIGHT, QUERY_SEED_FILES, SEEDS_PER_FILE, SHARE_EXPONENT, resolveSeeds } from '../../src/retrieval/seeds.js';
import { TEST_FILE_FACTOR, rankTaskFiles } from '../../src/retrieval/context-for-task.js';
import { analyzeTask } from '../../src/retrieval/lexical.js';
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
  const query = 'price of item with tax in the cart, ledger posting and report';
  const total = (seeds: readonly { weight: number }[]) => seeds.reduce((sum, s) => sum + s.weight, 0);
  const plain = resolveSeeds(shop, { query });
  const queryTotal = total(plain);
  assert.ok(queryTotal > 2 * EXPLICIT_SEED_WEIGHT, 'the query alone matches many entities');
  const seeded = resolveSeeds(shop, { query, seedFiles: ['shop/pricing.py'] });
  assert.ok(Math.abs(total(seeded) - 2 * EXPLICIT_SEED_WEIGHT) < 1e-9);
  // Query seeds outside the seed file are scaled down together, to half of the mass.
  const outside = plain.filter((s) => shop.entities[s.node]!.filePath !== 'shop/pricing.py');
  assert.ok(outside.length > 0);
  for (const s of outside) {
    const after = seeded.find((x) => x.node === s.node)!;
    assert.ok(Math.abs(after.weight - (s.weight * EXPLICIT_SEED_WEIGHT) / queryTotal) < 1e-9);
  }
});

test('query matches in test files are demoted unless asked for, explicit seeds never', () => {
  const weight = (demoteTests: boolean, seedSymbols: string[] = []) =>
    new Map(resolveSeeds(graph, { query: 'apply discount', demoteTests, seedSymbols }).map((s) => [graph.entities[s.node]!.filePath, s.weight]));
  const plain = weight(false);
  const demoted = weight(true);
  assert.equal(demoted.get('shop/discount.py'), plain.get('shop/discount.py'));
  // The ranking demotes the test file's score; its seeds' share is that score's square.
  assert.ok(Math.abs(demoted.get('tests/test_discount.py')! - plain.get('tests/test_discount.py')! * TEST_FILE_FACTOR ** SHARE_EXPONENT) < 1e-12);
  assert.ok(plain.get('tests/test_discount.py')! > 0.9 * plain.get('shop/discount.py')!);
  const explicit = weight(true, ['tests.test_discount.apply_discount']);
  assert.ok(explicit.get('tests/test_discount.py')! > explicit.get('shop/discount.py')!);
});

test('query seeds follow the task file ranking: each ranked file seeds its best entities, its best one at (score / top)^2', () => {
  const shop = shopRepo().graph;
  const query = 'price of item with tax in the cart, ledger posting and report';
  const ranked = rankTaskFiles(shop, analyzeTask(query), { demoteTests: true }).slice(0, QUERY_SEED_FILES);
  assert.ok(ranked.length >= 3);
  const seeds = resolveSeeds(shop, { query, demoteTests: true });
  for (const { file, score, entries } of ranked) {
    const own = seeds.filter((s) => shop.entities[s.node]!.filePath === file);
    assert.equal(own.length, Math.max(1, Math.min(SEEDS_PER_FILE, entries.length)), file);
    const best = Math.max(...own.map((s) => s.weight));
    assert.ok(Math.abs(best - (score / ranked[0]!.score) ** SHARE_EXPONENT) < 1e-9, `${file}: ${best}`);
  }
});
