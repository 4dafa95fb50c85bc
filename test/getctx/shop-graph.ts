/** A small hand-built repository (sources and graph) with known answers for get_context and the graph queries. */
import { buildLoadedGraph, type LoadedGraph } from '../../src/graph/memory.js';
import type { Confidence, DepGraph, Edge, EdgeKind, Entity, EntityKind, ExternalRef } from '../../src/graph/types.js';
import type { SourceReader } from '../../src/retrieval/snippets.js';
import { countTokens } from '../../src/util/tokens.js';

const CART = `from shop.pricing import price_of

class Cart:
    """A shopping cart holding items."""
    def __init__(self):
        self.items = []

    def add(self, item):
        self.items.append(item)

    def total(self):
        return sum(price_of(i) for i in self.items)

def checkout(cart):
    return cart.total()
`;

const PRICING = `TAX = 0.2

def price_of(item):
    return apply_tax(item.price)

def apply_tax(amount):
    return amount * (1 + TAX)
`;

/** Ledger: a class far larger than a 500-token budget, with many small methods. */
export const LEDGER_METHODS = 20;

function ledgerSource(): string {
  const lines = ['class Ledger:', '    """Double-entry ledger of account postings."""'];
  for (let m = 0; m < LEDGER_METHODS; m++) {
    lines.push(`    def posting_${m}(self, account, amount):`);
    for (let k = 0; k < 6; k++) lines.push(`        account.balance_${k} = account.balance_${k} + amount * ${m + k} - self.fee_${k}`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** report.render_report: one function, far larger than a 500-token budget, without members. */
function reportSource(): string {
  const lines = ['@timed', 'def render_report(ledger, period):', '    """Render the period report."""'];
  for (let k = 0; k < 120; k++) lines.push(`    total_${k} = ledger.sum(period, account=${k}) * rate_${k % 7}`);
  lines.push('    return locals()');
  return `${lines.join('\n')}\n`;
}

export const SOURCES: Record<string, string> = {
  'shop/cart.py': CART,
  'shop/pricing.py': PRICING,
  'shop/ledger.py': ledgerSource(),
  'shop/report.py': reportSource(),
};

let counter = 0;

function entity(
  filePath: string, fqn: string, kind: EntityKind, startLine: number, endLine: number,
  signature: string, parent: Entity | null, docstring = '',
): Entity {
  const lines = SOURCES[filePath]!.split('\n').slice(startLine - 1, endLine).join('\n');
  const name = fqn.split('.').pop()!;
  return {
    id: (++counter).toString(16).padStart(16, '0'), fqn, name, kind, language: 'python', filePath,
    package: 'shop', startLine, endLine, signature, docstring, exported: !name.startsWith('_'),
    tokens: countTokens(lines), parentId: parent?.id ?? null, terms: lines.match(/[A-Za-z_]\w*/g)!.join(' '),
  };
}

export interface ShopRepo {
  graph: LoadedGraph;
  /** Entity index by fqn. */
  node: (fqn: string) => number;
  reader: SourceReader;
}

/** Builds the graph; `files` overrides the sources the reader returns (undefined: file deleted), `changed` flags them. */
export function shopRepo(files: Record<string, string | undefined> = {}, changed: readonly string[] = []): ShopRepo {
  counter = 0;
  const cartMod = entity('shop/cart.py', 'shop.cart', 'module', 1, 15, '', null);
  const cart = entity('shop/cart.py', 'shop.cart.Cart', 'class', 3, 12, 'class Cart:', cartMod, 'A shopping cart holding items.');
  const init = entity('shop/cart.py', 'shop.cart.Cart.__init__', 'method', 5, 6, 'def __init__(self)', cart);
  const add = entity('shop/cart.py', 'shop.cart.Cart.add', 'method', 8, 9, 'def add(self, item)', cart);
  const total = entity('shop/cart.py', 'shop.cart.Cart.total', 'method', 11, 12, 'def total(self)', cart);
  const checkout = entity('shop/cart.py', 'shop.cart.checkout', 'function', 14, 15, 'def checkout(cart)', cartMod);
  const pricingMod = entity('shop/pricing.py', 'shop.pricing', 'module', 1, 7, '', null);
  const priceOf = entity('shop/pricing.py', 'shop.pricing.price_of', 'function', 3, 4, 'def price_of(item)', pricingMod);
  const applyTax = entity('shop/pricing.py', 'shop.pricing.apply_tax', 'function', 6, 7, 'def apply_tax(amount)', pricingMod);
  const ledgerLines = SOURCES['shop/ledger.py']!.split('\n').length - 1;
  const ledgerMod = entity('shop/ledger.py', 'shop.ledger', 'module', 1, ledgerLines, '', null);
  const ledger = entity('shop/ledger.py', 'shop.ledger.Ledger', 'class', 1, ledgerLines, 'class Ledger:', ledgerMod, 'Double-entry ledger of account postings.');
  const postings: Entity[] = [];
  for (let m = 0; m < LEDGER_METHODS; m++) {
    const start = 3 + m * 8;
    postings.push(entity('shop/ledger.py', `shop.ledger.Ledger.posting_${m}`, 'method', start, start + 6, `def posting_${m}(self, account, amount)`, ledger));
  }
  const reportLines = SOURCES['shop/report.py']!.split('\n').length - 1;
  const reportMod = entity('shop/report.py', 'shop.report', 'module', 1, reportLines, '', null);
  const report = entity('shop/report.py', 'shop.report.render_report', 'function', 1, reportLines, 'def render_report(ledger, period)', reportMod, 'Render the period report.');
  const entities = [reportMod, report, cartMod, cart, init, add, total, checkout, pricingMod, priceOf, applyTax, ledgerMod, ledger, ...postings];
  const edge = (s: Entity, t: Entity, kind: EdgeKind, line: number, confidence: Confidence = 'exact'): Edge => ({
    source: s.id, target: t.id, kind, confidence, count: 1, line,
  });
  const contains = entities.filter((e) => e.parentId).map((e) => edge(entities.find((p) => p.id === e.parentId)!, e, 'contains', e.startLine));
  const edges: Edge[] = [
    ...contains,
    edge(cartMod, pricingMod, 'imports', 1),
    edge(cartMod, priceOf, 'imports', 1),
    edge(total, priceOf, 'calls', 12),
    edge(checkout, total, 'calls', 15, 'inferred'),
    edge(priceOf, applyTax, 'calls', 4),
    edge(postings[1]!, postings[0]!, 'calls', 12),
  ];
  const externals: ExternalRef[] = [{ source: total.id, kind: 'calls', module: 'builtins', symbol: 'sum', count: 1, line: 12 }];
  const dep: DepGraph = { entities, edges, externals };
  const graph = buildLoadedGraph(dep, 1);
  const current: Record<string, string | undefined> = { ...SOURCES, ...files };
  return {
    graph,
    node: (fqn) => graph.byFqn.get(fqn)![0]!,
    reader: {
      load: (path) => {
        const text = current[path];
        return text === undefined ? undefined : { text, changedSinceIndexing: changed.includes(path) };
      },
    },
  };
}
