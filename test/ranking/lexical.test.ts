import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTask, entitiesForDotted, entityLexicalIndex, filesForPath, scoreEntities } from '../../src/retrieval/lexical.js';
import { buildSynonymMap, type SynonymMap } from '../../src/retrieval/synonyms.js';
import { graphOf } from './graph-builder.js';

const lexicalSeeds = (g: typeof graph, task: string, synonyms?: SynonymMap) => scoreEntities(g, analyzeTask(task, synonyms), 100);

const graph = graphOf([
  { fqn: 'shop.cart', kind: 'module', file: 'shop/cart.py', terms: 'Cart CartItem' },
  { fqn: 'shop.cart.Cart', kind: 'class', file: 'shop/cart.py', docstring: 'A shopping cart holding items.' },
  { fqn: 'shop.cart.Cart.add_item', kind: 'method', file: 'shop/cart.py', signature: 'def add_item(self, item, quantity)', terms: 'item quantity items append' },
  { fqn: 'shop.cart.Cart.total', kind: 'method', file: 'shop/cart.py', signature: 'def total(self)', terms: 'price quantity sum discount' },
  { fqn: 'shop.pay', kind: 'module', file: 'shop/pay.py' },
  { fqn: 'shop.pay.charge_card', kind: 'function', file: 'shop/pay.py', signature: 'def charge_card(card, amount)', docstring: 'Charge a credit card.', terms: 'gateway amount card' },
  { fqn: 'shop.pay.refund', kind: 'function', file: 'shop/pay.py', signature: 'def refund(card, amount)', terms: 'gateway amount' },
]);

test('a task word that only one entity has ranks that entity first', () => {
  const seeds = lexicalSeeds(graph, 'The discount is wrong in the total');
  assert.equal(graph.entities[seeds[0]!.nodeIndex]!.fqn, 'shop.cart.Cart.total');
  assert.ok(seeds[0]!.matched.includes('discount'));
  assert.equal(seeds[0]!.score, 1);
});

test('an exact dotted mention outranks prose matches elsewhere', () => {
  const seeds = lexicalSeeds(graph, 'Calling Cart.add_item twice charges the card amount twice');
  assert.equal(graph.entities[seeds[0]!.nodeIndex]!.fqn, 'shop.cart.Cart.add_item');
  assert.ok(seeds[0]!.matched.includes('`Cart.add_item`'));
});

test('a traceback frame maps to the function it names in that file', () => {
  const task = 'Crash:\nTraceback (most recent call last):\n  File "/usr/lib/site-packages/shop/pay.py", line 40, in refund\n    x = 1\nValueError';
  const seeds = lexicalSeeds(graph, task);
  assert.equal(graph.entities[seeds[0]!.nodeIndex]!.fqn, 'shop.pay.refund');
});

test('synonyms let a task word reach code that spells it differently', () => {
  const without = lexicalSeeds(graph, 'payment fails');
  assert.equal(without.length, 0);
  const synonyms = buildSynonymMap([{ term: 'payment', alias: 'charge' }]);
  const seeds = lexicalSeeds(graph, 'payment fails', synonyms);
  assert.equal(graph.entities[seeds[0]!.nodeIndex]!.fqn, 'shop.pay.charge_card');
});

test('path mentions resolve by suffix, absolute paths included', () => {
  const files = ['shop/cart.py', 'shop/pay.py', 'tests/test_pay.py'];
  assert.deepEqual(filesForPath(files, '/home/u/project/shop/pay.py'), ['shop/pay.py']);
  assert.deepEqual(filesForPath(files, 'pay.py'), ['shop/pay.py']);
  assert.deepEqual(filesForPath(files, 'other/none.py'), []);
});

test('dotted names resolve at segment boundaries only', () => {
  assert.deepEqual(entitiesForDotted(graph, 'cart.Cart').map((i) => graph.entities[i]!.fqn), ['shop.cart.Cart']);
  assert.deepEqual(entitiesForDotted(graph, 'art.Cart'), []);
});

test('the headline weighs more than the body and repeats count less than linearly', () => {
  const q = analyzeTask('refund broken\nrefund refund refund card');
  const w = new Map(q.terms.map((t) => [t.term, t.weight]));
  assert.ok(w.get('refund')! > w.get('card')! * 2);
  assert.ok(w.get('refund')! < 4 * 2);
  assert.equal(q.keywords[0], 'refund');
});

test('the fqn field keeps at most the last 256 tokens of an fqn: 3,000 nested classes stay linear to index', () => {
  const nested: Parameters<typeof graphOf>[0] = [];
  let fqn = 'deep';
  for (let i = 0; i < 3000; i++) {
    fqn += `.Level${i}`;
    nested.push({ fqn, kind: 'class', file: 'deep.py' });
  }
  const deep = graphOf(nested);
  const start = performance.now();
  const index = entityLexicalIndex(deep);
  const fqnField = index.bm25.fields.findIndex((f) => f.name === 'fqn');
  assert.ok(index.bm25.avgFieldLength[fqnField]! <= 256, `average fqn field length ${index.bm25.avgFieldLength[fqnField]}`);
  assert.ok(performance.now() - start < 20_000);
  // The innermost class is still found by its own name and its nearest parents.
  const seeds = scoreEntities(deep, analyzeTask('Level2999 inside Level2998'), 5);
  assert.equal(deep.entities[seeds[0]!.nodeIndex]!.fqn, fqn);
});
