import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getContext, renderContext, type ContextResult } from '../../src/retrieval/get-context.js';
import { readingOrder } from '../../src/retrieval/reading-order.js';
import { SnippetRenderer } from '../../src/retrieval/snippets.js';
import { buildSynonymMap } from '../../src/retrieval/synonyms.js';
import { UserError } from '../../src/util/errors.js';
import { countTokens } from '../../src/util/tokens.js';
import { buildLoadedGraph } from '../../src/graph/memory.js';
import type { Edge, Entity, EntityKind } from '../../src/graph/types.js';
import type { SourceReader } from '../../src/retrieval/snippets.js';
import { LEDGER_METHODS, shopRepo, type ShopRepo } from './shop-graph.js';

function symbols(result: ContextResult): string[] {
  return result.nodes.map((n) => n.symbol);
}

function assertNoRepeatedText(repo: ShopRepo, result: ContextResult): void {
  const included = new Map(result.nodes.map((n) => [n.symbol, n.variant]));
  for (const n of result.nodes) {
    const parentId = repo.graph.entities[repo.node(n.symbol)]!.parentId;
    const parentFqn = parentId === null ? '' : repo.graph.entities[repo.graph.indexOf.get(parentId)!]!.fqn;
    if (n.variant === 'outline') assert.notEqual(included.get(parentFqn), 'outline', `${n.symbol} repeats the outline of ${parentFqn}`);
    let parent = parentId;
    while (parent !== null) {
      const p = repo.graph.entities[repo.graph.indexOf.get(parent)!]!;
      assert.notEqual(included.get(p.fqn), 'full', `${n.symbol} repeats text of ${p.fqn}`);
      parent = p.parentId;
    }
  }
  assert.equal(new Set(symbols(result)).size, result.nodes.length);
}

for (const budget of [500, 4000, 32000]) {
  test(`tokens_used is the exact count of the rendered text and within a budget of ${budget}`, () => {
    const repo = shopRepo();
    for (const query of ['cart total price', 'ledger posting account balance', 'apply tax']) {
      const result = getContext(repo.graph, repo.reader, { query, tokenBudget: budget });
      assert.ok(result.nodes.length > 0);
      assert.equal(result.tokens_used, countTokens(renderContext(result)));
      assert.ok(result.tokens_used <= budget, `${result.tokens_used} > ${budget}`);
      assert.equal(result.token_budget, budget);
      for (const n of result.nodes) assert.equal(n.tokens, countTokens(`${n.header}\n${n.snippet}\n`));
      assertNoRepeatedText(repo, result);
    }
  });
}

test('snippets are the entity spans read from the file', () => {
  const repo = shopRepo();
  const result = getContext(repo.graph, repo.reader, { query: 'apply_tax', tokenBudget: 500, seedSymbols: ['apply_tax'] });
  const node = result.nodes.find((n) => n.symbol === 'shop.pricing.apply_tax' || n.symbol === 'shop.pricing');
  assert.ok(node);
  assert.match(node.snippet, /def apply_tax\(amount\):\n {4}return amount \* \(1 \+ TAX\)/);
  assert.equal(node.freshness, 'indexed');
});

