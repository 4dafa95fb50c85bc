/**
 * Questions about the dependency graph itself: who calls a symbol, what a file or symbol depends on
 * (directly or transitively, as a tree), and the cheapest call/import paths from one symbol to another.
 */
import { buildCsr, type Csr } from '../graph/csr.js';
import type { LoadedGraph } from '../graph/memory.js';
import { bfsTree, kShortestPaths } from '../graph/traversal.js';
import type { Confidence, EdgeKind, EntityKind } from '../graph/types.js';
import { UserError } from '../util/errors.js';
import { edgeWeight } from './context-graph.js';
import { findOneSymbol, findSymbol, normalizePath } from './symbol-lookup.js';

export interface EntityRef {
  symbol: string;
  kind: EntityKind;
  path: string;
  line: number;
}

export interface CallSite {
  caller: EntityRef;
  /** The called entity (one of the targets). */
  callee: string;
  /** Where the call is: the caller's file and the line of its first occurrence. */
  site: string;
  line: number;
  confidence: Confidence;
  count: number;
}

export interface CallersResult {
  targets: EntityRef[];
  callers: CallSite[];
}

function entityRef(graph: LoadedGraph, node: number): EntityRef {
  const e = graph.entities[node]!;
  return { symbol: e.fqn, kind: e.kind, path: e.filePath, line: e.startLine };
}

/** Every call into the entities named `symbol` (all of them when the name is ambiguous), by call site. */
export function getCallers(graph: LoadedGraph, symbol: string, path?: string): CallersResult {
  const { nodes } = findSymbol(graph, symbol, path);
  const callers: CallSite[] = [];
  for (const target of nodes) {
    for (const p of graph.in[target]!) {
      const edge = graph.edges[p]!;
      if (edge.kind !== 'calls') continue;
      const caller = entityRef(graph, graph.edgeSource[p]!);
      callers.push({
        caller, callee: graph.entities[target]!.fqn, site: `${caller.path}:${edge.line}`, line: edge.line,
        confidence: edge.confidence, count: edge.count,
      });
    }
  }
  callers.sort((a, b) => a.caller.path.localeCompare(b.caller.path) || a.line - b.line || a.caller.symbol.localeCompare(b.caller.symbol));
  return { targets: nodes.map((n) => entityRef(graph, n)), callers };
}

export const DEPENDENCY_KINDS: readonly EdgeKind[] = ['imports', 'calls', 'inherits', 'implements', 'references'];
export const MIN_DEPTH = 1;
export const MAX_DEPTH = 10;
export const DEFAULT_DEPTH = 3;

export interface Dependency extends EntityRef {
  /** Kinds of the edges reaching it, e.g. ['calls', 'imports']. */
  via: EdgeKind[];
  /** Line (in the depending file) of the first occurrence. */
  site_line: number;
  confidence: Confidence;
  count: number;
  depth: number;
  /** Its own dependencies one level deeper (transitive mode only). */
  children: Dependency[];
}

export interface ExternalDependency {
  module: string;
  symbol: string;
  kind: EdgeKind;
  count: number;
  /** Entities of the target that use it. */
  used_by: string[];
}

export interface DependenciesResult {
  target: { kind: 'file'; path: string } | { kind: 'symbol'; entity: EntityRef };
  transitive: boolean;
  depth: number;
  dependencies: Dependency[];
  externals: ExternalDependency[];
}

export interface DependencyOptions {
  transitive?: boolean;
  depth?: number;
  /** The file that defines a symbol target, to pick one definition; the target is then read as a symbol only. */
  path?: string;
  /** The caller's option that gives `path` (`--file PATH`), named when the symbol is ambiguous. */
  narrow?: string;
}

/**
 * What a file (all its entities) or a symbol (it and its members) depends on. Direct mode lists the
 * entities reached by one edge; transitive mode returns a BFS tree to `depth` where each entity
 * appears once, under the first (shortest) way it was reached.
 */
