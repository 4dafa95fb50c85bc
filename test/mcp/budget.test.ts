import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cutRankedList, fitToBudget, tokensOf, withTruncationNote, type JsonObject, type JsonValue } from '../../src/mcp/budget.js';
import { componentReductions } from '../../src/mcp/budget-shapes.js';
import { UserError } from '../../src/util/errors.js';

/** mulberry32: a small seeded PRNG so failures reproduce. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['alpha', 'parse_config', 'Handler', 'x', 'résumé', '数据', 'get_user_by_id', '}', '"quoted"', 'ß', '\n', '0x1f'];

function randomText(rand: () => number, maxWords: number): string {
  const n = Math.floor(rand() * maxWords);
  return Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(rand() < 0.5 ? ' ' : '_');
}

function randomList(rand: () => number): JsonObject {
  const n = Math.floor(rand() * 40);
  const items: JsonValue[] = Array.from({ length: n }, (_, i) => ({
    rank: i,
    path: `src/${randomText(rand, 4)}.py`,
    score: Math.round(rand() * 1000) / 1000,
    snippet: randomText(rand, 60),
  }));
  return { query: randomText(rand, 5), files: items };
}

const rest = (next: number): string => `call again with offset=${next}`;

test('ranked lists: for many random results and budgets the output fits, keeps a best-first prefix, and is flagged', () => {
  const rand = rng(42);
  let truncatedCases = 0;
  for (let i = 0; i < 150; i++) {
    const value = randomList(rand);
    const items = value.files as JsonValue[];
    const maxTokens = 20 + Math.floor(rand() * 1500);
    let fitted;
    try {
      fitted = fitToBudget(value, maxTokens, [cutRankedList(value, 'files', { label: 'files', rest })]);
    } catch (err) {
      // Only a budget too small for the bare envelope may fail, and then with a clear message.
      assert.ok(err instanceof UserError);
      const smallest = Number(/smallest form takes (\d+) tokens/.exec(err.message)?.[1]);
      const empty = cutRankedList(value, 'files', { label: 'files', rest }).render(0);
      assert.equal(smallest, tokensOf(withTruncationNote(empty.value, empty.note)));
      assert.ok(smallest > maxTokens);
      continue;
    }
    assert.ok(fitted.tokens <= maxTokens, `case ${i}: ${fitted.tokens} > ${maxTokens}`);
    assert.equal(fitted.tokens, tokensOf(fitted.value));
    const kept = fitted.value.files as JsonValue[];
    assert.deepEqual(kept, items.slice(0, kept.length), 'kept items are the best-ranked prefix');
    if (fitted.truncated) {
      truncatedCases++;
      assert.equal(fitted.value._budget_truncated, true);
      assert.match(String(fitted.value.truncation), new RegExp(`offset=${kept.length}`));
      assert.equal(fitted.value.files_total, items.length);
      // Maximal: one more item would not have fit.
      if (kept.length < items.length) {
        const bigger = { ...fitted.value, files: items.slice(0, kept.length + 1) };
        assert.ok(tokensOf(bigger) > maxTokens - 12, `case ${i}: could have kept more`);
      }
    } else {
      assert.deepEqual(fitted.value, value, 'a result within budget is returned untouched');
    }
  }
  assert.ok(truncatedCases > 30, 'the random cases exercise truncation');
});

test('a list is never emptied while its first item fits', () => {
  const big = 'word '.repeat(300);
  const value: JsonObject = { files: [{ path: 'a.py', text: 'short' }, { path: 'b.py', text: big }] };
  const fitted = fitToBudget(value, 60, [cutRankedList(value, 'files', { label: 'files', rest })]);
  assert.deepEqual(fitted.value.files, [{ path: 'a.py', text: 'short' }]);
  const only: JsonObject = { files: [{ path: 'b.py', text: big }] };
  const empty = fitToBudget(only, 60, [cutRankedList(only, 'files', { label: 'files', rest })]);
  assert.deepEqual(empty.value.files, []);
  assert.match(String(empty.value.truncation), /not even one fits/);
});

test('a budget below the smallest form is a clear user error, never an oversized result', () => {
  const value: JsonObject = { files: [{ path: 'a.py' }, { path: 'b.py' }] };
  assert.throws(() => fitToBudget(value, 5, [cutRankedList(value, 'files', { label: 'files', rest })]), /max_tokens=5 is too small.*smallest form takes \d+ tokens/);
});

function randomArchitecture(rand: () => number): JsonObject {
  const kinds = ['function', 'class', 'method'];
  const n = 1 + Math.floor(rand() * 12);
  const components: JsonValue[] = Array.from({ length: n }, (_, i) => ({
    name: `comp_${i}_${randomText(rand, 2)}`,
    responsibility: randomText(rand, 12),
    entities: Array.from({ length: Math.floor(rand() * 50) }, (_, j) => `${kinds[j % 3]}:pkg${i}.mod.${randomText(rand, 2)}_${j}`),
    files: Array.from({ length: Math.floor(rand() * 10) }, (_, j) => `pkg${i}/f${j}.py`),
    depends_on: [],
  }));
  const edges: JsonValue[] = Array.from({ length: Math.floor(rand() * 30) }, () => ({ source: 'a', target: 'b', kind: rand() < 0.5 ? 'calls' : 'imports' }));
  return { session_id: 'abcdef012345', algorithm: 'pkg', components, edges };
}

test('architecture shapes: random results and budgets fit, reduced progressively and flagged', () => {
  const rand = rng(7);
  const stagesSeen = new Set<string>();
  for (let i = 0; i < 100; i++) {
    const value = randomArchitecture(rand);
    const maxTokens = 40 + Math.floor(rand() * 2500);
    const reductions = componentReductions(value, {
      key: 'components',
      members: ['entities', 'files'],
      kindOf: (list, m) => (list === 'entities' && typeof m === 'string' ? m.split(':')[0] : undefined),
      edges: 'edges',
      rest: "get_full_result(session_id='abcdef012345')",
    });
    let fitted;
    try {
      fitted = fitToBudget(value, maxTokens, reductions);
    } catch (err) {
      assert.ok(err instanceof UserError);
      assert.ok(maxTokens < 120, `case ${i}: only tiny budgets may fail (${maxTokens})`);
      continue;
    }
    assert.ok(fitted.tokens <= maxTokens, `case ${i}: ${fitted.tokens} > ${maxTokens}`);
    if (!fitted.truncated) continue;
    const note = String(fitted.value.truncation);
    assert.match(note, /get_full_result\(session_id='abcdef012345'\)/);
    assert.equal(fitted.value.session_id, 'abcdef012345', 'scalar fields survive every stage');
    const comps = fitted.value.components as JsonObject[];
    if (/capped at/.test(note)) {
      stagesSeen.add('cap');
      const full = value.components as JsonObject[];
      comps.forEach((c, j) => {
        const original = full[j]!.entities as JsonValue[];
        assert.deepEqual(c.entities, original.slice(0, (c.entities as JsonValue[]).length), 'capped lists keep their first members');
        if ((c.entities as JsonValue[]).length < original.length) assert.equal(c.entities_total, original.length);
      });
    } else if (/counts per relation/.test(note)) {
      stagesSeen.add('edges');
      assert.ok(fitted.value.edges_by_kind && !('edges' in fitted.value));
    } else if (/counts per kind/.test(note)) {
      stagesSeen.add('counts');
      for (const c of comps) assert.ok('entities_by_kind' in c && !('entities' in c));
    } else {
      stagesSeen.add('names');
      const sizes = comps.map((c) => c.size as number);
      assert.deepEqual(sizes, [...sizes].sort((a, b) => b - a), 'largest components kept');
      for (const c of comps) assert.deepEqual(Object.keys(c), ['name', 'size']);
    }
  }
  assert.ok(stagesSeen.has('cap') && stagesSeen.has('names'), `stages exercised: ${[...stagesSeen].join(', ')}`);
});

test('entity counts per kind replace entity lists', () => {
  const value: JsonObject = {
    components: [{ name: 'a', entities: Array.from({ length: 200 }, (_, i) => `function:m.f${i}`).concat(['class:m.C']), files: ['a.py'] }],
  };
  const reductions = componentReductions(value, {
    key: 'components',
    members: ['entities', 'files'],
    kindOf: (list, m) => (list === 'entities' && typeof m === 'string' ? m.split(':')[0] : undefined),
    rest: 'get_full_result',
  });
  // Budget too small for even one entity per component plus the file, but enough for counts.
  const counted = reductions[1]!.render(1).value;
  const fitted = fitToBudget(value, tokensOf(counted) + 40, reductions.slice(1));
  assert.deepEqual((fitted.value.components as JsonObject[])[0], { name: 'a', entities_by_kind: { class: 1, function: 200 }, files_count: 1 });
});

test('a list in reading order is cut by score: the best items survive, still in reading order', () => {
  const nodes: JsonValue[] = [
    { symbol: 'a', score: 0.1, snippet: 'word '.repeat(40) },
    { symbol: 'b', score: 0.9, snippet: 'word '.repeat(40) },
    { symbol: 'c', score: 0.5, snippet: 'word '.repeat(40) },
    { symbol: 'd', score: 0.7, snippet: 'word '.repeat(40) },
  ];
  const value: JsonObject = { nodes };
  const rankBy = (n: JsonValue): number => (n as JsonObject).score as number;
  const two = cutRankedList(value, 'nodes', { label: 'nodes', rest, rankBy }).render(2);
  assert.deepEqual((two.value.nodes as JsonObject[]).map((n) => n.symbol), ['b', 'd']);
  const fitted = fitToBudget(value, tokensOf({ nodes: nodes.slice(0, 3) }), [cutRankedList(value, 'nodes', { label: 'nodes', rest, rankBy })]);
  const kept = (fitted.value.nodes as JsonObject[]).map((n) => n.symbol);
  const topByScore = ['b', 'd', 'c', 'a'].slice(0, kept.length);
  assert.ok(kept.length >= 1 && kept.length < 4);
  assert.deepEqual(kept, ['a', 'b', 'c', 'd'].filter((s) => topByScore.includes(s)));
  assert.match(String(fitted.value.truncation), /the best \d of 4 nodes \(by score/);
});
