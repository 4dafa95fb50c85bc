import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeMetrics } from '../../src/architecture/metrics.js';
import type { Architecture } from '../../src/architecture/types.js';
import { makeGraph } from './fixtures.js';

/** A = {a1, a2}, B = {b1, b2, b3}, C = {c1}, one file each. */
const graph = makeGraph(
  [
    { path: 'a.py', entities: [{ name: 'a1' }, { name: 'a2' }] },
    { path: 'b.py', entities: [{ name: 'b1' }, { name: 'b2' }, { name: 'b3' }] },
    { path: 'c.py', entities: [{ name: 'c1' }] },
  ],
  [
    ['a.py#a1', 'a.py#a2'],
    ['a.py#a2', 'a.py#a1', 5], // counts do not weigh: every edge counts once
    ['b.py#b1', 'b.py#b2'],
    ['a.py#a1', 'b.py#b1'],
    ['b.py#b2', 'a.py#a2'],
    ['b.py#b3', 'c.py#c1'],
    ['b.py#b3', 'b.py#b3'], // recursion is ignored
  ],
);

function component(name: string, file: string, entities: string[]) {
  return { name, responsibility: name, entities, files: [file], depends_on: [] };
}

const arch: Architecture = {
  algorithm: 'pkg',
  params: {},
  components: [
    component('A', 'a.py', ['a.a1', 'a.a2']),
    component('B', 'b.py', ['b.b1', 'b.b2', 'b.b3']),
    component('C', 'c.py', ['c.c1']),
  ],
};

const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);

describe('computeMetrics', () => {
  const m = computeMetrics(arch, graph);

  it('counts internal and external edges', () => {
    assert.equal(m.internalEdges, 3);
    assert.equal(m.externalEdges, 3);
  });

  it('TurboMQ is the mean clustering factor', () => {
    // CF_A = 2·2/(2·2 + 2), CF_B = 2·1/(2·1 + 3), CF_C = 0 (no internal edge).
    close(m.turboMQ, (4 / 6 + 2 / 5 + 0) / 3);
  });

  it('BasicMQ is mean intra-connectivity minus mean inter-connectivity', () => {
    const intra = (2 / 4 + 1 / 9 + 0) / 3;
    // E_AB = (1 + 1)/(2·2·3), E_AC = 0, E_BC = 1/(2·3·1).
    const inter = (2 / 12 + 0 + 1 / 6) / 3;
    close(m.intraConnectivity, intra);
    close(m.interConnectivity, inter);
    close(m.basicMQ, intra - inter);
  });

  it('modularity is Σ L_c/m − (K_c/2m)²', () => {
    // m = 6; K_A = 6, K_B = 5, K_C = 1.
    close(m.modularity, 2 / 6 - (6 / 12) ** 2 + (1 / 6 - (5 / 12) ** 2) + (0 - (1 / 12) ** 2));
  });

  it('describes the size distribution', () => {
    assert.equal(m.componentCount, 3);
    assert.deepEqual(m.sizes, { min: 1, max: 3, mean: 2, median: 2, sd: 1 });
  });

  it('uses only the first BasicMQ term for a single component', () => {
    const one: Architecture = {
      algorithm: 'pkg',
      params: {},
      components: [{ ...component('All', 'a.py', ['a.a1', 'a.a2', 'b.b1', 'b.b2', 'b.b3', 'c.c1']), files: ['a.py', 'b.py', 'c.py'] }],
    };
    const single = computeMetrics(one, graph);
    close(single.basicMQ, 6 / 36);
    close(single.turboMQ, 1);
    close(single.modularity, 0);
  });
});
