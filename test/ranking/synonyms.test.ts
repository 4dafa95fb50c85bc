import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IndexStore } from '../../src/graph/store.js';
import { addSynonyms, listSynonyms, removeSynonyms } from '../../src/graph/synonyms-store.js';
import { buildSynonymMap, expandWithSynonyms, SYNONYM_WEIGHT } from '../../src/retrieval/synonyms.js';

test('synonyms round trip through the index store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'codectx-syn-'));
  try {
    let store = IndexStore.open(dir);
    assert.equal(addSynonyms(store, 'Auth', ['login', 'credential', 'login']), 2);
    assert.equal(addSynonyms(store, 'auth', ['login']), 0);
    store.close();
    store = IndexStore.open(dir);
    assert.deepEqual(listSynonyms(store), [
      { term: 'auth', alias: 'credential' },
      { term: 'auth', alias: 'login' },
    ]);
    assert.equal(removeSynonyms(store, 'auth', 'LOGIN'), 1);
    assert.equal(removeSynonyms(store, 'auth'), 1);
    assert.deepEqual(listSynonyms(store), []);
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('expansion works both ways on analyzed terms and never lowers a word the task used', () => {
  const map = buildSynonymMap([{ term: 'Auth', alias: 'login' }]);
  const expanded = new Map(expandWithSynonyms([{ term: 'login', weight: 2 }], map).map((t) => [t.term, t.weight]));
  assert.equal(expanded.get('auth'), 2 * SYNONYM_WEIGHT);
  const both = new Map(expandWithSynonyms([{ term: 'auth', weight: 1 }, { term: 'login', weight: 3 }], map).map((t) => [t.term, t.weight]));
  assert.equal(both.get('login'), 3);
  assert.equal(both.get('auth'), 3 * SYNONYM_WEIGHT);
});
