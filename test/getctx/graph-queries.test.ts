import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getCallers, getDependencies, getExecutionPath, type Dependency } from '../../src/retrieval/graph-queries.js';
import { UserError } from '../../src/util/errors.js';
import { shopRepo } from './shop-graph.js';

function flatten(deps: readonly Dependency[]): { symbol: string; depth: number }[] {
  return deps.flatMap((d) => [{ symbol: d.symbol, depth: d.depth }, ...flatten(d.children)]);
}

test('callers come with call site, confidence and caller kind', () => {
  const { graph } = shopRepo();
  const tax = getCallers(graph, 'apply_tax');
  assert.deepEqual(tax.targets.map((t) => t.symbol), ['shop.pricing.apply_tax']);
  assert.deepEqual(tax.callers.map((c) => [c.caller.symbol, c.caller.kind, c.site, c.confidence]), [
    ['shop.pricing.price_of', 'function', 'shop/pricing.py:4', 'exact'],
  ]);
  const total = getCallers(graph, 'Cart.total');
  assert.deepEqual(total.callers.map((c) => [c.caller.symbol, c.site, c.confidence]), [['shop.cart.checkout', 'shop/cart.py:15', 'inferred']]);
  assert.deepEqual(getCallers(graph, 'checkout').callers, []);
  assert.deepEqual(getCallers(graph, 'price_of', 'shop/pricing.py').targets.map((t) => t.path), ['shop/pricing.py']);
  assert.throws(() => getCallers(graph, 'price_of', 'shop/cart.py'), UserError);
  assert.throws(() => getCallers(graph, 'nothing_here'), UserError);
});

test('direct dependencies of a file skip its own entities and list externals separately', () => {
  const { graph } = shopRepo();
  const result = getDependencies(graph, 'shop/cart.py');
  assert.deepEqual(result.target, { kind: 'file', path: 'shop/cart.py' });
  const deps = new Map(result.dependencies.map((d) => [d.symbol, d.via.sort()]));
  assert.deepEqual(deps, new Map([['shop.pricing', ['imports']], ['shop.pricing.price_of', ['calls', 'imports']]]));
  assert.ok(result.dependencies.every((d) => d.depth === 1 && d.children.length === 0));
  assert.deepEqual(result.externals.map((x) => [x.module, x.symbol, x.used_by]), [['builtins', 'sum', ['shop.cart.Cart.total']]]);
});

test('transitive dependencies form a tree cut at the requested depth', () => {
  const { graph } = shopRepo();
  const three = getDependencies(graph, 'shop.cart.checkout', { transitive: true, depth: 3 });
  assert.deepEqual(flatten(three.dependencies), [
    { symbol: 'shop.cart.Cart.total', depth: 1 },
    { symbol: 'shop.pricing.price_of', depth: 2 },
    { symbol: 'shop.pricing.apply_tax', depth: 3 },
  ]);
  const two = getDependencies(graph, 'checkout', { transitive: true, depth: 2 });
  assert.deepEqual(flatten(two.dependencies).map((d) => d.symbol), ['shop.cart.Cart.total', 'shop.pricing.price_of']);
  const direct = getDependencies(graph, 'checkout');
  assert.deepEqual(flatten(direct.dependencies).map((d) => d.symbol), ['shop.cart.Cart.total']);
  assert.throws(() => getDependencies(graph, 'shop/missing.py'), /no file or symbol named shop\/missing\.py/);
  for (const depth of [0, 11, 2.5]) assert.throws(() => getDependencies(graph, 'checkout', { depth }), /depth must be an integer from 1 to 10/);
});

test('a class depends on what its methods depend on', () => {
  const { graph } = shopRepo();
  const result = getDependencies(graph, 'Cart');
  assert.deepEqual(result.dependencies.map((d) => d.symbol), ['shop.pricing.price_of']);
});

test('execution paths name each step with its edge kind, and say so when there is none', () => {
  const { graph } = shopRepo();
  const found = getExecutionPath(graph, 'checkout', 'apply_tax');
  assert.equal(found.found, true);
  assert.equal(found.paths.length, 1);
  assert.deepEqual(found.paths[0]!.steps.map((s) => [s.from, s.kind, s.to, s.site]), [
    ['shop.cart.checkout', 'calls', 'shop.cart.Cart.total', 'shop/cart.py:15'],
    ['shop.cart.Cart.total', 'calls', 'shop.pricing.price_of', 'shop/cart.py:12'],
    ['shop.pricing.price_of', 'calls', 'shop.pricing.apply_tax', 'shop/pricing.py:4'],
  ]);
  const imports = getExecutionPath(graph, 'shop.cart', 'apply_tax', 5);
  assert.deepEqual(imports.paths.map((p) => p.steps.map((s) => s.kind)), [['imports', 'calls']]);

  const none = getExecutionPath(graph, 'apply_tax', 'checkout');
  assert.equal(none.found, false);
  assert.deepEqual(none.paths, []);
  assert.match(none.message, /no call or import path from shop\.pricing\.apply_tax to shop\.cart\.checkout/);
  assert.throws(() => getExecutionPath(graph, 'checkout', 'missing'), UserError);
});
