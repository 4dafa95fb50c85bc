/**
 * get_context: the code most relevant to a query, within a token budget. Seeds (lexical matches,
 * seed files, seed symbols) -> personalized PageRank over the entity graph -> prize-collecting
 * Steiner tree on the top candidates (to keep the cheap connectors between them) -> 0/1 knapsack
 * over the rendered snippets -> reading order.
 */
import type { LoadedGraph } from '../graph/memory.js';
import type { EntityKind } from '../graph/types.js';
import { UserError } from '../util/errors.js';
import { countTokens } from '../util/tokens.js';
import { contextGraph } from './context-graph.js';
import { chooseSnippets, type SnippetItem } from './snippet-selection.js';
import type { SynonymMap } from './synonyms.js';
import { personalizedPageRank } from './ppr.js';
import { analyzeTask } from './lexical.js';
import { TEST_FILE_FACTOR } from './context-for-task.js';
import { resolveSeeds, type SeedOrigin } from './seeds.js';
import { isTestPath, isTestTask } from './test-files.js';
import { SNIPPET_SEPARATOR, SnippetRenderer, childrenOf, type SnippetFreshness, type SnippetVariant, type SourceReader } from './snippets.js';
import { steinerConnectors, topNodes } from './steiner-candidates.js';
import { readingOrder } from './reading-order.js';

export const MIN_TOKEN_BUDGET = 500;
export const MAX_TOKEN_BUDGET = 32_000;
export const DEFAULT_TOKEN_BUDGET = 4000;
/** Restart probability: higher than PageRank's usual 0.15 keeps the walk near the seeds (and converges in ~48 steps). */
export const CONTEXT_ALPHA = 0.25;
/** Size of the subgraph (best PPR nodes) the Steiner tree and the knapsack choose from. */
export const CANDIDATE_LIMIT = 300;
/** Stop rendering candidates once the cost of those that fit the budget reaches this multiple of it. */
const RENDER_BUDGET_FACTOR = 2;
/** Value added to a node of the Steiner tree, on the scale where the best candidate's prize is 1. */
export const TREE_BONUS = 0.1;
/** An outline is worth this fraction of the full snippet of the same entity. */
export const OUTLINE_VALUE = 0.5;

export interface GetContextRequest {
  query: string;
  tokenBudget?: number;
  seedFiles?: readonly string[];
  seedSymbols?: readonly string[];
  synonyms?: SynonymMap;
}

export interface ContextNode {
  path: string;
  symbol: string;
  kind: EntityKind;
  ppr_score: number;
  /** Exact o200k count of header + '\n' + snippet + '\n'. */
  tokens: number;
  header: string;
  snippet: string;
  start_line: number;
  end_line: number;
  variant: SnippetVariant;
  freshness: SnippetFreshness;
  in_steiner_tree: boolean;
}

export interface SeedNode {
  path: string;
  symbol: string;
  kind: EntityKind;
  weight: number;
  origins: SeedOrigin[];
}

export interface ContextSelection {
  candidates: number;
  steiner_tree_nodes: number;
  ppr_iterations: number;
  /** Weights were rounded up to multiples of knapsack_bucket_size to keep the DP small. */
  knapsack_bucketed: boolean;
  knapsack_bucket_size: number;
  /** With bucketing: the choice is at least as valuable as any set whose tokens plus this loss fit the budget. */
  knapsack_capacity_loss_bound: number;
  /** Wall time of each stage, for diagnosis. */
  timings_ms: ContextTimings;
}

export interface ContextTimings {
  seeds: number;
  ppr: number;
  steiner: number;
  snippets: number;
  knapsack: number;
}

export interface ContextResult {
  query: string;
  nodes: ContextNode[];
  /** Exact o200k count of renderContext(result); never above token_budget. */
  tokens_used: number;
  token_budget: number;
  seed_nodes: SeedNode[];
  selection: ContextSelection;
}

/** The text the caller receives for the nodes: each node's header and snippet, separated by a blank line. */
export function renderContext(result: { nodes: readonly Pick<ContextNode, 'header' | 'snippet'>[] }): string {
  return result.nodes.map((n) => `${n.header}\n${n.snippet}\n`).join(SNIPPET_SEPARATOR);
}

export function validateBudget(budget: unknown): number {
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < MIN_TOKEN_BUDGET || budget > MAX_TOKEN_BUDGET) {
    throw new UserError(`token_budget must be an integer from ${MIN_TOKEN_BUDGET} to ${MAX_TOKEN_BUDGET}, got ${String(budget)}`);
  }
  return budget;
}

