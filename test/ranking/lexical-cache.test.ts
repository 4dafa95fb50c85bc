import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildLoadedGraph, type LoadedGraph } from '../../src/graph/memory.js';
import { indexRepository } from '../../src/graph/indexing.js';
import { DERIVED_DIR_NAME } from '../../src/graph/store.js';
import { Bm25fIndex, type FieldSpec } from '../../src/retrieval/bm25f.js';
import { storedLexicalIndex } from '../../src/retrieval/lexical-cache.js';
import { entity } from './graph-builder.js';
import { makeTree, removeTree } from '../helpers/tmp.js';

const FIELDS: FieldSpec[] = [{ name: 'name', weight: 1, b: 0.5 }];

function graphAt(indexDir: string, version: number, names: string[]): LoadedGraph {
  const entities = names.map((n) => entity({ fqn: `m.${n}`, kind: 'function', file: 'm.py' }));
  return { ...buildLoadedGraph({ entities, edges: [], externals: [] }, version), indexDir };
}

function built(graph: LoadedGraph): () => Bm25fIndex {
  return () => new Bm25fIndex(FIELDS, graph.entities.map((e) => [[e.name]]));
}

test('a lexical index is read from its file for the same version and documents, and built again for others', () => {
  const dir = makeTree({});
  try {
    const first = graphAt(dir, 3, ['alpha', 'beta']);
    let builds = 0;
    const counting = (graph: LoadedGraph) => () => {
      builds++;
      return built(graph)();
    };
    const a = storedLexicalIndex(first, 'entities', FIELDS, first.entities.map((e) => e.id), counting(first));
    assert.equal(builds, 1);
    assert.ok(existsSync(join(dir, DERIVED_DIR_NAME, 'lexical-entities.bin')));

    // Another process, same index version: the file is read, nothing is built.
    const again = graphAt(dir, 3, ['alpha', 'beta']);
    const b = storedLexicalIndex(again, 'entities', FIELDS, again.entities.map((e) => e.id), counting(again));
    assert.equal(builds, 1);
    assert.deepEqual(b.search(['beta']), a.search(['beta']));
    assert.equal(b.search(['beta'])[0]!.doc, 1);

    // A newer version, other documents, other field weights: built again (and the file replaced).
    const newer = graphAt(dir, 4, ['gamma', 'alpha', 'beta']);
    const c = storedLexicalIndex(newer, 'entities', FIELDS, newer.entities.map((e) => e.id), counting(newer));
    assert.equal(builds, 2);
    assert.equal(c.search(['beta'])[0]!.doc, 2);
    const sameVersionOtherDocs = graphAt(dir, 4, ['beta', 'alpha', 'gamma']);
    storedLexicalIndex(sameVersionOtherDocs, 'entities', FIELDS, sameVersionOtherDocs.entities.map((e) => e.id), counting(sameVersionOtherDocs));
    assert.equal(builds, 3);
    const weights: FieldSpec[] = [{ name: 'name', weight: 2, b: 0.5 }];
    storedLexicalIndex(sameVersionOtherDocs, 'entities', weights, sameVersionOtherDocs.entities.map((e) => e.id), () => {
      builds++;
      return new Bm25fIndex(weights, [[['beta']], [['alpha']], [['gamma']]]);
    });
    assert.equal(builds, 4);

    // A damaged file is no index: built again.
    writeFileSync(join(dir, DERIVED_DIR_NAME, 'lexical-entities.bin'), 'garbage');
    storedLexicalIndex(sameVersionOtherDocs, 'entities', FIELDS, sameVersionOtherDocs.entities.map((e) => e.id), counting(sameVersionOtherDocs));
    assert.equal(builds, 5);
    // A graph not loaded from an index folder keeps nothing on disk.
    const inMemory = buildLoadedGraph({ entities: [], edges: [], externals: [] }, 1);
    storedLexicalIndex(inMemory, 'other', FIELDS, [], counting(inMemory));
    assert.deepEqual(readdirSync(join(dir, DERIVED_DIR_NAME)).sort(), ['lexical-entities.bin']);
  } finally {
    removeTree(dir);
  }
});

test("a first index removes the derived files of the index that was there before (its versions start again)", async () => {
  const repo = makeTree({ 'pkg/a.py': 'def f():\n    return 1\n' });
  try {
    const derived = join(repo, '.codectx', DERIVED_DIR_NAME);
    mkdirSync(derived, { recursive: true });
    writeFileSync(join(derived, 'lexical-entities.bin'), 'from an index deleted since');
    await indexRepository({ repo, workers: 1 });
    assert.equal(existsSync(derived), false);
  } finally {
    removeTree(repo);
  }
});
