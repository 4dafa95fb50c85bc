/** File-level localization metrics (algorithms.md §8) and latency percentiles. */

export const ACC_KS = [1, 3, 5, 10] as const;

export interface TaskScore {
  /** acc[k]: every gold file is within the first k. */
  acc: Record<number, boolean>;
  recall5: number;
  reciprocalRank: number;
}

export function scoreRanking(ranked: readonly string[], gold: readonly string[]): TaskScore {
  const rankOf = (f: string): number => {
    const r = ranked.indexOf(f);
    return r < 0 ? Infinity : r + 1;
  };
  const ranks = gold.map(rankOf);
  const worst = Math.max(...ranks);
  const acc: Record<number, boolean> = {};
  for (const k of ACC_KS) acc[k] = worst <= k;
  const first = Math.min(...ranks);
  return {
    acc,
    recall5: gold.length === 0 ? 0 : ranks.filter((r) => r <= 5).length / gold.length,
    reciprocalRank: Number.isFinite(first) ? 1 / first : 0,
  };
}

export interface Summary {
  tasks: number;
  acc: Record<number, number>;
  recall5: number;
  mrr: number;
}

export function summarize(scores: readonly TaskScore[]): Summary {
  const n = scores.length;
  const pct = (x: number): number => (n === 0 ? 0 : (100 * x) / n);
  const acc: Record<number, number> = {};
  for (const k of ACC_KS) acc[k] = pct(scores.filter((s) => s.acc[k]).length);
  return {
    tasks: n,
    acc,
    recall5: pct(scores.reduce((s, x) => s + x.recall5, 0)),
    mrr: n === 0 ? 0 : scores.reduce((s, x) => s + x.reciprocalRank, 0) / n,
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
