/** The derived file of a graph's edges: read back equal, and refused for another version, other entities or damage. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { derivedFilePath } from '../../src/graph/derived-file.js';
import { readEdgeCache } from '../../src/graph/edge-cache.js';
import { indexRepository } from '../../src/graph/indexing.js';
import { loadGraph } from '../../src/graph/memory.js';
import { IndexStore } from '../../src/graph/store.js';
import { makeTree, removeTree, PROJECT_ROOT } from '../helpers/tmp.js';

const REPO = {
  'shop/__init__.py': '',
  'shop/cart.py': 'from shop.prices import price\n\nclass Cart:\n    def total(self, items):\n        return sum(price(i) for i in items)\n',
  'shop/prices.py': 'def price(item):\n    return item.cost\n',
  'shop/checkout.py': 'from shop.cart import Cart\n\ndef checkout(items):\n    return Cart().total(items)\n',
};

test('a loaded graph keeps its edges in a derived file that reads back equal, for its version and entities only', async () => {
  const repo = makeTree(REPO);
  const indexDir = join(repo, '.codectx');
  try {
    await indexRepository({ repo, workers: 1 });
    let store = IndexStore.open(indexDir, { readonly: true });
    const version = store.indexVersion();
    const graph = loadGraph(store, indexDir);
    const entities = store.entities();
    store.close();
    assert.ok(graph.edges.some((e) => e.kind === 'calls' && e.confidence === 'exact'));
    assert.deepEqual(readEdgeCache(indexDir, version, entities), graph.edges);
    assert.equal(readEdgeCache(indexDir, version + 1, entities), null, 'another version');
    assert.equal(readEdgeCache(indexDir, version, entities.slice(1)), null, 'other entities');

    // An update changes the version: the file no longer applies.
    writeFileSync(join(repo, 'shop/prices.py'), 'def price(item):\n    return item.cost * 2\n\ndef discount(item):\n    return price(item) / 2\n');
    await indexRepository({ repo, workers: 1 });
    store = IndexStore.open(indexDir, { readonly: true });
    assert.equal(readEdgeCache(indexDir, store.indexVersion(), store.entities()), null);
    store.close();

    // A damaged file is refused, not misread.
    truncateSync(derivedFilePath(indexDir, 'edges.bin'), 40);
    assert.equal(readEdgeCache(indexDir, version, entities), null);
  } finally {
    removeTree(repo);
  }
});

test('one-shot CLI queries answer the same whether they load the edges from the index or from the derived file', () => {
  const repo = makeTree(REPO);
  const cli = join(PROJECT_ROOT, 'bin', 'codectx.js');
  const run = (args: string[]): string => {
    const r = spawnSync(process.execPath, [cli, ...args, '--repo', repo, '--json'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  try {
    run(['index']);
    const first = [run(['context', 'cart total price']), run(['callers', 'price'])];
    assert.ok(readdirSync(join(repo, '.codectx', 'derived')).includes('edges.bin'));
    assert.deepEqual([run(['context', 'cart total price']), run(['callers', 'price'])], first);
  } finally {
    removeTree(repo);
  }
});
