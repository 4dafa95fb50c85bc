import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeCode, analyzeText, sStem, splitIdentifier } from '../../src/retrieval/analyzer.js';

test('identifier splitting follows the design table', () => {
  assert.deepEqual(analyzeCode('HTTPServerError'), ['httpservererror', 'http', 'server', 'error']);
  assert.deepEqual(analyzeCode('snake_case_name'), ['snake_case_name', 'snake', 'case', 'name']);
  assert.deepEqual(analyzeCode('Base64Encoder'), ['base64encoder', 'base', '64', 'encoder']);
});

test('case and digit boundaries', () => {
  assert.deepEqual(splitIdentifier('parseJson'), ['parse', 'json']);
  assert.deepEqual(splitIdentifier('utf8'), ['utf', '8']);
  assert.deepEqual(splitIdentifier('getHTTPResponse2XX'), ['get', 'http', 'response', '2', 'xx']);
  assert.deepEqual(splitIdentifier('__init__'), ['init']);
  assert.deepEqual(splitIdentifier('URLs'), ['urls']);
  assert.deepEqual(splitIdentifier('parseURLsFast'), ['parse', 'urls', 'fast']);
  assert.deepEqual(splitIdentifier('HTTPSource'), ['http', 'source']);
  assert.deepEqual(splitIdentifier('DBSession'), ['db', 'session']);
  assert.deepEqual(splitIdentifier('a.b-c$d/e:f'), ['a', 'b', 'c', 'd', 'e', 'f']);
});

test('S-stemmer rules in order, with the sses extension', () => {
  const cases: [string, string][] = [
    ['policies', 'policy'], ['aies', 'aies'], ['species', 'specy'], ['eies', 'eies'],
    ['indexes', 'indexe'], ['toes', 'toes'], ['trees', 'trees'], ['caes', 'caes'],
    ['classes', 'class'], ['class', 'class'], ['status', 'status'], ['tokens', 'token'],
    ['args', 'arg'], ['parse', 'parse'],
  ];
  for (const [word, stem] of cases) assert.equal(sStem(word), stem, word);
});

test('stemming touches sub-tokens only, never the whole identifier', () => {
  assert.deepEqual(analyzeCode('getPolicies'), ['getpolicies', 'get', 'policy']);
  assert.deepEqual(analyzeCode('classes'), ['classes', 'class']);
  assert.deepEqual(analyzeCode('filter'), ['filter']);
});

test('code fields drop stop words, single letters and declaration noise', () => {
  assert.deepEqual(analyzeCode('def filter(self, *args, **kwargs)'), ['filter', 'args', 'arg', 'kwargs', 'kwarg']);
  assert.deepEqual(analyzeCode('is_valid getX'), ['is_valid', 'valid', 'getx', 'get']);
  assert.deepEqual(analyzeCode('pkg/db/models/query.py'), ['pkg', 'db', 'models', 'model', 'query', 'py']);
});

test('whole code names survive the stop list; prose stop words do not', () => {
  assert.deepEqual(analyzeCode('def all(self)'), ['all']);
  assert.deepEqual(analyzeCode('where_clause'), ['where_clause', 'clause']);
  assert.deepEqual(analyzeText('all of them, where it is'), []);
  assert.deepEqual(analyzeText('QuerySet.all() and .only('), ['queryset', 'query', 'set', 'all', 'only']);
});

test('free text drops task noise from prose but keeps it inside identifiers', () => {
  assert.deepEqual(analyzeText('Please add support for the filters'), ['filters', 'filter']);
  assert.deepEqual(analyzeText('calling add() fails'), ['calling', 'add']);
  assert.deepEqual(analyzeText('use_cache should work'), ['use_cache', 'use', 'cache']);
});

test('free text keeps embedded identifiers intact', () => {
  assert.deepEqual(analyzeText('QuerySet.filter crashes.'), ['queryset', 'query', 'set', 'filter', 'crashes', 'crashe']);
  assert.deepEqual(analyzeText('the _repr_html_ method'), ['_repr_html_', 'repr', 'html', 'method']);
  assert.deepEqual(analyzeText('pip --force-reinstall'), ['pip', 'force_reinstall', 'force', 'reinstall']);
  assert.deepEqual(analyzeText('on Python 3.10 and utf8, x = 1'), ['python', '10', 'utf8', 'utf', '8']);
});

test('query and code analysis meet on the same tokens', () => {
  const code = new Set(analyzeCode('class HTTPServerError(Exception)'));
  const query = analyzeText('HTTPServerError is raised for server errors');
  assert.deepEqual(query.filter((t) => code.has(t)), ['httpservererror', 'http', 'server', 'error', 'server', 'error']);
});
