/** context_for_task, search_symbol, get_context, get_callers, get_dependencies, get_execution_path: what to read, and how code connects. */
import { z } from 'zod';
import { callersForRepo, contextForRepo, dependenciesForRepo, executionPathForRepo } from '../../api/context.js';
import { symbolSearch, taskContext, type TaskContextOptions } from '../../api/retrieval.js';
import { cutRankedList, type JsonObject, type JsonValue, type Reduction } from '../budget.js';
import type { ServerContext } from '../context.js';
import { ARCHITECTURE } from '../sessions.js';
import { defineTool, toJson } from '../tool.js';
import { MAX_LIST_ITEMS, offsetArg, pathArg, queryArg, sessionIdArg, symbolArg } from './args.js';
import { queryTarget } from './target.js';

const repoArg = pathArg.optional().describe('A served repository root (default: the first one); its whole index is queried');
const depGraphArg = sessionIdArg.optional().describe('Query this DependencyGraph session (its ingest filters apply) instead of a whole repository');

/** A client path as the index's root-relative path, refusing paths outside the repository. */
function repoPath(ctx: ServerContext, root: string, path: string): string {
  return ctx.guard.confine(path, { base: root }).rel;
}

export const contextForTaskTool = defineTool({
  name: 'context_for_task',
  description:
    'The files to read for a task (a bug report, feature request or question), ranked, each with its matching entities, their ' +
    'role (direct match, caller, callee, ...) and a reason. An Architecture session adds the files of components the task names.',
  readOnly: true,
  input: {
    dep_graph: sessionIdArg.describe('A DependencyGraph session id (from parse)'),
    task: queryArg.describe('The task in natural language; identifiers, paths and tracebacks in it are matched exactly'),
    architecture: sessionIdArg.optional().describe('An Architecture session id (from recover) of the same repository'),
    max_files: z.number().int().min(1).max(200).default(15),
    offset: offsetArg,
  },
  async run(args, ctx) {
    const target = await queryTarget(ctx, { dep_graph: args.dep_graph });
    const architecture = args.architecture === undefined
      ? undefined
      : (ctx.session(args.architecture, [ARCHITECTURE]).record.result as TaskContextOptions['architecture']);
    const found = taskContext(target.handle, args.task, { architecture, maxFiles: args.offset + args.max_files });
    const page = found.files.slice(args.offset);
    const result = toJson({ dep_graph: target.dep_graph, stale: target.stale, ...found, num_files: page.length, offset: args.offset, files: page });
    const rest = (next: number): string => `call context_for_task again with offset=${next} for the next files`;
    return { result, reductions: [cutRankedList(result, 'files', { label: 'files', offset: args.offset, rest })] };
  },
});

export const searchSymbolTool = defineTool({
  name: 'search_symbol',
  description:
    'Find definitions by name or phrase: exact name or fully-qualified name first, then prefix, all-words and close-spelling ' +
    'matches; within a tier types and public definitions outside tests come first.',
  readOnly: true,
  input: {
    name: symbolArg.describe('A name, fully-qualified name or a few words'),
    exact: z.boolean().default(false).describe('Only exact name or fully-qualified-name matches'),
    limit: z.number().int().min(1).max(200).default(20),
    repo: repoArg,
    dep_graph: depGraphArg,
    offset: offsetArg,
  },
  async run(args, ctx) {
    const target = await queryTarget(ctx, args);
    const found = symbolSearch(target.handle, args.name, { exact: args.exact, limit: args.offset + args.limit });
    const page = found.slice(args.offset);
    const result = toJson({ dep_graph: target.dep_graph, stale: target.stale, name: args.name, offset: args.offset, matches: page });
    const rest = (next: number): string => `call search_symbol again with offset=${next} for more`;
    return { result, reductions: [cutRankedList(result, 'matches', { label: 'matches', offset: args.offset, rest })] };
  },
});

