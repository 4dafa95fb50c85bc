/**
 * MoJoFM (Wen & Tzerpos) and a2a (Behnamghader et al.) between two partitions of the same kind of
 * objects, following algorithms.md §7 and ARCADE's MoJoCalculator.
 */
import { maxWeightAssignment } from './hungarian.js';

type Partition = readonly (readonly string[])[];

function restrict(p: Partition, keep: Set<string>): string[][] {
  return p.map((c) => c.filter((x) => keep.has(x))).filter((c) => c.length > 0);
}

/** The largest number of A clusters that can each be given a distinct B cluster among their best ones. */
function maximumMatching(options: number[][], groupCount: number): number {
  const groupOwner = new Array<number>(groupCount).fill(-1);
  const tryAssign = (a: number, seen: Uint8Array): boolean => {
    for (const g of options[a]) {
      if (seen[g]) continue;
      seen[g] = 1;
      if (groupOwner[g] < 0 || tryAssign(groupOwner[g], seen)) {
        groupOwner[g] = a;
        return true;
      }
    }
    return false;
  };
  let matched = 0;
  for (let a = 0; a < options.length; a++) if (tryAssign(a, new Uint8Array(groupCount))) matched++;
  return matched;
}

/** mno(A, B): Move and Join operations turning A into B. */
export function mojoDistance(a: Partition, b: Partition): number {
  const inB = new Set(b.flat());
  const shared = new Set(a.flat().filter((x) => inB.has(x)));
  const A = restrict(a, shared);
  const B = restrict(b, shared);
  const groupOf = new Map<string, number>();
  B.forEach((c, j) => c.forEach((x) => groupOf.set(x, j)));
  let moves = 0;
  const options = A.map((c) => {
    const t = new Map<number, number>();
    for (const x of c) t.set(groupOf.get(x)!, (t.get(groupOf.get(x)!) ?? 0) + 1);
    const best = Math.max(...t.values());
    moves += c.length - best;
    return [...t].filter(([, n]) => n === best).map(([j]) => j);
  });
  const groups = maximumMatching(options, B.length);
  return moves + (A.length - groups);
}

/** MoJoFM of A against the authoritative B, in percent; 100 when no object can be misplaced. */
export function mojoFM(a: Partition, b: Partition): number {
  const inA = new Set(a.flat());
  const B = restrict(b, new Set(b.flat().filter((x) => inA.has(x))));
  const n = B.reduce((s, c) => s + c.length, 0);
  let g = 0;
  for (const size of B.map((c) => c.length).sort((x, y) => x - y)) if (g < size) g++;
  const worst = n - g;
  if (worst === 0) return 100;
  return (1 - mojoDistance(a, b) / worst) * 100;
}

/** overlap[i][j] = |A_i ∩ B_j|. */
export function overlapMatrix(a: Partition, b: Partition): number[][] {
  const groupOf = new Map<string, number>();
  b.forEach((c, j) => c.forEach((x) => groupOf.set(x, j)));
  return a.map((c) => {
    const row = new Array<number>(b.length).fill(0);
    for (const x of c) {
      const j = groupOf.get(x);
      if (j !== undefined) row[j]++;
    }
    return row;
  });
}

/**
 * a2a = (1 − mto/(aco(A)+aco(B)))·100 with aco = clusters + 2·objects and
 * mto = |k_A − k_B| + 2·added + 2·removed + moved; moved counts the shared objects left outside their
 * cluster's partner by the maximum-overlap one-to-one matching (what ARCADE's min-cost flow finds).
 */
export function a2a(a: Partition, b: Partition): number {
  const inA = new Set(a.flat());
  const inB = new Set(b.flat());
  const removed = [...inA].filter((x) => !inB.has(x)).length;
  const added = [...inB].filter((x) => !inA.has(x)).length;
  const overlap = overlapMatrix(a, b);
  const assignment = maxWeightAssignment(overlap);
  const kept = assignment.reduce((s, j, i) => s + (j >= 0 ? overlap[i][j] : 0), 0);
  const shared = inA.size - removed;
  const moved = shared - kept;
  const mto = Math.abs(a.length - b.length) + 2 * added + 2 * removed + moved;
  const aco = a.length + 2 * inA.size + b.length + 2 * inB.size;
  return aco === 0 ? 100 : (1 - mto / aco) * 100;
}