export function getDependencies(graph: LoadedGraph, target: string, options: DependencyOptions = {}): DependenciesResult {
  const depth = options.depth ?? DEFAULT_DEPTH;
  if (!Number.isInteger(depth) || depth < MIN_DEPTH || depth > MAX_DEPTH) {
    throw new UserError(`depth must be an integer from ${MIN_DEPTH} to ${MAX_DEPTH}, got ${depth}`);
  }
  const transitive = options.transitive ?? false;
  const fileNodes = options.path === undefined ? graph.byFile.get(normalizePath(target)) : undefined;
  const sources = fileNodes ?? withMembers(graph, findTargetSymbol(graph, target, options));
  const resultTarget: DependenciesResult['target'] = fileNodes
    ? { kind: 'file', path: normalizePath(target) }
    : { kind: 'symbol', entity: entityRef(graph, sources[0]!) };
  const tree = bfsTree(dependencyCsr(graph), sources, transitive ? depth : 1);
  const inSources = new Set(sources);
  const made = new Map<number, Dependency>();
  const roots: Dependency[] = [];
  for (let k = 0; k < tree.order.length; k++) {
    const node = tree.order[k]!;
    if (tree.depth[k] === 0) continue;
    const parent = tree.parent[k]!;
    const edges = (inSources.has(parent) ? sources : [parent]).flatMap((s) => graph.out[s]!.filter((p) => graph.edgeTarget[p] === node && DEPENDENCY_KINDS.includes(graph.edges[p]!.kind)));
    const dep = dependency(graph, node, edges, tree.depth[k]!);
    made.set(node, dep);
    if (inSources.has(parent)) roots.push(dep);
    else made.get(parent)!.children.push(dep);
  }
  return { target: resultTarget, transitive, depth: transitive ? depth : 1, dependencies: roots, externals: externalsOf(graph, sources) };
}

/** The symbol named by a target that is not an indexed file; the error covers both readings. */
function findTargetSymbol(graph: LoadedGraph, target: string, options: DependencyOptions): number {
  try {
    return findOneSymbol(graph, target, options.path, options.narrow);
  } catch (err) {
    if (options.path === undefined && err instanceof UserError && err.message.startsWith('no entity named')) {
      throw new UserError(`no file or symbol named ${target} in the index (files are repo-relative paths)`);
    }
    throw err;
  }
}

function dependency(graph: LoadedGraph, node: number, edgePositions: readonly number[], depth: number): Dependency {
  const edges = edgePositions.map((p) => graph.edges[p]!);
  const via = [...new Set(edges.map((e) => e.kind))];
  return {
    ...entityRef(graph, node), via,
    site_line: Math.min(...edges.map((e) => e.line)),
    confidence: edges.some((e) => e.confidence === 'exact') ? 'exact' : 'inferred',
    count: edges.reduce((sum, e) => sum + e.count, 0),
    depth, children: [],
  };
}

function withMembers(graph: LoadedGraph, node: number): number[] {
  const out = [node];
  for (let k = 0; k < out.length; k++) {
    for (const p of graph.out[out[k]!]!) if (graph.edges[p]!.kind === 'contains') out.push(graph.edgeTarget[p]!);
  }
  return out;
}

function externalsOf(graph: LoadedGraph, sources: readonly number[]): ExternalDependency[] {
  const ids = new Map(sources.map((n) => [graph.entities[n]!.id, graph.entities[n]!.fqn]));
  const merged = new Map<string, ExternalDependency>();
  for (const x of graph.externals) {
    const user = ids.get(x.source);
    if (user === undefined) continue;
    const key = `${x.kind}\0${x.module}\0${x.symbol}`;
    const entry = merged.get(key) ?? { module: x.module, symbol: x.symbol, kind: x.kind, count: 0, used_by: [] };
    entry.count += x.count;
    if (!entry.used_by.includes(user)) entry.used_by.push(user);
    merged.set(key, entry);
  }
  return [...merged.values()].sort((a, b) => a.module.localeCompare(b.module) || a.symbol.localeCompare(b.symbol) || a.kind.localeCompare(b.kind));
}

export const PATH_KINDS: readonly EdgeKind[] = ['calls', 'imports'];
export const DEFAULT_PATH_COUNT = 3;

