/**
 * Fitting a tool result into a token budget. A result over budget is shrunk by the least reduction that fits,
 * trying the caller's reductions in order, and is flagged with `_budget_truncated` and a note saying what was
 * cut and how to get the rest. Sizes are exact o200k counts of the compact JSON an agent receives.
 */
import { countTokens } from '../util/tokens.js';
import { UserError } from '../util/errors.js';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** One way to shrink a result, parameterised by how many units (items, entities per component...) it keeps. */
export interface Reduction {
  /** The most units this reduction keeps (it need not be a no-op there). */
  max: number;
  /** The fewest units worth trying; below this the next reduction takes over. */
  min: number;
  /** The reduced result keeping `keep` units, and a note saying what was cut and how to get it. */
  render(keep: number): { value: JsonObject; note: string };
}

export interface Fitted {
  value: JsonObject;
  /** Tokens of the compact JSON of `value`. */
  tokens: number;
  truncated: boolean;
}

export function renderJson(value: JsonValue): string {
  return JSON.stringify(value);
}

export function tokensOf(value: JsonValue): number {
  return countTokens(renderJson(value));
}

/** Marks a reduced result; the flag and note go first so a reader sees them before the data. */
export function withTruncationNote(value: JsonObject, note: string): JsonObject {
  const { _budget_truncated: _flag, truncation: _note, ...rest } = value;
  return { _budget_truncated: true, truncation: note, ...rest };
}

/**
 * Returns `value` when it fits in `maxTokens`, else the result of the first reduction that fits, keeping as many
 * units as fit (found by bisection; every returned candidate was measured, so the budget holds even where size
 * is not monotone in `keep`). Throws a UserError when nothing fits.
 */
export function fitToBudget(value: JsonObject, maxTokens: number, reductions: readonly Reduction[]): Fitted {
  const full = tokensOf(value);
  if (full <= maxTokens) return { value, tokens: full, truncated: false };
  let smallest = full;
  for (const reduction of reductions) {
    const measure = (keep: number): Fitted => {
      const { value: reduced, note } = reduction.render(keep);
      const marked = withTruncationNote(reduced, note);
      const tokens = tokensOf(marked);
      smallest = Math.min(smallest, tokens);
      return { value: marked, tokens, truncated: true };
    };
    if (reduction.max < reduction.min) continue;
    let best = measure(reduction.min);
    if (best.tokens > maxTokens) continue;
    let lo = reduction.min;
    let hi = reduction.max;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      const candidate = measure(mid);
      if (candidate.tokens <= maxTokens) {
        lo = mid;
        best = candidate;
      } else hi = mid - 1;
    }
    // Bisection assumes size grows with `keep`; make sure a one-token wobble never leaves the minimum in place.
    if (lo === reduction.min && lo < reduction.max) {
      const next = measure(lo + 1);
      if (next.tokens <= maxTokens) best = next;
    }
    return best;
  }
  throw new UserError(`max_tokens=${maxTokens} is too small for this result: its smallest form takes ${smallest} tokens; raise max_tokens`);
}

export interface RankedListOptions {
  /** What the items are, for the note: 'files', 'callers'. */
  label: string;
  /** Position of the first item in the full list (for `offset` paging). */
  offset?: number;
  /** How to get the items that were cut, given the offset of the first one, e.g. "call again with offset=20". */
  rest: (nextOffset: number) => string;
  /** Total items in the full list when `value[key]` is already a page of it. */
  total?: number;
  /** How the list is ordered, for the note (default 'best first'). */
  order?: string;
  /** Rank items by this score (highest kept first) when the list's own order is not its ranking; kept items stay in list order. */
  rankBy?: (item: JsonValue) => number;
}

/** Cuts the ranked list at `value[key]` from the bottom, keeping the best items; tries one item before none. */
export function cutRankedList(value: JsonObject, key: string, options: RankedListOptions): Reduction {
  const items = value[key];
  if (!Array.isArray(items)) throw new Error(`cutRankedList: ${key} is not a list`);
  const offset = options.offset ?? 0;
  const total = options.total ?? offset + items.length;
  const rankBy = options.rankBy;
  const byRank = rankBy ? items.map((item, i) => ({ i, score: rankBy(item) })).sort((a, b) => b.score - a.score || a.i - b.i).map((x) => x.i) : undefined;
  return {
    min: 0,
    max: items.length,
    render: (keep) => {
      const kept = byRank ? [...byRank.slice(0, keep)].sort((a, b) => a - b).map((i) => items[i]!) : items.slice(0, keep);
      const range = keep === 0 ? 'no' : byRank ? `the best ${keep} of ${total}` : `items ${offset + 1}-${offset + keep} of ${total}`;
      const why = keep === 0 ? ' (not even one fits: raise max_tokens)' : byRank ? ' (by score, in their original order)' : ` (${options.order ?? 'best first'})`;
      const note = `${key}: kept ${range} ${options.label}${why}; ${options.rest(offset + keep)}`;
      return { value: { ...value, [key]: kept, [`${key}_total`]: total }, note };
    },
  };
}