test('a class too large for the budget comes as its outline with member signatures and no bodies', () => {
  const repo = shopRepo();
  const result = getContext(repo.graph, repo.reader, { query: 'Ledger', tokenBudget: 500, seedSymbols: ['Ledger'] });
  const ledger = result.nodes.find((n) => n.symbol === 'shop.ledger.Ledger');
  assert.ok(ledger, symbols(result).join(', '));
  assert.equal(ledger.variant, 'outline');
  assert.match(ledger.header, /outline/);
  assert.match(ledger.snippet, /^class Ledger:\n {4}"""Double-entry ledger/);
  assert.equal(ledger.snippet.match(/def posting_\d+\(self, account, amount\):\n {8}\.\.\./g)?.length, LEDGER_METHODS);
  assert.doesNotMatch(ledger.snippet, /balance_/);
  assert.ok(!result.nodes.some((n) => n.symbol === 'shop.ledger' && n.variant === 'full'));
});

test('a function too large for the budget comes as its declaration', () => {
  const repo = shopRepo();
  const result = getContext(repo.graph, repo.reader, { query: 'render report', tokenBudget: 500 });
  const report = result.nodes.find((n) => n.symbol === 'shop.report.render_report');
  assert.ok(report, symbols(result).join(', '));
  assert.equal(report.variant, 'outline');
  assert.equal(report.snippet, '@timed\ndef render_report(ledger, period):\n    ...');
  assert.ok(!result.nodes.some((n) => n.symbol === 'shop.report'));
});

test('with room to spare the class comes whole, and then none of its methods separately', () => {
  const repo = shopRepo();
  const result = getContext(repo.graph, repo.reader, { query: 'Ledger posting', tokenBudget: 32000, seedSymbols: ['Ledger'] });
  const ledger = result.nodes.find((n) => n.symbol === 'shop.ledger.Ledger' || n.symbol === 'shop.ledger');
  assert.ok(ledger);
  assert.equal(ledger.variant, 'full');
  assert.match(ledger.snippet, /balance_5/);
  assert.ok(!result.nodes.some((n) => n.symbol.startsWith('shop.ledger.Ledger.posting_')));
});

test('seed files and seed symbols seed the walk with their match strength', () => {
  const repo = shopRepo();
  const result = getContext(repo.graph, repo.reader, { query: 'zzz unmatched words', tokenBudget: 1000, seedFiles: ['./shop/pricing.py'] });
  assert.deepEqual(new Set(result.seed_nodes.map((s) => s.symbol)), new Set(['shop.pricing', 'shop.pricing.price_of', 'shop.pricing.apply_tax']));
  assert.ok(result.seed_nodes.every((s) => s.origins.join() === 'file'));
  assert.equal(result.nodes[0]!.path, 'shop/pricing.py');

  const bySymbol = getContext(repo.graph, repo.reader, { query: 'zzz', tokenBudget: 1000, seedSymbols: ['shop.cart.checkout', 'total'] });
  const weights = new Map(bySymbol.seed_nodes.map((s) => [s.symbol, s.weight]));
  assert.deepEqual([...weights.keys()].sort(), ['shop.cart.Cart.total', 'shop.cart.checkout']);
  assert.ok(weights.get('shop.cart.checkout')! > weights.get('shop.cart.Cart.total')!, 'an exact fqn outweighs a bare name');
  assert.ok(bySymbol.nodes.some((n) => n.path === 'shop/cart.py' && n.snippet.includes('def checkout(cart):')));
});

test('nodes come most relevant first', () => {
  const repo = shopRepo();
  const result = getContext(repo.graph, repo.reader, { query: 'cart checkout total price tax', tokenBudget: 4000 });
  for (let i = 1; i < result.nodes.length; i++) assert.ok(result.nodes[i - 1]!.ppr_score >= result.nodes[i]!.ppr_score);
});

test('among equally relevant nodes callers come before callees', () => {
  const repo = shopRepo();
  const [checkout, total, priceOf, applyTax] = ['shop.cart.checkout', 'shop.cart.Cart.total', 'shop.pricing.price_of', 'shop.pricing.apply_tax'].map(repo.node);
  const scores = new Float64Array(repo.graph.entities.length).fill(0.1);
  scores[priceOf!] = 0.5;
  assert.deepEqual(readingOrder(repo.graph, [applyTax!, total!, checkout!, priceOf!], scores), [priceOf, checkout, total, applyTax]);
});

test('bad input is a UserError', () => {
  const repo = shopRepo();
  const run = (request: Parameters<typeof getContext>[2]) => () => getContext(repo.graph, repo.reader, request);
  assert.throws(run({ query: '   ' }), UserError);
  for (const tokenBudget of [499, 32001, 1000.5, Number.NaN]) assert.throws(run({ query: 'cart', tokenBudget }), /token_budget must be an integer from 500 to 32000/);
  assert.throws(run({ query: 'cart', seedFiles: ['shop/nope.py'] }), (e) => e instanceof UserError && /shop\/nope\.py is not in the index/.test(e.message));
  assert.throws(run({ query: 'cart', seedSymbols: ['NoSuchThing'] }), (e) => e instanceof UserError && /NoSuchThing/.test(e.message));
});

test('a query matching nothing returns no nodes rather than guessing', () => {
  const repo = shopRepo();
  const result = getContext(repo.graph, repo.reader, { query: 'zzz qqq', tokenBudget: 4000 });
  assert.deepEqual(result.nodes, []);
  assert.equal(result.tokens_used, 0);
});

test('a file edited since indexing is re-located by the declaration line; a deleted one falls back to the index', () => {
  const edited = `# a comment\n# another\n${shopRepo().reader.load('shop/pricing.py')!.text}`;
  const repo = shopRepo({ 'shop/pricing.py': edited, 'shop/cart.py': undefined }, ['shop/pricing.py']);
  const renderer = new SnippetRenderer(repo.graph, repo.reader);
  const tax = renderer.render(repo.node('shop.pricing.apply_tax'), 'full');
  assert.equal(tax.freshness, 'relocated');
  assert.deepEqual([tax.startLine, tax.endLine], [8, 9]);
  assert.equal(tax.body, 'def apply_tax(amount):\n    return amount * (1 + TAX)');
  assert.match(tax.header, /changed since indexing/);
  const checkout = renderer.render(repo.node('shop.cart.checkout'), 'full');
  assert.equal(checkout.freshness, 'from-index');
  assert.equal(checkout.body, 'def checkout(cart)');

  const result = getContext(repo.graph, repo.reader, { query: 'apply tax checkout', tokenBudget: 4000 });
  const freshness = new Map(result.nodes.map((n) => [n.path, n.freshness]));
  assert.equal(freshness.get('shop/pricing.py'), 'relocated');
  assert.equal(freshness.get('shop/cart.py'), 'from-index');
  assert.equal(result.tokens_used, countTokens(renderContext(result)));
});

test('per-repository synonyms expand the query before seeding', () => {
  const repo = shopRepo();
  const plain = getContext(repo.graph, repo.reader, { query: 'invoice', tokenBudget: 1000 });
  assert.deepEqual(plain.seed_nodes, []);
  const synonyms = buildSynonymMap([{ term: 'invoice', alias: 'ledger' }]);
  const expanded = getContext(repo.graph, repo.reader, { query: 'invoice', tokenBudget: 1000, synonyms });
  assert.ok(expanded.seed_nodes.some((s) => s.symbol === 'shop.ledger.Ledger' && s.origins.includes('query')));
});

test('a candidate too large for the budget in every form does not stop smaller candidates from being considered', () => {
  // A vendored module of many tiny functions: its text and even its outline exceed the budget.
  const vendor = Array.from({ length: 200 }, (_, k) => `def widget_${k}(x):\n    return x + ${k}\n`).join('\n');
  const frob = 'def frobnicate_widget(w):\n    """Frobnicate a widget."""\n    return w\n';
  const sources: Record<string, string> = { 'vendor/widgets.py': vendor, 'app/frob.py': frob };
  const entities: Entity[] = [];
  const add = (filePath: string, fqn: string, kind: EntityKind, startLine: number, endLine: number, parentId: string | null): Entity => {
    const text = sources[filePath]!.split('\n').slice(startLine - 1, endLine).join('\n');
    const name = fqn.split('.').pop()!;
    const e: Entity = {
      id: `e${entities.length}`, fqn, name, kind, language: 'python', filePath, package: '', startLine, endLine,
      signature: kind === 'module' ? '' : text.split('\n')[0]!.replace(/:$/, ''), docstring: '', exported: true,
      tokens: countTokens(text), parentId, terms: text.match(/[A-Za-z_]\w*/g)!.join(' '),
    };
    entities.push(e);
    return e;
  };
  const vendorMod = add('vendor/widgets.py', 'vendor.widgets', 'module', 1, 600, null);
  for (let k = 0; k < 200; k++) add('vendor/widgets.py', `vendor.widgets.widget_${k}`, 'function', 1 + 3 * k, 2 + 3 * k, vendorMod.id);
  const frobMod = add('app/frob.py', 'app.frob', 'module', 1, 3, null);
  add('app/frob.py', 'app.frob.frobnicate_widget', 'function', 1, 3, frobMod.id);
  const edges: Edge[] = entities.filter((e) => e.parentId).map((e) => ({ source: e.parentId!, target: e.id, kind: 'contains', confidence: 'exact', count: 1, line: e.startLine }));
  const graph = buildLoadedGraph({ entities, edges, externals: [] }, 1);
  const reader: SourceReader = { load: (path) => (sources[path] === undefined ? undefined : { text: sources[path]!, changedSinceIndexing: false }) };
  const renderer = new SnippetRenderer(graph, reader);
  assert.ok(renderer.render(graph.byFqn.get('vendor.widgets')![0]!, 'outline').tokens > 2 * 500, 'the module outline alone exceeds twice the budget');

  // The vendored module, named as a seed, is the most valuable candidate; the query's match comes after it.
  const result = getContext(graph, reader, { query: 'frobnicate', seedSymbols: ['vendor.widgets'], tokenBudget: 500 });
  assert.ok(result.nodes.some((n) => n.path === 'app/frob.py'), symbols(result).join(', '));
});
