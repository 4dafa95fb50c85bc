import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEPARATOR_TOKENS, chooseSnippets, conflicts, type SnippetItem } from '../../src/retrieval/snippet-selection.js';
import type { SnippetVariant } from '../../src/retrieval/snippets.js';
import { shopRepo } from './shop-graph.js';

const repo = shopRepo();

function item(fqn: string, variant: SnippetVariant, tokens: number, value: number): SnippetItem {
  const node = repo.node(fqn);
  return {
    value,
    snippet: { node, variant, header: '', body: '', text: '', tokens, startLine: 1, endLine: 1, freshness: 'indexed' },
  };
}

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** Best total value over conflict-free subsets that fit, by enumeration. */
function bruteForce(items: readonly SnippetItem[], budget: number): number {
  let best = 0;
  for (let mask = 0; mask < 1 << items.length; mask++) {
    const chosen = items.filter((_, i) => mask & (1 << i));
    const cost = chosen.reduce((s, i) => s + i.snippet.tokens + SEPARATOR_TOKENS, 0);
    if (cost > budget + SEPARATOR_TOKENS) continue;
    if (chosen.some((c, k) => conflicts(repo.graph, c, chosen.slice(0, k)))) continue;
    best = Math.max(best, chosen.reduce((s, i) => s + i.value, 0));
  }
  return best;
}

const INDEPENDENT = ['shop.cart.checkout', 'shop.pricing.price_of', 'shop.pricing.apply_tax', 'shop.cart.Cart.add', 'shop.cart.Cart.total', 'shop.ledger.Ledger.posting_3', 'shop.ledger.Ledger.posting_4', 'shop.report.render_report'];
const NESTED = ['shop.cart', 'shop.cart.Cart', 'shop.cart.Cart.total', 'shop.cart.Cart.add', 'shop.pricing', 'shop.pricing.apply_tax'];

test('without conflicting items the choice is the exact knapsack optimum', () => {
  const next = random(11);
  for (let round = 0; round < 40; round++) {
    const items = INDEPENDENT.map((fqn) => item(fqn, 'full', 1 + Math.floor(next() * 300), Math.round(next() * 100) / 10));
    const budget = 100 + Math.floor(next() * 900);
    const choice = chooseSnippets(repo.graph, items, budget);
    assert.equal(choice.bucketSize, 1);
    const value = choice.items.reduce((s, i) => s + i.value, 0);
    assert.ok(Math.abs(value - bruteForce(items, budget)) < 1e-9);
  }
});

test('with nested entities and two variants per entity the choice is conflict-free, fits, and reaches at least 93% of the optimum (measured 95%)', () => {
  const next = random(5);
  let total = 0;
  let optimum = 0;
  for (let round = 0; round < 40; round++) {
    const items = NESTED.flatMap((fqn) => {
      const full = item(fqn, 'full', 20 + Math.floor(next() * 400), 1 + Math.round(next() * 100) / 10);
      return [full, item(fqn, 'outline', Math.ceil(full.snippet.tokens * 0.3), full.value * 0.5)];
    });
    const budget = 100 + Math.floor(next() * 700);
    const choice = chooseSnippets(repo.graph, items, budget);
    choice.items.forEach((c, k) => assert.ok(!conflicts(repo.graph, c, choice.items.slice(0, k)), 'conflicting snippets chosen'));
    assert.ok(choice.items.reduce((s, i) => s + i.snippet.tokens + SEPARATOR_TOKENS, 0) <= budget + SEPARATOR_TOKENS);
    total += choice.items.reduce((s, i) => s + i.value, 0);
    optimum += bruteForce(items, budget);
  }
  assert.ok(total >= 0.93 * optimum, `${total} vs optimum ${optimum}`);
});
