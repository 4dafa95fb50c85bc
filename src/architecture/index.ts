/** Architecture recovery, metrics, comparison and smells over a DepGraph. */
export { recover } from './recover.js';
export { computeMetrics } from './metrics.js';
export { compare } from './compare.js';
export { detectSmells } from './smells.js';
export { toMermaid } from './mermaid.js';
export type {
  Algorithm,
  Architecture,
  ArchitectureMetrics,
  Comparison,
  Component,
  ComponentMatch,
  RecoverOptions,
  Severity,
  SizeDistribution,
  Smell,
  SmellKind,
  WcaSimilarity,
} from './types.js';
