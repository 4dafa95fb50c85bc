/**
 * Hierarchical agglomerative clustering over sparse feature vectors, shared by WCA and LIMBO.
 *
 * Only pairs sharing a feature are candidates (both linkages give such pairs the worst score), found
 * through an inverted index from feature to the clusters holding it. Scores of untouched pairs never
 * change when other clusters merge, so each cluster keeps its best K neighbours and a threshold below
 * which unlisted clusters lie; it is rescanned only when its list runs out. A lazy global heap picks
 * the best pair. This keeps a 2,500-file graph to a few seconds instead of the naive O(n³).
 */
import { Heap } from './heap.js';

export interface AggCluster {
  members: number[];
  /** Size (WCA) or probability mass (LIMBO). */
  weight: number;
  /** Feature id (a small non-negative integer) → value. */
  vector: Map<number, number>;
}

export interface Linkage {
  /** Number of accumulator slots a candidate pair needs. */
  slots: number;
  /** Called once per feature shared by z and y; the pair's slots start at acc[at]. */
  accumulate(acc: Float64Array, at: number, vz: number, vy: number, z: AggCluster, y: AggCluster): void;
  /** Higher merges first. */
  score(acc: Float64Array, at: number, z: AggCluster, y: AggCluster): number;
  merge(a: AggCluster, b: AggCluster): AggCluster;
}

const NEIGHBOURS_KEPT = 16;

interface Neighbour {
  id: number;
  score: number;
}

interface NeighbourList {
  list: Neighbour[];
  /** Every candidate missing from the list scores at most this (-Infinity: the list is complete). */
  threshold: number;
  version: number;
}

interface Posting {
  ids: number[];
  values: number[];
  dead: number;
}

interface HeapEntry {
  score: number;
  id: number;
  partner: number;
  version: number;
}

function better(a: Neighbour, b: Neighbour): boolean {
  return a.score > b.score || (a.score === b.score && a.id < b.id);
}

function entryBefore(a: HeapEntry, b: HeapEntry): boolean {
  if (a.score !== b.score) return a.score > b.score;
  const a1 = Math.min(a.id, a.partner);
  const b1 = Math.min(b.id, b.partner);
  if (a1 !== b1) return a1 < b1;
  return Math.max(a.id, a.partner) < Math.max(b.id, b.partner);
}

