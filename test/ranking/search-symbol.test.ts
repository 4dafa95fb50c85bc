import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boundedEditDistance, searchSymbol } from '../../src/retrieval/search-symbol.js';
import { graphOf } from './graph-builder.js';

const graph = graphOf([
  { fqn: 'app.query', kind: 'module', file: 'app/query.py' },
  { fqn: 'app.query.QuerySet', kind: 'class', file: 'app/query.py', line: 10 },
  { fqn: 'app.query.QuerySet.filter', kind: 'method', file: 'app/query.py', line: 20 },
  { fqn: 'app.query.QuerySetIterator', kind: 'class', file: 'app/query.py', line: 90 },
  { fqn: 'app.query.RawQuerySet', kind: 'class', file: 'app/query.py', line: 120 },
  { fqn: 'app.sql.filter', kind: 'function', file: 'app/sql.py', line: 5 },
  { fqn: 'tests.test_query.QuerySetTests', kind: 'class', file: 'tests/test_query.py', line: 3 },
]);

test('tiers: exact, then prefix, then all words, then close spellings', () => {
  const names = searchSymbol(graph, 'QuerySet').map((m) => [m.fqn, m.match]);
  assert.deepEqual(names[0], ['app.query.QuerySet', 'exact']);
  assert.deepEqual(names[1], ['app.query.QuerySetIterator', 'prefix']);
  const tokenIdx = names.findIndex(([f]) => f === 'app.query.RawQuerySet');
  const prefixIdx = names.findIndex(([f]) => f === 'tests.test_query.QuerySetTests');
  assert.ok(prefixIdx < tokenIdx, 'a prefix match outranks a word match');
  assert.equal(names[tokenIdx]![1], 'token');
  assert.deepEqual(searchSymbol(graph, 'QuerySte').map((m) => [m.fqn, m.match])[0], ['app.query.QuerySet', 'fuzzy']);
});

test('dotted names match fqn suffixes; exact mode drops everything else', () => {
  const r = searchSymbol(graph, 'QuerySet.filter');
  assert.equal(r[0]!.fqn, 'app.query.QuerySet.filter');
  assert.equal(r[0]!.line, 20);
  assert.equal(r[0]!.file_path, 'app/query.py');
  const exact = searchSymbol(graph, 'filter', { exact: true });
  assert.deepEqual(exact.map((m) => m.fqn).sort(), ['app.query.QuerySet.filter', 'app.sql.filter']);
  assert.ok(exact.every((m) => m.match === 'exact'));
  assert.deepEqual(searchSymbol(graph, '  '), []);
});

test('bounded edit distance stops early beyond the bound', () => {
  assert.equal(boundedEditDistance('kitten', 'sitting', 3), 3);
  assert.equal(boundedEditDistance('kitten', 'sitting', 1), 2);
  assert.equal(boundedEditDistance('abc', 'abc', 0), 0);
});
