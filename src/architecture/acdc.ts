/**
 * ACDC (Tzerpos & Holt), on files.
 *
 * 1. Body-header: a file and its declaration or test companion in the same directory
 *    (`x.d.ts`, `x.pyi`, `x.test.ts`, `x.spec.js`, `x_test.go`, `test_x.py`) become one node.
 * 2. Support library: nodes with fan-in of at least max(20, 5% of the nodes) form one cluster.
 * 3. Subgraph dominator on the rest (algorithms.md §6). Dominated sets nest; each node is placed in the
 *    largest set containing it, i.e. ACDC's top-level cluster. A test dominates only test files: nothing
 *    else depends on a test, so it would otherwise dominate the code it exercises and pull it out of
 *    its subsystem.
 * 4. Orphan adoption: an unclustered node joins the subsystem cluster holding most nodes that depend on
 *    it, or failing that most nodes it depends on, in rounds while orphans decrease. The support library
 *    adopts nothing: everything uses it, so it would absorb the whole system through the rounds.
 *    Orphans still left are grouped by directory, ACDC's directory-structure pattern.
 */
import type { FileGraph } from './file-graph.js';
import { directoryOf } from './file-graph.js';
import { isTestFile } from './test-files.js';

const SMALL_SUBGRAPH = 20;
const SUPPORT_MIN_FAN_IN = 20;
const SUPPORT_FAN_IN_SHARE = 0.05;

export function bodyHeaderKey(path: string): string {
  const dir = directoryOf(path);
  let base = path.slice(dir.length === 0 ? 0 : dir.length + 1);
  base = base.replace(/\.[^.]+$/, '');
  base = base.replace(/(\.d|\.test|\.spec|_test)$/, '').replace(/^test_/, '');
  return `${dir}/${base}`;
}

interface NodeGraph {
  nodeFiles: number[][];
  targets: Set<number>[];
  sources: Set<number>[];
}

function contractBodyHeaders(fg: FileGraph): NodeGraph {
  const nodeOfKey = new Map<string, number>();
  const nodeFiles: number[][] = [];
  const nodeOf = fg.files.map((path) => {
    const key = bodyHeaderKey(path);
    let node = nodeOfKey.get(key);
    if (node === undefined) {
      nodeOfKey.set(key, (node = nodeFiles.length));
      nodeFiles.push([]);
    }
    return node;
  });
  fg.files.forEach((_, f) => nodeFiles[nodeOf[f]].push(f));
  const targets = nodeFiles.map(() => new Set<number>());
  const sources = nodeFiles.map(() => new Set<number>());
  fg.out.forEach((outs, f) => {
    for (const t of outs.keys()) {
      const a = nodeOf[f];
      const b = nodeOf[t];
      if (a === b) continue;
      targets[a].add(b);
      sources[b].add(a);
    }
  });
  return { nodeFiles, targets, sources };
}

/** The nodes n₀ dominates: grown from {n₀} by targets all of whose sources lie inside the set. */
export function dominatedSet(n0: number, targets: Set<number>[], sources: Set<number>[], excluded: Set<number>): Set<number> {
  const covered = new Set([n0]);
  for (;;) {
    const candidates = new Set<number>();
    for (const n of covered) for (const t of targets[n]) if (!covered.has(t) && !excluded.has(t)) candidates.add(t);
    let changed = true;
    while (changed) {
      changed = false;
      for (const c of candidates) {
        for (const s of sources[c]) {
          if (!covered.has(s) && !candidates.has(s)) {
            candidates.delete(c);
            changed = true;
            break;
          }
        }
      }
    }
    if (candidates.size === 0) return covered;
    for (const c of candidates) covered.add(c);
  }
}

