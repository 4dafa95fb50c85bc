/**
 * Which snippets fit the budget: 0/1 knapsack over the rendered snippets (weight = exact tokens plus
 * the separator), then a conflict check, since two variants of one entity are mutually exclusive and an
 * entity nested in a chosen full snippet would repeat its text. Picks are accepted by value, so a
 * conflict drops the less valuable snippet; the knapsack is then solved again over the whole budget
 * without the dropped snippets, and every solution's leftover tokens are filled with what does not
 * conflict. The best of these conflict-free choices wins.
 */
import type { LoadedGraph } from '../graph/memory.js';
import { knapsack } from './knapsack.js';
import type { Snippet } from './snippets.js';

export interface SnippetItem {
  snippet: Snippet;
  value: number;
}

export interface SnippetChoice {
  items: SnippetItem[];
  /** Largest knapsack bucket width used (1: every solve was exact). */
  bucketSize: number;
  /** The matching capacity loss bound of that solve (0 when exact). */
  capacityLossBound: number;
}

/** Tokens a separator may add between two snippets. */
export const SEPARATOR_TOKENS = 1;
/** Knapsack solves over the whole budget, each without the snippets that lost a conflict before. */
const RESOLVE_ROUNDS = 2;
/** Knapsack solves that fill the tokens a conflict-free choice left over. */
const FILL_ROUNDS = 3;

export function chooseSnippets(graph: LoadedGraph, items: readonly SnippetItem[], budget: number): SnippetChoice {
  // The first snippet has no separator before it, hence one separator of slack in the capacity.
  const capacity = budget + SEPARATOR_TOKENS;
  const stats = { bucketSize: 1, capacityLossBound: 0 };
  const solve = (pool: readonly SnippetItem[], cap: number): SnippetItem[] => {
    const result = knapsack(pool.map(cost), pool.map((i) => i.value), cap);
    if (result.bucketSize > stats.bucketSize) {
      stats.bucketSize = result.bucketSize;
      stats.capacityLossBound = result.capacityLossBound;
    }
    return result.selected.map((k) => pool[k]!).sort((a, b) => b.value - a.value);
  };
  const fill = (chosen: SnippetItem[]): SnippetItem[] => {
    for (let round = 0; round < FILL_ROUNDS; round++) {
      const left = capacity - chosen.reduce((s, i) => s + cost(i), 0);
      const pool = items.filter((i) => !chosen.includes(i) && !conflicts(graph, i, chosen));
      const picked = pool.length ? solve(pool, left) : [];
      const { accepted } = acceptByValue(graph, picked, chosen);
      chosen = [...chosen, ...accepted];
      if (accepted.length === 0 || accepted.length === picked.length) break;
    }
    return chosen;
  };

  let pool = [...items];
  let best: SnippetItem[] = [];
  for (let round = 0; round < RESOLVE_ROUNDS && pool.length > 0; round++) {
    const { accepted, rejected } = acceptByValue(graph, solve(pool, capacity), []);
    const candidate = rejected.length ? fill(accepted) : accepted;
    if (total(candidate) > total(best)) best = candidate;
    if (rejected.length === 0) break;
    pool = pool.filter((i) => !rejected.includes(i));
  }
  return { items: best, ...stats };
}

function cost(item: SnippetItem): number {
  return item.snippet.tokens + SEPARATOR_TOKENS;
}

function total(items: readonly SnippetItem[]): number {
  return items.reduce((s, i) => s + i.value, 0);
}

/** Takes picks most valuable first, skipping those that conflict with what is already taken. */
function acceptByValue(graph: LoadedGraph, picked: readonly SnippetItem[], taken: readonly SnippetItem[]): { accepted: SnippetItem[]; rejected: SnippetItem[] } {
  const accepted: SnippetItem[] = [];
  const rejected: SnippetItem[] = [];
  for (const item of picked) {
    if (conflicts(graph, item, taken) || conflicts(graph, item, accepted)) rejected.push(item);
    else accepted.push(item);
  }
  return { accepted, rejected };
}

/**
 * Same entity; text already covered by (or covering) a chosen full snippet; or an outline next to the
 * outline of its direct parent, which already shows its declaration.
 */
export function conflicts(graph: LoadedGraph, item: SnippetItem, chosen: readonly SnippetItem[]): boolean {
  const node = item.snippet.node;
  for (const other of chosen) {
    const o = other.snippet.node;
    if (o === node) return true;
    if (other.snippet.variant === 'full' && isAncestor(graph, o, node)) return true;
    if (item.snippet.variant === 'full' && isAncestor(graph, node, o)) return true;
    if (item.snippet.variant === 'outline' && other.snippet.variant === 'outline' && (isParent(graph, o, node) || isParent(graph, node, o))) return true;
  }
  return false;
}

function isParent(graph: LoadedGraph, parent: number, node: number): boolean {
  return graph.entities[node]!.parentId === graph.entities[parent]!.id;
}

function isAncestor(graph: LoadedGraph, ancestor: number, node: number): boolean {
  const target = graph.entities[ancestor]!.id;
  let parent = graph.entities[node]!.parentId;
  while (parent !== null) {
    if (parent === target) return true;
    const i = graph.indexOf.get(parent);
    if (i === undefined) return false;
    parent = graph.entities[i]!.parentId;
  }
  return false;
}
