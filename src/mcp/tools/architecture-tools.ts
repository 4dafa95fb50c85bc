/** recover, compute_metrics, compare, detect_smells: architecture sessions and what is measured about them. */
import { z } from 'zod';
import { ALGORITHMS, architectureMetrics, architectureSmells, compareArchitectures, recoverArchitecture } from '../../api/architecture.js';
import type { RepoHandle } from '../../api/repo.js';
import { indexIdle, type LoadedGraph, type SessionRecord, type WorkspaceRepo } from '../../api/workspace.js';
import { UserError } from '../../util/errors.js';

import { cutRankedList, type JsonObject } from '../budget.js';
import { componentReductions, type ComponentShape } from '../budget-shapes.js';
import type { ServerContext } from '../context.js';
import { ARCHITECTURE, DEPENDENCY_GRAPH, sessionGraph, showSession } from '../sessions.js';
import { defineTool, toJson } from '../tool.js';
import { sessionIdArg } from './args.js';

type Architecture = ReturnType<typeof recoverArchitecture>;
type Algorithm = (typeof ALGORITHMS)[number];

interface ArchitectureParams {
  dep_graph: string;
  algorithm: Algorithm;
  pkg_depth: number | null;
  num_clusters: number | null;
}

/** How architecture results shrink: members per component, then counts per kind, then names and sizes. */
export function architectureShape(rest: string, graph?: LoadedGraph): ComponentShape {
  const kindOf = (fqn: string): string | undefined => {
    const i = graph?.byFqn.get(fqn)?.[0];
    return i === undefined ? undefined : graph!.entities[i]!.kind;
  };
  return {
    key: 'components',
    members: ['entities', 'files'],
    kindOf: graph && ((list, member) => (list === 'entities' && typeof member === 'string' ? kindOf(member) : undefined)),
    rest,
  };
}

/** An Architecture session with its stored architecture and the graph it was recovered from. */
function architectureSession(ctx: ServerContext, id: string): { shown: JsonObject; arch: Architecture; graphView: RepoHandle } {
  const { repo, record } = ctx.session(id, [ARCHITECTURE]);
  const params = record.params as ArchitectureParams;
  let depGraph;
  try {
    depGraph = ctx.session(params.dep_graph, [DEPENDENCY_GRAPH]);
  } catch {
    throw new UserError(`architecture ${id} was recovered from DependencyGraph ${params.dep_graph}, which no longer exists; parse and recover again`);
  }
  const arch = record.result as Architecture;
  return { shown: showSession(ctx, repo, record), arch, graphView: graphView(depGraph.repo, depGraph.record) };
}

/** The repository handle whose graph is a DependencyGraph session's view. */
function graphView(repo: WorkspaceRepo, record: SessionRecord): RepoHandle {
  return { ...repo, graph: () => sessionGraph(repo, record) };
}

export const recoverTool = defineTool({
  name: 'recover',
  description:
    'Recover the architecture of a DependencyGraph session: components (named, with a one-line responsibility, their entities, ' +
    'files and dependencies). Algorithms: pkg (by package/directory, pkg_depth), acdc (subgraph patterns), wca and limbo ' +
    '(hierarchical, num_clusters), louvain (modularity). Returns an Architecture session.',
  readOnly: false,
  input: {
    dep_graph: sessionIdArg.describe('A DependencyGraph session id (from parse)'),
    algorithm: z.enum(ALGORITHMS as [Algorithm, ...Algorithm[]]).default('pkg'),
    pkg_depth: z.number().int().min(1).max(20).optional().describe('pkg: directory/package segments to group by (automatic when absent)'),
    num_clusters: z.number().int().min(1).max(10_000).optional().describe('wca, limbo: number of components (size-based default)'),
  },
  async run(args, ctx) {
    const { repo, record } = ctx.session(args.dep_graph, [DEPENDENCY_GRAPH]);
    const view = graphView(repo, record);
    const graph = view.graph();
    if (graph.entities.length === 0) throw new UserError(`dependency graph ${record.id} has no entities to cluster`);
    const arch = recoverArchitecture(view, { algorithm: args.algorithm, pkgDepth: args.pkg_depth, numClusters: args.num_clusters });
    const params: ArchitectureParams = {
      dep_graph: record.id,
      algorithm: args.algorithm,
      pkg_depth: args.pkg_depth ?? null,
      num_clusters: args.num_clusters ?? null,
    };
    const stored = { dep_graph: record.id, num_components: arch.components.length, ...toJson(arch) };
    await indexIdle(repo);
    const session = repo.sessions.create(ARCHITECTURE, params, stored, { indexVersion: graph.version, treeHash: record.treeHash });
    const result = showSession(ctx, repo, session);
    const rest = `get_full_result(session_id='${session.id}') pages through the whole components`;
    return { result, reductions: componentReductions(result, architectureShape(rest, graph)) };
  },
});

export const computeMetricsTool = defineTool({
  name: 'compute_metrics',
  description: 'Quality metrics of an Architecture session: component sizes, TurboMQ, BasicMQ, modularity, intra/inter-connectivity, internal and external edges.',
  readOnly: true,
  input: { architecture: sessionIdArg.describe('An Architecture session id (from recover)') },
  run(args, ctx) {
    const { shown, arch, graphView: view } = architectureSession(ctx, args.architecture);
    return { result: { architecture: args.architecture, stale: shown.stale ?? false, ...toJson(architectureMetrics(view, arch)) } };
  },
});

export const compareTool = defineTool({
  name: 'compare',
  description: 'Compare two Architecture sessions: MoJoFM and a2a similarity (0..100) and the best one-to-one matching of their components, largest overlap first.',
  readOnly: true,
  input: {
    architecture_a: sessionIdArg,
    architecture_b: sessionIdArg.describe('Taken as the authoritative architecture for MoJoFM'),
  },
  run(args, ctx) {
    const a = architectureSession(ctx, args.architecture_a);
    const b = architectureSession(ctx, args.architecture_b);
    const result = toJson({
      architecture_a: args.architecture_a,
      architecture_b: args.architecture_b,
      stale: a.shown.stale === true || b.shown.stale === true,
      ...compareArchitectures(a.arch, b.arch),
    });
    return {
      result,
      reductions: [cutRankedList(result, 'matches', { label: 'component matches', rest: () => 'raise max_tokens for the remaining matches' })],
    };
  },
});

const SEVERITY_RANK: Record<string, number> = { high: 0, medium: 1, low: 2 };

export const detectSmellsTool = defineTool({
  name: 'detect_smells',
  description: 'Architectural smells of an Architecture session (dependency cycles, link overload, concern overload, scattered functionality), most severe first, each with an explanation.',
  readOnly: true,
  input: { architecture: sessionIdArg.describe('An Architecture session id (from recover)') },
  run(args, ctx) {
    const { shown, arch, graphView: view } = architectureSession(ctx, args.architecture);
    const smells = architectureSmells(view, arch).sort((x, y) => (SEVERITY_RANK[x.severity] ?? 3) - (SEVERITY_RANK[y.severity] ?? 3));
    const result = toJson({ architecture: args.architecture, stale: shown.stale ?? false, smells, smells_total: smells.length });
    return {
      result,
      reductions: [cutRankedList(result, 'smells', { label: 'smells', order: 'most severe first', rest: () => 'raise max_tokens for the less severe ones' })],
    };
  },
});
