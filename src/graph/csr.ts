/**
 * Compressed sparse row adjacency over integer node ids 0..n-1: the out-edges of u are the positions
 * offsets[u] .. offsets[u+1]-1 of targets/weights; edgeIds maps a position back to the caller's edge index.
 */
export interface Csr {
  n: number;
  offsets: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
  edgeIds: Int32Array;
}

/** Builds the CSR of edges from[i] -> to[i] with weight[i] (1 when omitted); out-edges keep input order. */
export function buildCsr(
  n: number,
  from: ArrayLike<number>,
  to: ArrayLike<number>,
  weight?: ArrayLike<number>,
): Csr {
  const m = from.length;
  if (to.length !== m || (weight !== undefined && weight.length !== m)) {
    throw new RangeError('edge arrays differ in length');
  }
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < m; i++) {
    const u = from[i]!;
    const v = to[i]!;
    if (!(u >= 0 && u < n && v >= 0 && v < n)) throw new RangeError(`edge ${i} has a node outside 0..${n - 1}`);
    offsets[u + 1]!++;
  }
  for (let u = 0; u < n; u++) offsets[u + 1]! += offsets[u]!;
  const cursor = offsets.slice(0, n);
  const targets = new Int32Array(m);
  const weights = new Float64Array(m);
  const edgeIds = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    const pos = cursor[from[i]!]!++;
    targets[pos] = to[i]!;
    weights[pos] = weight === undefined ? 1 : weight[i]!;
    edgeIds[pos] = i;
  }
  return { n, offsets, targets, weights, edgeIds };
}

/** The same edges reversed (v -> u); edgeIds still name the original edges. */
export function transposeCsr(g: Csr): Csr {
  const m = g.targets.length;
  const from = new Int32Array(m);
  for (let u = 0; u < g.n; u++) {
    for (let p = g.offsets[u]!; p < g.offsets[u + 1]!; p++) from[p] = u;
  }
  const t = buildCsr(g.n, g.targets, from, g.weights);
  for (let p = 0; p < m; p++) t.edgeIds[p] = g.edgeIds[t.edgeIds[p]!]!;
  return t;
}
