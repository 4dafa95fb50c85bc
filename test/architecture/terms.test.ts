import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recover } from '../../src/architecture/recover.js';
import { splitTerms } from '../../src/architecture/terms.js';
import { makeGraph } from './fixtures.js';

describe('splitTerms', () => {
  it('splits camelCase, acronyms, snake_case and digits, lowercases, and drops stop words and numbers', () => {
    assert.deepEqual(splitTerms('HTTPServerError'), ['http', 'server', 'error']);
    assert.deepEqual(splitTerms('parse_json_body'), ['parse', 'json', 'body']);
    assert.deepEqual(splitTerms('Base64Encoder'), ['base', 'encoder']);
    assert.deepEqual(splitTerms('Returns the value of self.cache_key.'), ['cache', 'key']);
  });
});

describe('LIMBO lexical features', () => {
  it('groups files without any dependency by the words of their identifiers and docstrings', () => {
    const file = (path: string, word: string, other: string) => ({
      path,
      entities: [
        { name: `${word}_${other}`, doc: `Handles ${word} ${other} work.` },
        { name: `${word}Store`, kind: 'class' as const, doc: `Keeps ${word} state.` },
      ],
    });
    const graph = makeGraph(
      [
        file('x/a.py', 'invoice', 'pdf'),
        file('y/b.py', 'invoice', 'tax'),
        file('x/c.py', 'session', 'cookie'),
        file('y/d.py', 'session', 'expiry'),
      ],
      [],
    );
    const arch = recover(graph, { algorithm: 'limbo', numClusters: 2 });
    assert.deepEqual(arch.components.map((c) => c.files).sort(), [
      ['x/a.py', 'y/b.py'],
      ['x/c.py', 'y/d.py'],
    ]);
  });
});

describe('empty input', () => {
  it('recovers no components from an empty graph', () => {
    for (const algorithm of ['pkg', 'acdc', 'wca', 'limbo', 'louvain'] as const) {
      assert.deepEqual(recover({ entities: [], edges: [], externals: [] }, { algorithm }).components, []);
    }
  });
});
