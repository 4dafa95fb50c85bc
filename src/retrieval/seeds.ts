/**
 * get_context's restart distribution: the task's most relevant entities (from the same file ranking as
 * context_for_task: BM25F, exact mentions, propagation and whole-file text), plus the entities of the
 * given seed files and the given seed symbols, each weighted by how strongly it matched.
 */
import type { LoadedGraph } from '../graph/memory.js';
import { rankTaskFiles } from './context-for-task.js';
import { analyzeTask, type TaskQuery } from './lexical.js';
import type { SynonymMap } from './synonyms.js';
import { fileEntities, findSymbol, type SymbolMatch } from './symbol-lookup.js';

export type SeedOrigin = 'query' | 'file' | 'symbol';

export interface Seed {
  node: number;
  weight: number;
  origins: SeedOrigin[];
}

export interface SeedRequest {
  query: string;
  /** The query already analysed (with the synonyms), when the caller has it. */
  parsed?: TaskQuery;
  seedFiles?: readonly string[];
  seedSymbols?: readonly string[];
  synonyms?: SynonymMap;
  /** Test files rank TEST_FILE_FACTOR as high, so their query seeds weigh less (explicit seeds never are demoted). */
  demoteTests?: boolean;
}

/** The best files of the task ranking whose entities seed the walk. */
export const QUERY_SEED_FILES = 10;
/** Seeded entities per ranked file: its most relevant ones. */
export const SEEDS_PER_FILE = 3;
/**
 * A file's share of the restart mass is (score / top score) to this power. File scores lie close together
 * (the tenth file often scores 80% of the first), so a linear share spreads the walk evenly over them
 * whatever their order; squaring favours the files ranked first.
 */
export const SHARE_EXPONENT = 2;
/** Weight of one explicit seed symbol (or of one seed file, shared by its entities); the best query hit weighs 1. */
export const EXPLICIT_SEED_WEIGHT = 2;
/** A symbol matched by simple name or fqn suffix, rather than exactly, is less certain. */
const SYMBOL_MATCH_FACTOR: Readonly<Record<SymbolMatch, number>> = { fqn: 1, name: 0.75, suffix: 0.75 };

/** Seeds by node, heaviest first. Throws UserError for a seed file or symbol the index does not have. */
export function resolveSeeds(graph: LoadedGraph, request: SeedRequest): Seed[] {
  const seeds = new Map<number, Seed>();
  const add = (node: number, weight: number, origin: SeedOrigin): void => {
    const seed = seeds.get(node);
    if (!seed) seeds.set(node, { node, weight, origins: [origin] });
    else {
      seed.weight += weight;
      if (!seed.origins.includes(origin)) seed.origins.push(origin);
    }
  };
  for (const file of request.seedFiles ?? []) {
    const nodes = fileEntities(graph, file);
    for (const node of nodes) add(node, EXPLICIT_SEED_WEIGHT / nodes.length, 'file');
  }
  for (const symbol of request.seedSymbols ?? []) {
    const { nodes, match } = findSymbol(graph, symbol);
    const weight = (EXPLICIT_SEED_WEIGHT * SYMBOL_MATCH_FACTOR[match]) / nodes.length;
    for (const node of nodes) add(node, weight, 'symbol');
  }
  const queryHits = querySeeds(graph, request);
  const queryWeights = queryHits.map((h) => h.weight);
  // Seeds the user named carry at least half of the restart mass, however many words the query matched.
  const explicitTotal = [...seeds.values()].reduce((s, seed) => s + seed.weight, 0);
  const queryTotal = queryWeights.reduce((s, w) => s + w, 0);
  const scale = explicitTotal > 0 && queryTotal > explicitTotal ? explicitTotal / queryTotal : 1;
  queryHits.forEach((h) => add(h.node, h.weight * scale, 'query'));
  return [...seeds.values()].sort((a, b) => b.weight - a.weight || a.node - b.node);
}

/**
 * The query's seeds: the best entities of the best-ranked files. A file's share comes from its score over
 * the top file's (test files already demoted by the ranking) and goes to its entities by their relevance;
 * a file ranked on its text alone seeds its module.
 */
function querySeeds(graph: LoadedGraph, request: SeedRequest): { node: number; weight: number }[] {
  const query = request.parsed ?? analyzeTask(request.query, request.synonyms);
  const ranked = rankTaskFiles(graph, query, { demoteTests: request.demoteTests === true }).slice(0, QUERY_SEED_FILES);
  const top = ranked[0]?.score ?? 0;
  if (top <= 0) return [];
  const seeds: { node: number; weight: number }[] = [];
  for (const { file, score, entries } of ranked) {
    const share = (score / top) ** SHARE_EXPONENT;
    const best = entries.slice(0, SEEDS_PER_FILE);
    if (best.length === 0) {
      const module = graph.byFile.get(file)?.find((i) => graph.entities[i]!.kind === 'module');
      if (module !== undefined) seeds.push({ node: module, weight: share });
      continue;
    }
    const bestScore = best[0]![1].score;
    for (const [node, r] of best) seeds.push({ node, weight: share * (bestScore > 0 ? r.score / bestScore : 1) });
  }
  return seeds;
}