export const getContextTool = defineTool({
  name: 'get_context',
  description:
    'The code most relevant to a query, as ready-to-read snippets (whole entities or outlines) chosen to fit token_budget: ' +
    'lexical and seed matches, personalized PageRank over the graph, a Steiner tree for the connecting code, a knapsack for the budget. ' +
    'Snippets come in reading order; each says whether its file changed since indexing.',
  readOnly: true,
  input: {
    query: queryArg.describe('What to find: a question, a task, identifiers or an error message'),
    token_budget: z.number().int().min(500).max(32_000).default(4000).describe('Tokens of code to select (the snippets themselves)'),
    seed_files: z.array(pathArg).max(MAX_LIST_ITEMS).optional().describe('Files known to matter (repository-relative)'),
    seed_symbols: z.array(symbolArg).max(MAX_LIST_ITEMS).optional().describe('Symbols known to matter (names or fully-qualified names)'),
    repo: repoArg,
  },
  async run(args, ctx) {
    const target = await queryTarget(ctx, { repo: args.repo });
    const found = contextForRepo(target.handle, {
      query: args.query,
      token_budget: args.token_budget,
      seed_files: args.seed_files?.map((f) => repoPath(ctx, target.repo.repo, f)),
      seed_symbols: args.seed_symbols,
    });
    const result = toJson({ stale: target.stale, ...found });
    const rest = (): string => 'raise max_tokens, or lower token_budget so the selection itself is smaller';
    const rankBy = (node: JsonValue): number => Number((node as JsonObject).ppr_score ?? 0);
    const withSeeds = cutRankedList(result, 'nodes', { label: 'snippets', rest, rankBy });
    const seeds = Array.isArray(result.seed_nodes) ? result.seed_nodes : [];
    const { seed_nodes: _seeds, ...withoutSeeds } = result;
    const bare = cutRankedList({ ...withoutSeeds, seed_nodes_total: seeds.length }, 'nodes', { label: 'snippets', rest, rankBy });
    const dropSeeds = (r: ReturnType<Reduction['render']>): ReturnType<Reduction['render']> => ({ value: r.value, note: `seed_nodes dropped; ${r.note}` });
    return { result, reductions: [{ ...withSeeds, min: 1 }, { ...bare, render: (keep) => dropSeeds(bare.render(keep)) }] };
  },
});

export const getCallersTool = defineTool({
  name: 'get_callers',
  description: 'Every call site of a symbol (all same-named definitions when the name is ambiguous; path narrows it), by file and line.',
  readOnly: true,
  input: {
    symbol: symbolArg.describe('Name or fully-qualified name'),
    path: pathArg.optional().describe('The file that defines the symbol, to pick one definition'),
    repo: repoArg,
    dep_graph: depGraphArg,
    offset: offsetArg,
  },
  async run(args, ctx) {
    const target = await queryTarget(ctx, args);
    const path = args.path === undefined ? undefined : repoPath(ctx, target.repo.repo, args.path);
    const found = callersForRepo(target.handle, args.symbol, path);
    const page = found.callers.slice(args.offset);
    const result = toJson({ dep_graph: target.dep_graph, stale: target.stale, targets: found.targets, callers: page, offset: args.offset, callers_total: found.callers.length });
    const rest = (next: number): string => `call get_callers again with offset=${next} for more`;
    return { result, reductions: [cutRankedList(result, 'callers', { label: 'callers', order: 'by file and line', offset: args.offset, total: found.callers.length, rest })] };
  },
});

export const getDependenciesTool = defineTool({
  name: 'get_dependencies',
  description:
    'What a file or symbol depends on (imports, calls, inherits, references): direct dependencies, or with transitive=true a tree to ' +
    '`depth` where each entity appears once; plus the external (unresolved) modules it uses.',
  readOnly: true,
  input: {
    target: pathArg.describe('A repository-relative file path, or a symbol (name or fully-qualified name)'),
    path: pathArg.optional().describe('The file that defines the symbol target, to pick one definition'),
    transitive: z.boolean().default(false),
    depth: z.number().int().min(1).max(10).default(3),
    repo: repoArg,
    dep_graph: depGraphArg,
  },
  async run(args, ctx) {
    const t = await queryTarget(ctx, args);
    // A target that names a file must stay inside the repository; a symbol has no slashes to check.
    const targetPath = /[\\/]/.test(args.target) ? repoPath(ctx, t.repo.repo, args.target) : args.target;
    const path = args.path === undefined ? undefined : repoPath(ctx, t.repo.repo, args.path);
    const found = dependenciesForRepo(t.handle, targetPath, { transitive: args.transitive, depth: args.depth, path, narrow: 'the path argument' });
    const result = toJson({ dep_graph: t.dep_graph, stale: t.stale, ...found });
    return { result, reductions: dependencyReductions(result) };
  },
});

