/** Architecture recovery over an opened repository, shared by the CLI and the MCP server. */
import { existsSync, readFileSync } from 'node:fs';
import { compare, computeMetrics, detectSmells, recover } from '../architecture/index.js';
export { toMermaid } from '../architecture/index.js';
export type { Architecture } from '../architecture/index.js';
import type { Algorithm, Architecture, ArchitectureMetrics, Comparison, RecoverOptions, Smell, WcaSimilarity } from '../architecture/index.js';
import type { DepGraph } from '../graph/types.js';
import { UserError } from '../util/errors.js';
import type { RepoHandle } from './repo.js';

export const ALGORITHMS: readonly Algorithm[] = ['pkg', 'acdc', 'wca', 'limbo', 'louvain'];

export interface RecoverRequest {
  algorithm?: string;
  pkgDepth?: number;
  numClusters?: number;
  similarity?: string;
}

export function toRecoverOptions(req: RecoverRequest): RecoverOptions {
  const algorithm = (req.algorithm ?? 'pkg') as Algorithm;
  if (!ALGORITHMS.includes(algorithm)) throw new UserError(`unknown algorithm "${req.algorithm}": use one of ${ALGORITHMS.join(', ')}`);
  if (req.pkgDepth !== undefined && (!Number.isInteger(req.pkgDepth) || req.pkgDepth < 1)) throw new UserError('pkg depth must be a positive integer');
  if (req.numClusters !== undefined && (!Number.isInteger(req.numClusters) || req.numClusters < 1)) throw new UserError('cluster count must be a positive integer');
  if (req.similarity !== undefined && req.similarity !== 'uem' && req.similarity !== 'uenm') throw new UserError(`unknown similarity "${req.similarity}": use uem or uenm`);
  return { algorithm, pkgDepth: req.pkgDepth, numClusters: req.numClusters, similarity: req.similarity as WcaSimilarity | undefined };
}

export function graphOf(handle: RepoHandle): DepGraph {
  const g = handle.graph();
  return { entities: g.entities, edges: g.edges, externals: g.externals };
}

export function recoverArchitecture(handle: RepoHandle, req: RecoverRequest): Architecture {
  return recover(graphOf(handle), toRecoverOptions(req));
}

export function architectureMetrics(handle: RepoHandle, arch: Architecture): ArchitectureMetrics {
  return computeMetrics(arch, graphOf(handle));
}

export function architectureSmells(handle: RepoHandle, arch: Architecture): Smell[] {
  return detectSmells(arch, graphOf(handle));
}

/** An architecture named on the command line: a recovery algorithm, or a JSON file a previous `recover --json` wrote. */
export function architectureFrom(handle: RepoHandle, spec: string): Architecture {
  if (ALGORITHMS.includes(spec as Algorithm)) return recoverArchitecture(handle, { algorithm: spec });
  if (!existsSync(spec)) throw new UserError(`"${spec}" is neither an algorithm (${ALGORITHMS.join(', ')}) nor an architecture JSON file`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(spec, 'utf8'));
  } catch {
    throw new UserError(`${spec} is not valid JSON`);
  }
  if (!isArchitecture(parsed)) throw new UserError(`${spec} is not an architecture (expected {algorithm, params, components})`);
  return parsed;
}

function isArchitecture(v: unknown): v is Architecture {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.algorithm === 'string' && Array.isArray(o.components) &&
    o.components.every((c) => typeof c === 'object' && c !== null && typeof (c as Record<string, unknown>).name === 'string' && Array.isArray((c as Record<string, unknown>).entities));
}

export function compareArchitectures(a: Architecture, b: Architecture): Comparison {
  return compare(a, b);
}