export function getContext(graph: LoadedGraph, source: SourceReader, request: GetContextRequest): ContextResult {
  const query = typeof request.query === 'string' ? request.query.trim() : '';
  if (!query) throw new UserError('query must be a non-empty string');
  const budget = validateBudget(request.tokenBudget ?? DEFAULT_TOKEN_BUDGET);
  const clock = stageClock();
  const parsed = analyzeTask(query, request.synonyms);
  const demoteTests = !isTestTask(parsed);
  const seeds = resolveSeeds(graph, { ...request, query, parsed, demoteTests });
  const seedsMs = clock();
  const seedNodes = seeds.map((s): SeedNode => {
    const e = graph.entities[s.node]!;
    return { path: e.filePath, symbol: e.fqn, kind: e.kind, weight: s.weight, origins: s.origins };
  });
  const empty: ContextSelection = {
    candidates: 0, steiner_tree_nodes: 0, ppr_iterations: 0,
    knapsack_bucketed: false, knapsack_bucket_size: 1, knapsack_capacity_loss_bound: 0,
    timings_ms: { seeds: seedsMs, ppr: 0, steiner: 0, snippets: 0, knapsack: 0 },
  };
  if (seeds.length === 0) return { query, nodes: [], tokens_used: 0, token_budget: budget, seed_nodes: [], selection: empty };

  const { operator, weights } = contextGraph(graph);
  const ppr = personalizedPageRank(operator, new Map(seeds.map((s) => [s.node, s.weight])), { alpha: CONTEXT_ALPHA });
  const scores = ppr.scores;
  const pprMs = clock();
  const candidates = topNodes(scores, CANDIDATE_LIMIT, seeds.map((s) => s.node));
  const tree = steinerConnectors(graph, weights, candidates, scores);
  const steinerMs = clock();

  const renderer = new SnippetRenderer(graph, source);
  const explicit = new Set(seeds.filter((s) => !s.origins.every((o) => o === 'query')).map((s) => s.node));
  const demoted = (node: number): boolean => demoteTests && !explicit.has(node) && isTestPath(graph.entities[node]!.filePath);
  const items = snippetItems(graph, renderer, candidates, scores, tree, budget, demoted);
  const snippetsMs = clock();
  const choice = chooseSnippets(graph, items, budget);
  const ordered = readingOrder(graph, choice.items.map((i) => i.snippet.node), scores);
  const byNode = new Map(choice.items.map((i) => [i.snippet.node, i]));
  const { kept, used } = fitExactly(ordered.map((node) => byNode.get(node)!), budget);

  const nodes = kept.map(({ snippet }): ContextNode => {
    const e = graph.entities[snippet.node]!;
    return {
      path: e.filePath, symbol: e.fqn, kind: e.kind, ppr_score: scores[snippet.node]!,
      tokens: snippet.tokens, header: snippet.header, snippet: snippet.body,
      start_line: snippet.startLine, end_line: snippet.endLine,
      variant: snippet.variant, freshness: snippet.freshness, in_steiner_tree: tree.has(snippet.node),
    };
  });
  return {
    query, nodes, tokens_used: used, token_budget: budget, seed_nodes: seedNodes,
    selection: {
      candidates: candidates.length,
      steiner_tree_nodes: tree.size,
      ppr_iterations: ppr.iterations,
      knapsack_bucketed: choice.bucketSize > 1,
      knapsack_bucket_size: choice.bucketSize,
      knapsack_capacity_loss_bound: choice.capacityLossBound,
      timings_ms: { seeds: seedsMs, ppr: pprMs, steiner: steinerMs, snippets: snippetsMs, knapsack: clock() },
    },
  };
}

/**
 * The snippets joined as the caller receives them, with their exact token count. Tokens can merge across
 * separators, so the knapsack's sum is only an estimate: drop the least valuable snippet until it fits.
 */
function fitExactly(items: readonly SnippetItem[], budget: number): { kept: SnippetItem[]; used: number } {
  let kept = [...items];
  let used = countTokens(kept.map((i) => i.snippet.text).join(SNIPPET_SEPARATOR));
  while (used > budget) {
    const weakest = kept.reduce((a, b) => (b.value < a.value ? b : a));
    kept = kept.filter((i) => i !== weakest);
    used = countTokens(kept.map((i) => i.snippet.text).join(SNIPPET_SEPARATOR));
  }
  return { kept, used };
}

/** Milliseconds since the previous call (or since creation). */
function stageClock(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const ms = now - last;
    last = now;
    return Math.round(ms * 10) / 10;
  };
}

/**
 * Full and outline snippets of the best candidates, valued by normalised PPR score (plus TREE_BONUS in
 * the Steiner tree, times TEST_FILE_FACTOR for demoted test code). A full snippet also carries the value
 * of the candidates nested inside it.
 */
function snippetItems(
  graph: LoadedGraph, renderer: SnippetRenderer, candidates: readonly number[],
  scores: Float64Array, tree: ReadonlySet<number>, budget: number, demoted: (node: number) => boolean,
): SnippetItem[] {
  const top = scores[candidates[0]!]!;
  const base = new Map<number, number>();
  for (const node of candidates) {
    const value = scores[node]! / top + (tree.has(node) ? TREE_BONUS : 0);
    base.set(node, demoted(node) ? value * TEST_FILE_FACTOR : value);
  }
  const byValue = [...candidates].sort((a, b) => base.get(b)! - base.get(a)! || a - b);
  const children = childrenOf(graph);
  const items: SnippetItem[] = [];
  let estimated = 0;
  for (const node of byValue) {
    if (estimated >= RENDER_BUDGET_FACTOR * budget) break;
    const entity = graph.entities[node]!;
    const value = base.get(node)!;
    const hasMembers = children[node]!.length > 0;
    let cheapest = Infinity;
    if (entity.tokens <= budget) {
      const full = renderer.render(node, 'full');
      items.push({ snippet: full, value: value + nestedValue(graph, node, base) });
      cheapest = full.tokens;
    }
    // A module without members has no shorter form than its text.
    if (hasMembers || (cheapest === Infinity && entity.kind !== 'module')) {
      const outline = renderer.render(node, 'outline');
      if (outline.tokens < cheapest) {
        items.push({ snippet: outline, value: OUTLINE_VALUE * value });
        cheapest = outline.tokens;
      }
    }
    // A snippet larger than the budget (the outline of a huge module) can never be chosen: it costs nothing.
    if (cheapest <= budget) estimated += cheapest;
  }
  return items;
}

/** Sum of the base values of the candidates whose span lies inside `node`'s. */
function nestedValue(graph: LoadedGraph, node: number, base: ReadonlyMap<number, number>): number {
  let sum = 0;
  const stack = [...childrenOf(graph)[node]!];
  while (stack.length) {
    const child = stack.pop()!;
    sum += base.get(child) ?? 0;
    stack.push(...childrenOf(graph)[child]!);
  }
  return sum;
}
