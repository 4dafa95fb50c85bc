/** Architecture recovery and analysis, as the surfaces call them (over the in-memory graph). */
import type { Algorithm } from '../architecture/index.js';

export { recover, computeMetrics, compare, detectSmells, toMermaid } from '../architecture/index.js';
export type { Algorithm, Architecture, ArchitectureMetrics, Comparison, Component, Smell, WcaSimilarity } from '../architecture/index.js';

export const ALGORITHMS: readonly Algorithm[] = ['pkg', 'acdc', 'wca', 'limbo', 'louvain'];
