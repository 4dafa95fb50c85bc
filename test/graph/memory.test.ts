/** The in-memory graph of an index: loaded once per version, its external references read only when asked for. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { indexRepository } from '../../src/graph/indexing.js';
import { loadGraph } from '../../src/graph/memory.js';
import { IndexStore } from '../../src/graph/store.js';
import { makeTree, removeTree } from '../helpers/tmp.js';

const REPO = {
  'app/__init__.py': '',
  'app/jobs.py': 'import json\nimport requests\n\ndef fetch(url):\n    return json.loads(requests.get(url).text)\n',
  'app/run.py': 'from app.jobs import fetch\n\ndef main():\n    return fetch("https://example.org")\n',
};

/** A store whose externals() calls are counted. */
function countingStore(indexDir: string): { store: IndexStore; reads: () => number } {
  const store = IndexStore.open(indexDir, { readonly: true });
  let reads = 0;
  const externals = store.externals.bind(store);
  store.externals = () => {
    reads++;
    return externals();
  };
  return { store, reads: () => reads };
}

test('a loaded graph reads its external references once, when first asked, from the store it was last asked through', async () => {
  const repo = makeTree(REPO);
  const indexDir = `${repo}/.codectx`;
  try {
    await indexRepository({ repo, workers: 1 });
    const first = countingStore(indexDir);
    const graph = loadGraph(first.store, indexDir);
    assert.ok(graph.entities.some((e) => e.fqn === 'app.jobs.fetch'));
    assert.equal(first.reads(), 0, 'loading the graph leaves the externals unread');

    // Another handle at the same version gets the cached graph; the first store is closed by then.
    first.store.close();
    const second = countingStore(indexDir);
    assert.equal(loadGraph(second.store, indexDir), graph);
    const expected = second.store.externals();
    assert.ok(expected.length > 0);
    const readsBefore = second.reads();
    assert.deepEqual(graph.externals, expected);
    assert.equal(second.reads(), readsBefore + 1, 'read through the open store');
    assert.equal(graph.externals, graph.externals, 'and only once');
    assert.equal(second.reads(), readsBefore + 1);
    second.store.close();
  } finally {
    removeTree(repo);
  }
});