export function acdcPartition(fg: FileGraph): number[][] {
  const { nodeFiles, targets, sources } = contractBodyHeaders(fg);
  const nodeCount = nodeFiles.length;
  const cluster = new Array<number>(nodeCount).fill(-1);
  const clusters: number[][] = [];

  const supportThreshold = Math.max(SUPPORT_MIN_FAN_IN, Math.ceil(SUPPORT_FAN_IN_SHARE * nodeCount));
  const support = new Set<number>();
  for (let n = 0; n < nodeCount; n++) if (sources[n].size >= supportThreshold) support.add(n);
  if (support.size > 0) {
    clusters.push([...support]);
    for (const n of support) cluster[n] = 0;
  }

  const outDegree = (n: number) => [...targets[n]].filter((t) => !support.has(t)).length;
  const order = [...Array(nodeCount).keys()].filter((n) => !support.has(n));
  const degree = order.map(outDegree);
  const candidates = order.map((n, i) => ({ n, d: degree[i] })).sort((a, b) => a.d - b.d || a.n - b.n);
  const isTest = nodeFiles.map((files) => files.every((f) => isTestFile(fg.files[f])));
  const codeOrSupport = new Set([...support, ...isTest.flatMap((t, n) => (t ? [] : [n]))]);
  const removed = new Set<number>();
  const dominated: Set<number>[] = [];
  for (const { n } of candidates) {
    if (removed.has(n)) continue;
    const set = dominatedSet(n, targets, sources, isTest[n] ? codeOrSupport : support);
    if (set.size > 1) dominated.push(set);
    if (set.size < SMALL_SUBGRAPH) for (const m of set) removed.add(m);
    else removed.add(n);
  }
  const outermost = new Array<number>(nodeCount).fill(-1);
  dominated.forEach((set, i) => {
    for (const m of set) {
      const cur = outermost[m];
      if (cur < 0 || set.size > dominated[cur].size) outermost[m] = i;
    }
  });
  const clusterOfSet = new Map<number, number>();
  for (let m = 0; m < nodeCount; m++) {
    const s = outermost[m];
    if (s < 0 || support.has(m)) continue;
    let c = clusterOfSet.get(s);
    if (c === undefined) {
      clusterOfSet.set(s, (c = clusters.length));
      clusters.push([]);
    }
    clusters[c].push(m);
    cluster[m] = c;
  }

  adoptOrphans(cluster, clusters, sources, targets, support.size > 0 ? 0 : -1);
  const files = clusters.map((nodes) => nodes.flatMap((n) => nodeFiles[n]));
  const byDirectory = new Map<string, number[]>();
  cluster.forEach((c, n) => {
    if (c >= 0) return;
    for (const f of nodeFiles[n]) {
      const dir = directoryOf(fg.files[f]);
      byDirectory.set(dir, [...(byDirectory.get(dir) ?? []), f]);
    }
  });
  return [...files, ...byDirectory.values()];
}

function adoptOrphans(cluster: number[], clusters: number[][], sources: Set<number>[], targets: Set<number>[], supportCluster: number): void {
  const orphans = () => cluster.flatMap((c, n) => (c < 0 ? [n] : []));
  let remaining = orphans();
  for (;;) {
    const before = remaining.length;
    if (!adoptionRound(remaining, cluster, clusters, sources, supportCluster)) {
      adoptionRound(remaining, cluster, clusters, targets, supportCluster);
    }
    remaining = orphans();
    if (remaining.length === 0 || remaining.length === before) return;
  }
}

/** Assigns every orphan with clustered neighbours at once, so the visiting order does not matter. */
function adoptionRound(
  orphans: number[],
  cluster: number[],
  clusters: number[][],
  neighbours: Set<number>[],
  supportCluster: number,
): boolean {
  const moves: [number, number][] = [];
  for (const n of orphans) {
    const votes = new Map<number, number>();
    for (const m of neighbours[n]) if (cluster[m] >= 0 && cluster[m] !== supportCluster) votes.set(cluster[m], (votes.get(cluster[m]) ?? 0) + 1);
    let best = -1;
    for (const [c, v] of votes) if (best < 0 || v > votes.get(best)! || (v === votes.get(best)! && c < best)) best = c;
    if (best >= 0) moves.push([n, best]);
  }
  for (const [n, c] of moves) {
    cluster[n] = c;
    clusters[c].push(n);
  }
  return moves.length > 0;
}
