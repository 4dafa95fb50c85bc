/**
 * Exact 0/1 knapsack by dynamic programming over capacities (algorithms.md §5), with a bitset of
 * "item i improved dp[c]" for reconstruction and, when n·W is too large, weights bucketed by g
 * (rounded up, so the choice stays feasible) followed by a greedy fill of the capacity rounding left.
 */

/** Default cap on DP cells n·(W/g + 1): 20M cells cost 2.5 MB of bits and tens of milliseconds. */
export const DEFAULT_MAX_CELLS = 20_000_000;

export interface KnapsackOptions {
  /** Largest number of DP cells before weights are bucketed (default DEFAULT_MAX_CELLS). */
  maxCells?: number;
}

export interface KnapsackResult {
  /** Indices of the chosen items, ascending. */
  selected: number[];
  value: number;
  /** Exact total weight of the chosen items; never above the capacity. */
  weight: number;
  /** Bucket width g: weights were rounded up to multiples of g (1 means the exact DP). */
  bucketSize: number;
  bucketed: boolean;
  /**
   * Capacity the rounding may waste, g·n over the n candidate items: the result is at least as valuable
   * as any set S with Σ_S w + g·|S| <= capacity. 0 when not bucketed.
   */
  capacityLossBound: number;
}

/**
 * Maximises Σ value over item subsets with Σ weight <= capacity. Weights and capacity must be
 * non-negative integers (token counts); items with value <= 0 or weight > capacity are never chosen.
 */
export function knapsack(
  weights: ArrayLike<number>,
  values: ArrayLike<number>,
  capacity: number,
  options: KnapsackOptions = {},
): KnapsackResult {
  const maxCells = options.maxCells ?? DEFAULT_MAX_CELLS;
  if (weights.length !== values.length) throw new RangeError('weights and values differ in length');
  if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError('capacity must be a non-negative integer');
  const candidates: number[] = [];
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i]!;
    if (!Number.isInteger(w) || w < 0) throw new RangeError(`weight ${i} must be a non-negative integer`);
    if (values[i]! > 0 && w <= capacity) candidates.push(i);
  }
  const n = candidates.length;
  const g = bucketSize(n, capacity, maxCells);
  const cap = Math.floor(capacity / g);
  const rounded = candidates.map((i) => Math.ceil(weights[i]! / g));

  const width = cap + 1;
  const dp = new Float64Array(width);
  const take = new Uint32Array(Math.ceil((n * width) / 32));
  for (let k = 0; k < n; k++) {
    const w = rounded[k]!;
    const v = values[candidates[k]!]!;
    const row = k * width;
    for (let c = cap; c >= w; c--) {
      const candidate = dp[c - w]! + v;
      if (candidate > dp[c]!) {
        dp[c] = candidate;
        const bit = row + c;
        take[bit >>> 5]! |= 1 << (bit & 31);
      }
    }
  }

  const selected: number[] = [];
  let c = cap;
  for (let k = n - 1; k >= 0; k--) {
    const bit = k * width + c;
    if ((take[bit >>> 5]! >>> (bit & 31)) & 1) {
      selected.push(candidates[k]!);
      c -= rounded[k]!;
    }
  }
  let value = 0;
  let weight = 0;
  for (const i of selected) {
    value += values[i]!;
    weight += weights[i]!;
  }
  if (g > 1) {
    // Rounding up left slack; fill it greedily by value density with items that still fit exactly.
    const chosen = new Set(selected);
    const rest = candidates.filter((i) => !chosen.has(i));
    rest.sort((x, y) => values[y]! * weights[x]! - values[x]! * weights[y]! || x - y);
    for (const i of rest) {
      if (weight + weights[i]! > capacity) continue;
      selected.push(i);
      value += values[i]!;
      weight += weights[i]!;
    }
  }
  selected.sort((x, y) => x - y);
  return { selected, value, weight, bucketSize: g, bucketed: g > 1, capacityLossBound: g > 1 ? g * n : 0 };
}

/** Smallest g with n·(⌊W/g⌋ + 1) <= maxCells (W/g collapses to 0 when even that cannot fit). */
export function bucketSize(n: number, capacity: number, maxCells: number): number {
  const widthLimit = Math.floor(maxCells / Math.max(n, 1)) - 1;
  if (widthLimit < 0) return capacity + 1;
  return capacity <= widthLimit ? 1 : Math.floor(capacity / (widthLimit + 1)) + 1;
}
