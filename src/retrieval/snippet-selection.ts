/**
 * Which snippets fit the budget: 0/1 knapsack over the rendered snippets (weight = exact tokens plus
 * the separator), then a conflict check, since two variants of one entity are mutually exclusive and an
 * entity nested in a chosen full snippet would repeat its text. Conflicting picks are dropped in favour
 * of the more valuable one and the freed tokens are filled by another knapsack round over what is left.
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
  /** Largest knapsack bucket width used (1: every round was exact). */
  bucketSize: number;
  /** The matching capacity loss bound of that round (0 when exact). */
  capacityLossBound: number;
}

/** Tokens a separator may add between two snippets. */
export const SEPARATOR_TOKENS = 1;
const MAX_ROUNDS = 4;

export function chooseSnippets(graph: LoadedGraph, items: readonly SnippetItem[], budget: number): SnippetChoice {
  // The first snippet has no separator before it, hence one separator of slack in the capacity.
  let capacity = budget + SEPARATOR_TOKENS;
  let pool = [...items];
  const chosen: SnippetItem[] = [];
  let bucketSize = 1;
  let capacityLossBound = 0;
  for (let round = 0; round < MAX_ROUNDS && pool.length > 0; round++) {
    const weights = pool.map((i) => i.snippet.tokens + SEPARATOR_TOKENS);
    const result = knapsack(weights, pool.map((i) => i.value), capacity);
    if (result.bucketSize > bucketSize) {
      bucketSize = result.bucketSize;
      capacityLossBound = result.capacityLossBound;
    }
    const picked = result.selected.map((k) => pool[k]!).sort((a, b) => b.value - a.value);
    let added = 0;
    for (const item of picked) {
      if (conflicts(graph, item, chosen)) continue;
      chosen.push(item);
      capacity -= item.snippet.tokens + SEPARATOR_TOKENS;
      added++;
    }
    if (added === picked.length) break;
    pool = pool.filter((i) => !chosen.includes(i) && !conflicts(graph, i, chosen));
  }
  return { items: chosen, bucketSize, capacityLossBound };
}

/** Same entity, or text already covered by (or covering) a chosen full snippet. */
export function conflicts(graph: LoadedGraph, item: SnippetItem, chosen: readonly SnippetItem[]): boolean {
  const node = item.snippet.node;
  for (const other of chosen) {
    const o = other.snippet.node;
    if (o === node) return true;
    if (other.snippet.variant === 'full' && isAncestor(graph, o, node)) return true;
    if (item.snippet.variant === 'full' && isAncestor(graph, node, o)) return true;
  }
  return false;
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
