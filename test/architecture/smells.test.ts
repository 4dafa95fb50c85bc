import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DepGraph } from '../../src/graph/types.js';
import { toMermaid } from '../../src/architecture/mermaid.js';
import { detectSmells } from '../../src/architecture/smells.js';
import type { Architecture, Smell } from '../../src/architecture/types.js';
import type { DepSpec, FileSpec } from './fixtures.js';
import { makeGraph } from './fixtures.js';

/** One component per file, named after the file. */
function perFile(graph: DepGraph): Architecture {
  const files = [...new Set(graph.entities.map((e) => e.filePath))].sort();
  return {
    algorithm: 'pkg',
    params: {},
    components: files.map((f) => ({
      name: f.replace(/\.py$/, ''),
      responsibility: f,
      entities: graph.entities.filter((e) => e.filePath === f && e.kind !== 'module').map((e) => e.fqn),
      files: [f],
      depends_on: [],
    })),
  };
}

const simple = (name: string): FileSpec => ({ path: `${name}.py`, entities: [{ name: 'run' }] });
const dep = (s: string, t: string): DepSpec => [`${s}.py#run`, `${t}.py#run`];
const ofKind = (smells: Smell[], kind: Smell['kind']) => smells.filter((s) => s.kind === kind);

describe('detectSmells', () => {
  it('reports dependency cycles between components, longer ones as more severe', () => {
    const graph = makeGraph(['a', 'b', 'c', 'd', 'e', 'f'].map(simple), [
      dep('a', 'b'),
      dep('b', 'c'),
      dep('c', 'a'),
      dep('c', 'd'),
      dep('e', 'f'),
      dep('f', 'e'),
    ]);
    const cycles = ofKind(detectSmells(perFile(graph), graph), 'dependency_cycle');
    assert.deepEqual(
      cycles.map((s) => [s.components, s.severity]),
      [
        [['a', 'b', 'c'], 'high'],
        [['e', 'f'], 'medium'],
      ],
    );
    assert.match(cycles[0].explanation, /^a, b and c depend on each other in a cycle \(3 dependency edges/);
  });

  it('flags a hub whose degree exceeds mean + 1.5 sd', () => {
    const leaves = Array.from({ length: 6 }, (_, i) => `leaf${i}`);
    const graph = makeGraph(['hub', ...leaves].map(simple), leaves.map((l) => dep(l, 'hub')));
    const overload = ofKind(detectSmells(perFile(graph), graph), 'link_overload');
    assert.deepEqual(
      overload.map((s) => s.components),
      [['hub']],
    );
    // In-degree 6 against mean 6/7 and sd 2.27; out-degree 0 is not overloaded.
    assert.match(overload[0].explanation, /incoming 6 \(mean 0\.9, sd 2\.3\)/);
    assert.doesNotMatch(overload[0].explanation, /outgoing/);
  });

  describe('topics', () => {
    const focused = ['invoice', 'shipping', 'catalog', 'review', 'coupon'];
    const mixed = ['email', 'upload', 'search', 'export', 'audit'];
    const graph = makeGraph(
      [
        ...focused.map((w) => ({ path: `${w}.py`, entities: [{ name: `${w}_handler`, doc: `${w} ${w} ${w}` }] })),
        { path: 'misc.py', entities: mixed.map((w) => ({ name: `${w}_handler`, doc: w })) },
      ],
      [],
    );
    const smells = detectSmells(perFile(graph), graph);

    it('flags the component mixing more topics than mean + sd', () => {
      const overload = ofKind(smells, 'concern_overload');
      assert.deepEqual(
        overload.map((s) => s.components),
        [['misc']],
      );
      for (const w of mixed) assert.match(overload[0].explanation, new RegExp(w));
    });

    it('flags a topic that is a main concern of more components than mean + sd', () => {
      const scattered = ofKind(smells, 'scattered_functionality');
      assert.equal(scattered.length, 1);
      assert.match(scattered[0].explanation, /^Topic "handler"/);
      // misc holds "handler" as its only main topic, so it is not among the affected components.
      assert.deepEqual(scattered[0].components, [...focused].sort());
    });
  });
});

describe('toMermaid', () => {
  it('draws components and dependencies with escaped labels', () => {
    const arch: Architecture = {
      algorithm: 'pkg',
      params: {},
      components: [
        { name: 'api "v1" <core>', responsibility: '', entities: ['x', 'y'], files: [], depends_on: ['db #2'] },
        { name: 'db #2', responsibility: '', entities: ['z'], files: [], depends_on: [] },
      ],
    };
    assert.equal(
      toMermaid(arch),
      'flowchart LR\n' +
        '  c0["api #quot;v1#quot; #lt;core#gt;<br/>2 entities"]\n' +
        '  c1["db #35;2<br/>1 entity"]\n' +
        '  c0 --> c1\n',
    );
  });
});
