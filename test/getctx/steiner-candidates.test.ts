import { test } from 'node:test';
import assert from 'node:assert/strict';
import { steinerConnectors, topNodes } from '../../src/retrieval/steiner-candidates.js';
import { contextGraph } from '../../src/retrieval/context-graph.js';
import { shopRepo } from './shop-graph.js';

test('topNodes equals sorting every positive score, with ties by index and forced extras appended', () => {
  let seed = 7;
  const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let round = 0; round < 50; round++) {
    const n = 1 + Math.floor(random() * 60);
    const scores = Float64Array.from({ length: n }, () => (random() < 0.3 ? 0 : Math.round(random() * 8) / 8));
    const limit = 1 + Math.floor(random() * 20);
    const expected = [...scores.keys()].filter((i) => scores[i]! > 0).sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, limit);
    assert.deepEqual(topNodes(scores, limit), expected);
  }
  assert.deepEqual(topNodes(Float64Array.from([0, 3, 1, 2]), 2, [2, 0]), [1, 3, 2, 0]);
});

test('the Steiner tree keeps a cheap connector between two valuable nodes', () => {
  const repo = shopRepo();
  const [checkout, total, priceOf] = ['shop.cart.checkout', 'shop.cart.Cart.total', 'shop.pricing.price_of'].map(repo.node);
  const scores = new Float64Array(repo.graph.entities.length);
  scores[checkout!] = 1;
  scores[priceOf!] = 0.9;
  scores[total!] = 0.01;
  // Low-value candidates set the cost scale (mean prize ~0.2); two postings joined by an edge stay out.
  const filler = [0, 1, 2, 3, 4, 5, 6].map((m) => repo.node(`shop.ledger.Ledger.posting_${m}`));
  for (const node of filler) scores[node] = 0.01;
  const tree = steinerConnectors(repo.graph, contextGraph(repo.graph).weights, [checkout!, priceOf!, total!, ...filler], scores);
  assert.deepEqual([...tree].sort(), [checkout!, total!, priceOf!].sort());
});