/** Merges clusters until `target` remain or no two clusters share a feature; returns the member lists. */
export function agglomerate(initial: AggCluster[], linkage: Linkage, target: number): number[][] {
  const clusters: (AggCluster | null)[] = [...initial];
  // Posting lists are append-only; entries of merged clusters are skipped and compacted away lazily.
  const postings: Posting[] = [];
  const featureIds: Int32Array[] = [];
  const featureValues: Float64Array[] = [];
  const neighbours: NeighbourList[] = [];
  const heap = new Heap<HeapEntry>(entryBefore);
  let alive = initial.length;

  const index = (id: number, cluster: AggCluster) => {
    featureIds[id] = Int32Array.from(cluster.vector.keys());
    featureValues[id] = Float64Array.from(cluster.vector.values());
    for (const [f, v] of cluster.vector) {
      const posting = (postings[f] ??= { ids: [], values: [], dead: 0 });
      posting.ids.push(id);
      posting.values.push(v);
    }
  };
  const unindex = (id: number) => {
    for (const f of featureIds[id]) {
      const posting = postings[f];
      if (++posting.dead * 2 > posting.ids.length) compact(posting);
    }
  };
  const compact = (posting: Posting) => {
    let w = 0;
    for (let r = 0; r < posting.ids.length; r++) {
      if (clusters[posting.ids[r]] === null) continue;
      posting.ids[w] = posting.ids[r];
      posting.values[w++] = posting.values[r];
    }
    posting.ids.length = w;
    posting.values.length = w;
    posting.dead = 0;
  };

  // Dense accumulators indexed by cluster id (at most 2n ids), reset through the touched list.
  const capacity = 2 * initial.length;
  const acc = new Float64Array(capacity * linkage.slots);
  const touched = new Int32Array(capacity);
  const seen = new Uint8Array(capacity);
  const foundIds = new Int32Array(capacity);
  const foundScores = new Float64Array(capacity);
  /** Scores every cluster sharing a feature with zid into foundIds/foundScores; returns their number. */
  const scan = (zid: number): number => {
    const z = clusters[zid]!;
    const slots = linkage.slots;
    let count = 0;
    const ids = featureIds[zid];
    const values = featureValues[zid];
    for (let k = 0; k < ids.length; k++) {
      const vz = values[k];
      const posting = postings[ids[k]];
      for (let p = 0; p < posting.ids.length; p++) {
        const yid = posting.ids[p];
        if (yid === zid || clusters[yid] === null) continue;
        const vy = posting.values[p];
        if (!seen[yid]) {
          seen[yid] = 1;
          touched[count++] = yid;
        }
        linkage.accumulate(acc, yid * slots, vz, vy, z, clusters[yid]!);
      }
    }
    let found = 0;
    for (let i = 0; i < count; i++) {
      const yid = touched[i];
      const score = linkage.score(acc, yid * slots, z, clusters[yid]!);
      if (Number.isFinite(score)) {
        foundIds[found] = yid;
        foundScores[found++] = score;
      }
      acc.fill(0, yid * slots, yid * slots + slots);
      seen[yid] = 0;
    }
    return found;
  };

  const pushBest = (id: number) => {
    const n = neighbours[id];
    n.version++;
    if (n.list.length > 0) heap.push({ score: n.list[0].score, id, partner: n.list[0].id, version: n.version });
  };

  const refill = (id: number): number => {
    const found = scan(id);
    const kept: Neighbour[] = [];
    for (let i = 0; i < found; i++) {
      if (kept.length === NEIGHBOURS_KEPT) {
        const last = kept[NEIGHBOURS_KEPT - 1];
        if (foundScores[i] < last.score || (foundScores[i] === last.score && foundIds[i] > last.id)) continue;
      }
      const candidate = { id: foundIds[i], score: foundScores[i] };
      let at = kept.length;
      while (at > 0 && better(candidate, kept[at - 1])) at--;
      kept.splice(at, 0, candidate);
      if (kept.length > NEIGHBOURS_KEPT) kept.pop();
    }
    const threshold = found > NEIGHBOURS_KEPT ? kept[kept.length - 1].score : -Infinity;
    neighbours[id] = { list: kept, threshold, version: neighbours[id]?.version ?? 0 };
    return found;
  };

  const insert = (id: number, candidate: Neighbour) => {
    const n = neighbours[id];
    if (candidate.score < n.threshold) return;
    let i = n.list.length;
    while (i > 0 && better(candidate, n.list[i - 1])) i--;
    n.list.splice(i, 0, candidate);
    if (i === 0) pushBest(id);
  };

  for (let id = 0; id < clusters.length; id++) index(id, clusters[id]!);
  for (let id = 0; id < clusters.length; id++) {
    refill(id);
    pushBest(id);
  }

  while (alive > target) {
    const entry = heap.pop();
    if (!entry) break;
    const n = neighbours[entry.id];
    if (clusters[entry.id] === null || entry.version !== n.version) continue;
    if (clusters[entry.partner] === null) {
      n.list = n.list.filter((x) => clusters[x.id] !== null);
      if (n.list.length === 0 && n.threshold !== -Infinity) refill(entry.id);
      pushBest(entry.id);
      continue;
    }
    const a = clusters[entry.id]!;
    const b = clusters[entry.partner]!;
    clusters[entry.id] = null;
    clusters[entry.partner] = null;
    unindex(entry.id);
    unindex(entry.partner);
    const zid = clusters.length;
    clusters.push(linkage.merge(a, b));
    index(zid, clusters[zid]!);
    alive--;
    const found = refill(zid);
    for (let i = 0; i < found; i++) insert(foundIds[i], { id: zid, score: foundScores[i] });
    pushBest(zid);
  }
  return clusters.filter((c): c is AggCluster => c !== null).map((c) => c.members);
}
