/** Comparison of two recovered architectures over their entities. */
import { maxWeightAssignment } from './hungarian.js';
import { a2a, mojoFM, overlapMatrix } from './mojo.js';
import type { Architecture, Comparison, ComponentMatch } from './types.js';

export function compare(a: Architecture, b: Architecture): Comparison {
  const pa = a.components.map((c) => c.entities);
  const pb = b.components.map((c) => c.entities);
  const inA = new Set(pa.flat());
  const inB = new Set(pb.flat());
  const overlap = overlapMatrix(pa, pb);
  const assignment = maxWeightAssignment(overlap);
  const matches: ComponentMatch[] = [];
  assignment.forEach((j, i) => {
    if (j < 0 || overlap[i][j] === 0) return;
    const sharedA = pa[i].filter((x) => inB.has(x)).length;
    const sharedB = pb[j].filter((x) => inA.has(x)).length;
    const n = overlap[i][j];
    matches.push({ a: a.components[i].name, b: b.components[j].name, overlap: n, jaccard: n / (sharedA + sharedB - n) });
  });
  matches.sort((x, y) => y.overlap - x.overlap || (x.a < y.a ? -1 : x.a > y.a ? 1 : 0));
  const matchedA = new Set(matches.map((m) => m.a));
  const matchedB = new Set(matches.map((m) => m.b));
  return {
    mojoFM: mojoFM(pa, pb),
    a2a: a2a(pa, pb),
    matches,
    unmatchedA: a.components.map((c) => c.name).filter((n) => !matchedA.has(n)),
    unmatchedB: b.components.map((c) => c.name).filter((n) => !matchedB.has(n)),
  };
}
