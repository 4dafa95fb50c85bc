import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AggCluster, Linkage } from '../../src/architecture/agglomerate.js';
import { agglomerate } from '../../src/architecture/agglomerate.js';
import { limboLinkage } from '../../src/architecture/limbo.js';
import { wcaLinkage } from '../../src/architecture/wca.js';
import { random } from './fixtures.js';

/** The textbook loop: score every pair sharing a feature, merge the best, repeat. */
function naive(initial: AggCluster[], linkage: Linkage, target: number): number[][] {
  const clusters: (AggCluster | null)[] = [...initial];
  let alive = initial.length;
  while (alive > target) {
    let best: [number, number, number] | null = null;
    for (let z = 0; z < clusters.length; z++) {
      for (let y = 0; y < z; y++) {
        const cz = clusters[z];
        const cy = clusters[y];
        if (!cz || !cy) continue;
        const acc = new Float64Array(linkage.slots);
        let shared = false;
        for (const [f, vz] of cz.vector) {
          const vy = cy.vector.get(f);
          if (vy === undefined) continue;
          shared = true;
          linkage.accumulate(acc, 0, vz, vy, cz, cy);
        }
        if (!shared) continue;
        const score = linkage.score(acc, 0, cz, cy);
        if (!best || score > best[0] || (score === best[0] && (y < best[1] || (y === best[1] && z < best[2])))) best = [score, y, z];
      }
    }
    if (!best) break;
    const merged = linkage.merge(clusters[best[1]]!, clusters[best[2]]!);
    clusters[best[1]] = null;
    clusters[best[2]] = null;
    clusters.push(merged);
    alive--;
  }
  return clusters.filter((c): c is AggCluster => c !== null).map((c) => c.members);
}

function randomClusters(seed: number, n: number, features: number, forLimbo: boolean): AggCluster[] {
  const rnd = random(seed);
  return Array.from({ length: n }, (_, i) => {
    const vector = new Map<number, number>();
    for (let f = 0; f < features; f++) if (rnd() < 0.25) vector.set(f, 0.1 + rnd());
    if (vector.size === 0) vector.set(i % features, 1);
    if (forLimbo) {
      const total = [...vector.values()].reduce((s, v) => s + v, 0);
      for (const [f, v] of vector) vector.set(f, v / total);
    }
    return { members: [i], weight: forLimbo ? 1 / n : 1 + Math.floor(rnd() * 4), vector };
  });
}

const sorted = (p: number[][]) => p.map((c) => [...c].sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);

describe('agglomerate (neighbour lists + lazy heap) against the naive loop', () => {
  // 40 clusters is more than the 16 neighbours kept per cluster, so lists run out and get refilled.
  for (const seed of [1, 2, 3, 4]) {
    it(`WCA UEM, UENM and LIMBO merge identically (seed ${seed})`, () => {
      for (const target of [1, 5, 12]) {
        for (const linkage of [wcaLinkage('uem', 30), wcaLinkage('uenm', 30)]) {
          const input = randomClusters(seed, 40, 30, false);
          assert.deepEqual(sorted(agglomerate(input, linkage, target)), sorted(naive(input, linkage, target)));
        }
        const input = randomClusters(seed, 40, 30, true);
        assert.deepEqual(sorted(agglomerate(input, limboLinkage, target)), sorted(naive(input, limboLinkage, target)));
      }
    });
  }

  it('stops when no two clusters share a feature', () => {
    const input: AggCluster[] = [0, 1, 2].map((i) => ({ members: [i], weight: 1, vector: new Map([[i, 1]]) }));
    assert.equal(agglomerate(input, wcaLinkage('uem', 3), 1).length, 3);
  });
});

describe('linkage formulas', () => {
  it('UEM is 0.5·Ma / (0.5·Ma + b + c) and UENM adds a + d and doubles b + c', () => {
    const x: AggCluster = { members: [0], weight: 1, vector: new Map([[0, 1], [1, 1], [2, 1]]) };
    const y: AggCluster = { members: [1], weight: 1, vector: new Map([[0, 1], [3, 1]]) };
    const acc = new Float64Array(2);
    wcaLinkage('uem', 10).accumulate(acc, 0, 1, 1, x, y);
    // a = 1, Ma = 2, b = 2, c = 1, d = 10 − 4 = 6.
    assert.equal(wcaLinkage('uem', 10).score(acc, 0, x, y), 1 / (1 + 3));
    assert.equal(wcaLinkage('uenm', 10).score(acc, 0, x, y), 1 / (1 + 6 + 1 + 6));
  });

  it('WCA merges vectors as (n₁v₁ + n₂v₂)/(n₁ + n₂)', () => {
    const x: AggCluster = { members: [0], weight: 1, vector: new Map([[0, 1]]) };
    const y: AggCluster = { members: [1, 2], weight: 3, vector: new Map([[0, 0.5], [1, 1]]) };
    const merged = wcaLinkage('uem', 2).merge(x, y);
    assert.deepEqual([...merged.vector], [[0, (1 + 1.5) / 4], [1, 3 / 4]]);
    assert.equal(merged.weight, 4);
  });

  it('LIMBO loss is (p₁+p₂)·JS with JS computed in full over the union of features', () => {
    const x: AggCluster = { members: [0], weight: 0.25, vector: new Map([[0, 0.5], [1, 0.5]]) };
    const y: AggCluster = { members: [1], weight: 0.5, vector: new Map([[1, 0.25], [2, 0.75]]) };
    const w1 = 1 / 3;
    const w2 = 2 / 3;
    const kl = (p: number[], m: number[]) => p.reduce((s, pi, i) => s + (pi > 0 ? pi * Math.log(pi / m[i]) : 0), 0);
    const px = [0.5, 0.5, 0];
    const py = [0, 0.25, 0.75];
    const m = px.map((v, i) => w1 * v + w2 * py[i]);
    const expected = -(0.75 * (w1 * kl(px, m) + w2 * kl(py, m)));
    const acc = new Float64Array(3);
    limboLinkage.accumulate(acc, 0, 0.5, 0.25, x, y);
    assert.ok(Math.abs(limboLinkage.score(acc, 0, x, y) - expected) < 1e-12);
  });
});
