/**
 * get_context's restart distribution: lexical matches of the query, plus the entities of the given
 * seed files and the given seed symbols, each weighted by how strongly it matched.
 */
import type { LoadedGraph } from '../graph/memory.js';
import { lexicalSeeds } from './lexical.js';
import type { SynonymMap } from './synonyms.js';
import { isTestPath } from './test-files.js';
import { fileEntities, findSymbol, type SymbolMatch } from './symbol-lookup.js';

export type SeedOrigin = 'query' | 'file' | 'symbol';

export interface Seed {
  node: number;
  weight: number;
  origins: SeedOrigin[];
}

export interface SeedRequest {
  query: string;
  seedFiles?: readonly string[];
  seedSymbols?: readonly string[];
  synonyms?: SynonymMap;
  /** Query matches in test files count TEST_CODE_FACTOR as much (explicit seeds never are demoted). */
  demoteTests?: boolean;
}

/** How many lexical hits seed the walk. */
export const QUERY_SEED_LIMIT = 20;
/** What a test entity is worth relative to the same match in code under test, unless the query is about tests. */
export const TEST_CODE_FACTOR = 0.5;
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
  const hits = lexicalSeeds(graph, request.query, request.synonyms, { limit: QUERY_SEED_LIMIT });
  const top = hits[0]?.score ?? 0;
  const queryWeights = top > 0
    ? hits.map((hit) => {
      const demoted = request.demoteTests === true && isTestPath(graph.entities[hit.nodeIndex]!.filePath);
      return (hit.score / top) * (demoted ? TEST_CODE_FACTOR : 1);
    })
    : [];
  // Seeds the user named carry at least half of the restart mass, however many words the query matched.
  const explicitTotal = [...seeds.values()].reduce((s, seed) => s + seed.weight, 0);
  const queryTotal = queryWeights.reduce((s, w) => s + w, 0);
  const scale = explicitTotal > 0 && queryTotal > explicitTotal ? explicitTotal / queryTotal : 1;
  queryWeights.forEach((w, k) => add(hits[k]!.nodeIndex, w * scale, 'query'));
  return [...seeds.values()].sort((a, b) => b.weight - a.weight || a.node - b.node);
}
