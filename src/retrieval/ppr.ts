/**
 * Personalized PageRank by power iteration (algorithms.md §3) on W = β_f·A + β_b·Aᵀ, row-normalised,
 * with dangling rows sent to the restart vector. α is the restart probability.
 */

export interface PprGraphOptions {
  /** β_f: weight of following a dependency u -> v (default 1). */
  forwardWeight?: number;
  /** β_b: weight of walking a dependency backwards, v -> u (default 1). */
  backwardWeight?: number;
}

/**
 * The transition matrix stored by column (pull form): the entries flowing into node j are the
 * positions inOffsets[j] .. inOffsets[j+1]-1 of inSources (row i) and inProbs (P_ij).
 */
export interface PprOperator {
  n: number;
  inOffsets: Int32Array;
  inSources: Int32Array;
  inProbs: Float64Array;
  /** Nodes whose row of W is all zero. */
  dangling: Int32Array;
}

export interface PprOptions {
  /** Restart probability α in (0, 1] (default 0.15). */
  alpha?: number;
  /** Stop when the L1 change of one step falls below this (default 1e-6). */
  epsilon?: number;
  /** Iteration cap (default 100). */
  maxIterations?: number;
}

export interface PprResult {
  /** Stationary probabilities; they sum to 1. */
  scores: Float64Array;
  iterations: number;
  /** L1 change of the last step. */
  residual: number;
  converged: boolean;
}

export const DEFAULT_ALPHA = 0.15;
export const DEFAULT_EPSILON = 1e-6;
export const DEFAULT_MAX_ITERATIONS = 100;

/** Builds the operator once per graph from weighted dependencies from[e] -> to[e] (weight 1 when omitted). */
export function buildPprOperator(
  n: number,
  from: ArrayLike<number>,
  to: ArrayLike<number>,
  weight?: ArrayLike<number>,
  options: PprGraphOptions = {},
): PprOperator {
  const betaF = options.forwardWeight ?? 1;
  const betaB = options.backwardWeight ?? 1;
  if (!(betaF >= 0 && betaB >= 0)) throw new RangeError('direction weights must be >= 0');
  const m = from.length;
  if (to.length !== m || (weight !== undefined && weight.length !== m)) throw new RangeError('edge arrays differ in length');
  const rowSum = new Float64Array(n);
  const inCount = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) {
    const u = from[e]!;
    const v = to[e]!;
    const a = weight === undefined ? 1 : weight[e]!;
    if (!(u >= 0 && u < n && v >= 0 && v < n)) throw new RangeError(`edge ${e} has a node outside 0..${n - 1}`);
    if (!(a >= 0)) throw new RangeError(`edge ${e} has a negative weight`);
    rowSum[u]! += betaF * a;
    rowSum[v]! += betaB * a;
    inCount[v + 1]!++;
    inCount[u + 1]!++;
  }
  for (let j = 0; j < n; j++) inCount[j + 1]! += inCount[j]!;
  const inOffsets = inCount;
  const cursor = inOffsets.slice(0, n);
  const inSources = new Int32Array(2 * m);
  const inProbs = new Float64Array(2 * m);
  for (let e = 0; e < m; e++) {
    const u = from[e]!;
    const v = to[e]!;
    const a = weight === undefined ? 1 : weight[e]!;
    let p = cursor[v]!++;
    inSources[p] = u;
    inProbs[p] = rowSum[u]! > 0 ? (betaF * a) / rowSum[u]! : 0;
    p = cursor[u]!++;
    inSources[p] = v;
    inProbs[p] = rowSum[v]! > 0 ? (betaB * a) / rowSum[v]! : 0;
  }
  const dangling: number[] = [];
  for (let i = 0; i < n; i++) if (!(rowSum[i]! > 0)) dangling.push(i);
  return { n, inOffsets, inSources, inProbs, dangling: Int32Array.from(dangling) };
}

/** A normalised dense restart vector from node weights (a map of seeds, or a dense array). */
export function restartVector(n: number, seeds: ReadonlyMap<number, number> | ArrayLike<number>): Float64Array {
  const r = new Float64Array(n);
  if (isMap(seeds)) {
    for (const [node, w] of seeds) {
      if (!(node >= 0 && node < n)) throw new RangeError(`seed ${node} is outside 0..${n - 1}`);
      r[node]! += w;
    }
  } else {
    if (seeds.length !== n) throw new RangeError(`restart vector has length ${seeds.length}, expected ${n}`);
    for (let i = 0; i < n; i++) r[i] = seeds[i]!;
  }
  let sum = 0;
  for (let i = 0; i < n; i++) {
    if (!(r[i]! >= 0)) throw new RangeError('restart weights must be >= 0');
    sum += r[i]!;
  }
  if (!(sum > 0)) throw new RangeError('restart vector has no positive weight');
  for (let i = 0; i < n; i++) r[i]! /= sum;
  return r;
}

function isMap(seeds: ReadonlyMap<number, number> | ArrayLike<number>): seeds is ReadonlyMap<number, number> {
  return seeds instanceof Map;
}

export function personalizedPageRank(
  op: PprOperator,
  seeds: ReadonlyMap<number, number> | ArrayLike<number>,
  options: PprOptions = {},
): PprResult {
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const epsilon = options.epsilon ?? DEFAULT_EPSILON;
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  if (!(alpha > 0 && alpha <= 1)) throw new RangeError('alpha must be in (0, 1]');
  const { n } = op;
  const r = restartVector(n, seeds);
  let x = Float64Array.from(r);
  let next = new Float64Array(n);
  let residual = Infinity;
  let iterations = 0;
  while (iterations < maxIterations && residual >= epsilon) {
    residual = powerStep(op, r, alpha, x, next);
    const previous = x;
    x = next;
    next = previous;
    iterations++;
  }
  return { scores: x, iterations, residual, converged: residual < epsilon };
}

/** One step x -> next; returns the L1 change. Kept monomorphic and separate so V8 optimises the hot loop. */
function powerStep(op: PprOperator, r: Float64Array, alpha: number, x: Float64Array, next: Float64Array): number {
  const { n, inOffsets, inSources, inProbs, dangling } = op;
  const follow = 1 - alpha;
  let danglingMass = 0;
  for (let k = 0; k < dangling.length; k++) danglingMass += x[dangling[k]!]!;
  let residual = 0;
  let start = inOffsets[0]!;
  for (let j = 0; j < n; j++) {
    let s = 0;
    const end = inOffsets[j + 1]!;
    for (let p = start; p < end; p++) s += x[inSources[p]!]! * inProbs[p]!;
    start = end;
    const value = follow * (s + r[j]! * danglingMass) + alpha * r[j]!;
    residual += Math.abs(value - x[j]!);
    next[j] = value;
  }
  return residual;
}