export interface PathStep {
  from: string;
  to: string;
  kind: EdgeKind;
  confidence: Confidence;
  /** Where the step happens: the file of `from` and the line. */
  site: string;
}

export interface ExecutionPath {
  /** Sum of 1/weight over the steps: fewer and stronger steps are cheaper. */
  cost: number;
  nodes: EntityRef[];
  steps: PathStep[];
}

export interface ExecutionPathResult {
  source: EntityRef;
  sink: EntityRef;
  found: boolean;
  /** Cheapest first; empty when no call/import path exists. */
  paths: ExecutionPath[];
  message: string;
}

/** The files that define a path's ends, to pick one definition of each, and the caller's options that give them. */
export interface PathEnds {
  sourcePath?: string;
  sinkPath?: string;
  narrow?: { source: string; sink: string };
}

/** Up to `k` cheapest loopless call/import paths from `source` to `sink` (Yen), or an explicit "no path". */
export function getExecutionPath(graph: LoadedGraph, source: string, sink: string, k = DEFAULT_PATH_COUNT, ends: PathEnds = {}): ExecutionPathResult {
  if (!Number.isInteger(k) || k < 1 || k > MAX_DEPTH) throw new UserError(`the number of paths must be from 1 to ${MAX_DEPTH}, got ${k}`);
  const from = findOneSymbol(graph, source, ends.sourcePath, ends.narrow?.source);
  const to = findOneSymbol(graph, sink, ends.sinkPath, ends.narrow?.sink);
  const found = kShortestPaths(pathCsr(graph), from, to, k);
  const paths = found.map((path): ExecutionPath => ({
    cost: path.cost,
    nodes: path.nodes.map((n) => entityRef(graph, n)),
    steps: path.edges.map((p) => {
      const edge = graph.edges[p]!;
      const fromEntity = graph.entities[graph.edgeSource[p]!]!;
      return {
        from: fromEntity.fqn, to: graph.entities[graph.edgeTarget[p]!]!.fqn,
        kind: edge.kind, confidence: edge.confidence, site: `${fromEntity.filePath}:${edge.line}`,
      };
    }),
  }));
  const fromName = graph.entities[from]!.fqn;
  const toName = graph.entities[to]!.fqn;
  const message = paths.length
    ? `${paths.length} path${paths.length > 1 ? 's' : ''} from ${fromName} to ${toName}`
    : `no call or import path from ${fromName} to ${toName}`;
  return { source: entityRef(graph, from), sink: entityRef(graph, to), found: paths.length > 0, paths, message };
}

const dependencyCsrs = new WeakMap<LoadedGraph, Csr>();
const pathCsrs = new WeakMap<LoadedGraph, Csr>();

function dependencyCsr(graph: LoadedGraph): Csr {
  let csr = dependencyCsrs.get(graph);
  if (!csr) {
    csr = kindCsr(graph, DEPENDENCY_KINDS, () => 1);
    dependencyCsrs.set(graph, csr);
  }
  return csr;
}

function pathCsr(graph: LoadedGraph): Csr {
  let csr = pathCsrs.get(graph);
  if (!csr) {
    csr = kindCsr(graph, PATH_KINDS, (p) => 1 / edgeWeight(graph.edges[p]!));
    pathCsrs.set(graph, csr);
  }
  return csr;
}

/** CSR of the edges of the given kinds; its edgeIds are edge positions of the LoadedGraph. */
function kindCsr(graph: LoadedGraph, kinds: readonly EdgeKind[], cost: (p: number) => number): Csr {
  const positions: number[] = [];
  graph.edges.forEach((e, p) => {
    if (kinds.includes(e.kind)) positions.push(p);
  });
  const csr = buildCsr(
    graph.entities.length,
    positions.map((p) => graph.edgeSource[p]!),
    positions.map((p) => graph.edgeTarget[p]!),
    positions.map(cost),
  );
  for (let i = 0; i < csr.edgeIds.length; i++) csr.edgeIds[i] = positions[csr.edgeIds[i]!]!;
  return csr;
}
