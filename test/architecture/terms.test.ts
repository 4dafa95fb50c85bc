import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTermCorpus } from '../../src/architecture/corpus.js';
import { buildFileGraph } from '../../src/architecture/file-graph.js';
import { limboVectors } from '../../src/architecture/limbo.js';
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

describe('LIMBO stopping rule', () => {
  it('does not count files it cannot merge, so the others stop at numClusters instead of collapsing', () => {
    // Two dependency chains, plus isolated files whose words occur nowhere else: no feature to share.
    const chain = (dir: string) => [0, 1, 2, 3].map((i) => ({ path: `${dir}/m${i}.py`, entities: [{ name: 'run' }] }));
    const isolated = [0, 1, 2, 3, 4, 5].map((i) => ({ path: `a/extra/x${i}.py`, entities: [{ name: `only${String.fromCharCode(97 + i)}word` }] }));
    const links = (dir: string): [string, string][] => [0, 1, 2].map((i) => [`${dir}/m${i}.py#run`, `${dir}/m${i + 1}.py#run`]);
    const graph = makeGraph([...chain('a'), ...chain('b'), ...isolated], [...links('a'), ...links('b')]);
    const arch = recover(graph, { algorithm: 'limbo', numClusters: 2 });
    assert.deepEqual(
      arch.components.map((c) => [...new Set(c.files.map((f) => f.split('/').slice(0, -1).join('/')))].sort()).sort(),
      [['a', 'a/extra'], ['b']],
    );
  });
});

describe('LIMBO features', () => {
  it("drops hub files, keeps a file's 20 most distinctive terms, and gives isolated files no structural side", () => {
    const words = Array.from({ length: 25 }, (_, i) => `word${String.fromCharCode(97 + i)}`);
    const users = Array.from({ length: 24 }, (_, i) => ({ path: `a/m${i}.py`, entities: [{ name: 'run' }] }));
    const files = [
      ...users,
      { path: 'core/log.py', entities: [{ name: 'log' }] },
      // 25 distinct terms, each also used once elsewhere so that it is a usable feature.
      { path: 'text/rich.py', entities: words.map((w, i) => ({ name: `${w}_${i < 5 ? w : ''}` })) },
      { path: 'text/echo.py', entities: words.map((w) => ({ name: w })) },
    ];
    const deps: [string, string][] = users.map((u) => [`${u.path}#run`, 'core/log.py#log']);
    deps.push(['a/m0.py#run', 'a/m1.py#run']);
    const graph = makeGraph(files, deps);
    const fg = buildFileGraph(graph);
    const vectors = limboVectors(fg, buildTermCorpus(graph, fg));
    const log = fg.indexOf.get('core/log.py')!;
    const m0 = fg.indexOf.get('a/m0.py')!;
    const m1 = fg.indexOf.get('a/m1.py')!;
    // core/log.py has 24 neighbours, more than max(20, 5%): nobody has it as a feature.
    assert.ok(vectors.every((v) => !v.has(log)));
    assert.deepEqual([...vectors[m0].keys()].sort(), [m0, m1].sort());
    const rich = vectors[fg.indexOf.get('text/rich.py')!];
    assert.equal(rich.size, 20);
    assert.ok([...rich.keys()].every((k) => k >= fg.files.length), 'an isolated file has only term features');
    assert.ok(Math.abs([...rich.values()].reduce((s, v) => s + v, 0) - 1) < 1e-12);
  });
});

describe('empty input', () => {
  it('recovers no components from an empty graph', () => {
    for (const algorithm of ['pkg', 'acdc', 'wca', 'limbo', 'louvain'] as const) {
      assert.deepEqual(recover({ entities: [], edges: [], externals: [] }, { algorithm }).components, []);
    }
  });
});
