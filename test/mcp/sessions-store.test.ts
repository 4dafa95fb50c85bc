import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IndexStore } from '../../src/graph/store.js';
import { SESSION_ID_PATTERN, SessionStore } from '../../src/graph/sessions-store.js';
import { makeTree, removeTree } from '../helpers/tmp.js';

test('sessions get 12-hex ids, round-trip their params and results, and survive reopening the index', () => {
  const dir = makeTree({});
  try {
    let store = IndexStore.open(dir);
    const sessions = new SessionStore(store);
    const a = sessions.create('IngestedRepo', { source: '.' }, { num_files: 3 }, { indexVersion: 0, treeHash: 'aaa' });
    const b = sessions.create('DependencyGraph', { ingest: a.id }, { num_entities: 9 }, { indexVersion: 2, treeHash: 'bbb' });
    assert.match(a.id, SESSION_ID_PATTERN);
    assert.notEqual(a.id, b.id);
    store.close();

    store = IndexStore.open(dir);
    const reopened = new SessionStore(store);
    const got = reopened.get(b.id);
    assert.deepEqual(got && { ...got, createdAt: '' }, { ...b, createdAt: '' });
    assert.deepEqual(reopened.list().map((s) => [s.id, s.type, s.indexVersion, s.treeHash]), [
      [a.id, 'IngestedRepo', 0, 'aaa'],
      [b.id, 'DependencyGraph', 2, 'bbb'],
    ]);

    assert.equal(reopened.update(b.id, { num_entities: 10 }, { indexVersion: 3, treeHash: 'ccc' }), true);
    assert.deepEqual(reopened.get(b.id)?.result, { num_entities: 10 });
    assert.equal(reopened.get(b.id)?.treeHash, 'ccc');
    assert.equal(reopened.update('000000000000', {}, { indexVersion: 0, treeHash: '' }), false);

    assert.equal(reopened.delete(a.id), true);
    assert.equal(reopened.delete(a.id), false);
    assert.equal(reopened.get(a.id), undefined);
    assert.deepEqual(reopened.list().map((s) => s.id), [b.id]);
    store.close();
  } finally {
    removeTree(dir);
  }
});