export const getExecutionPathTool = defineTool({
  name: 'get_execution_path',
  description: 'The cheapest call/import paths from one symbol to another (up to k, loopless), each step with its file and line; says so when there is none.',
  readOnly: true,
  input: {
    source: symbolArg.describe('Where the path starts (name or fully-qualified name)'),
    sink: symbolArg.describe('Where it ends'),
    source_path: pathArg.optional().describe('The file that defines source, to pick one definition'),
    sink_path: pathArg.optional().describe('The file that defines sink, to pick one definition'),
    k: z.number().int().min(1).max(10).default(3).describe('How many paths'),
    repo: repoArg,
    dep_graph: depGraphArg,
  },
  async run(args, ctx) {
    const target = await queryTarget(ctx, args);
    const file = (path: string | undefined): string | undefined => (path === undefined ? undefined : repoPath(ctx, target.repo.repo, path));
    const found = executionPathForRepo(target.handle, args.source, args.sink, args.k, {
      sourcePath: file(args.source_path), sinkPath: file(args.sink_path),
      narrow: { source: 'the source_path argument', sink: 'the sink_path argument' },
    });
    const result = toJson({ dep_graph: target.dep_graph, stale: target.stale, ...found });
    const rest = (): string => 'raise max_tokens for the costlier paths';
    return { result, reductions: [cutRankedList(result, 'paths', { label: 'paths', rest })] };
  },
});

/**
 * A dependency tree shrinks from the leaves: deeper levels are dropped first (their counts kept), then the
 * external modules, then the direct dependencies from the bottom.
 */
export function dependencyReductions(result: JsonObject): Reduction[] {
  const deps = Array.isArray(result.dependencies) ? result.dependencies : [];
  const externals = Array.isArray(result.externals) ? result.externals : [];
  const maxDepth = treeDepth(deps);
  const pruned = (levels: number): JsonValue[] => deps.map((d) => pruneTree(d, levels));
  const ask = 'ask for a smaller depth, or raise max_tokens';
  const reductions: Reduction[] = [
    {
      min: 1,
      max: Math.max(1, maxDepth - 1),
      render: (levels) => ({
        value: { ...result, dependencies: pruned(levels) },
        note: `dependency tree cut below level ${levels} (children_total gives the cut counts); ${ask}`,
      }),
    },
  ];
  const oneLevel: JsonObject = { ...result, dependencies: pruned(1) };
  if (externals.length) {
    const cut = cutRankedList(oneLevel, 'externals', { label: 'external modules', order: 'alphabetical', rest: () => ask });
    reductions.push({ ...cut, render: (keep) => { const r = cut.render(keep); return { value: r.value, note: `dependency tree cut below level 1; ${r.note}` }; } });
  }
  const bare: JsonObject = { ...oneLevel, externals: [], externals_total: externals.length };
  const cutDeps = cutRankedList(bare, 'dependencies', { label: 'direct dependencies', order: 'in the order found', rest: () => ask });
  reductions.push({ ...cutDeps, render: (keep) => { const r = cutDeps.render(keep); return { value: r.value, note: `externals dropped; ${r.note}` }; } });
  return reductions;
}

function treeDepth(nodes: readonly JsonValue[]): number {
  let depth = 0;
  for (const n of nodes) {
    const children = (n as JsonObject).children;
    depth = Math.max(depth, 1 + (Array.isArray(children) ? treeDepth(children) : 0));
  }
  return depth;
}

function pruneTree(node: JsonValue, levels: number): JsonValue {
  const n = node as JsonObject;
  const children = Array.isArray(n.children) ? n.children : [];
  if (levels <= 1) return children.length ? { ...n, children: [], children_total: countTree(children) } : n;
  return { ...n, children: children.map((c) => pruneTree(c, levels - 1)) };
}

function countTree(nodes: readonly JsonValue[]): number {
  return nodes.reduce<number>((sum, c) => {
    const children = (c as JsonObject).children;
    return sum + 1 + (Array.isArray(children) ? countTree(children) : 0);
  }, 0);
}
