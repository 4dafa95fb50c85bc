/** ingest, parse, list_sessions, get_full_result, delete_session: sessions and their lifecycle. */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { NO_FILTER, type FileFilter } from '../../api/file-filter.js';
import { indexIdle, sourceFiles, supportedLanguages, workingTreeFingerprint, type LanguageId, type WorkspaceRepo } from '../../api/workspace.js';
import type { ServerContext } from '../context.js';
import { UserError } from '../../util/errors.js';
import { cutRankedList, type JsonObject, type Reduction } from '../budget.js';
import { componentReductions } from '../budget-shapes.js';
import { architectureShape } from './architecture-tools.js';
import {
  ARCHITECTURE,
  DEPENDENCY_GRAPH,
  INGESTED_REPO,
  buildDepGraphSession,
  currentState,
  findDepGraphSession,
  showSession,
  type DepGraphParams,
  type IngestParams,
} from '../sessions.js';
import { defineTool, toJson } from '../tool.js';
import { offsetArg, pathArg, sessionIdArg } from './args.js';

export const ingestTool = defineTool({
  name: 'ingest',
  description:
    'Register a repository (a served root or a directory inside one) for analysis: counts its source files by language after the ' +
    'filters, without parsing. Returns an IngestedRepo session; pass its session_id to parse.',
  readOnly: false,
  input: {
    source: pathArg.describe('Repository root or a directory inside it (relative paths are relative to the first served root)'),
    languages: z.array(z.enum(supportedLanguages() as [LanguageId, ...LanguageId[]])).max(10).optional()
      .describe('Only these languages (default: all supported)'),
    exclude_tests: z.boolean().default(false).describe('Leave out test directories and test files (test_*.py, *_test.go, *.test.ts, ...)'),
    exclude_dirs: z.array(pathArg).max(100).optional().describe('Directories to leave out, relative to the repository root'),
  },
  async run(args, ctx) {
    const where = ctx.guard.confine(args.source, { mustExist: true });
    if (!statSync(where.abs).isDirectory()) throw new UserError(`source ${JSON.stringify(args.source)} is not a directory`);
    const repo = ctx.repoAt(where.root);
    const filter: FileFilter = {
      scope: where.rel,
      languages: [...(args.languages ?? [])].sort(),
      excludeTests: args.exclude_tests,
      excludeDirs: (args.exclude_dirs ?? []).map((d) => {
        const dir = ctx.guard.confine(d, { base: where.root });
        if (dir.root !== where.root) throw new UserError(`exclude_dirs entry ${JSON.stringify(d)} is not inside ${where.root}`);
        return dir.rel;
      }).sort(),
    };
    const files = sourceFiles(repo, filter);
    const byLanguage: Record<string, number> = {};
    for (const f of files) byLanguage[f.language] = (byLanguage[f.language] ?? 0) + 1;
    const result = {
      name: where.rel ? basename(where.abs) : repo.name,
      repo: repo.repo,
      scope: where.rel,
      num_files: files.length,
      languages: Object.keys(byLanguage).sort(),
      files_by_language: byLanguage,
      filters: { languages: filter.languages, exclude_tests: filter.excludeTests, exclude_dirs: filter.excludeDirs },
    };
    const params: IngestParams = { filter };
    await indexIdle(repo);
    return { result: showSession(ctx, repo, repo.sessions.create(INGESTED_REPO, params, result, currentState(repo))) };
  },
});

export const parseTool = defineTool({
  name: 'parse',
  description:
    'Build the dependency graph (entities and their calls/imports/inherits edges) of an ingested repository or of a path, ' +
    'indexing incrementally. Returns a DependencyGraph session with counts and `stale` (files changed since it was built). ' +
    'Reuses the existing graph session for the same input; refresh=true re-indexes the changed files and updates it.',
  readOnly: false,
  input: {
    source_path: pathArg.optional().describe('Repository root or directory inside it; parsed without filters'),
    session_id: sessionIdArg.optional().describe('An IngestedRepo session (its filters apply) or a DependencyGraph session to refresh'),
    refresh: z.boolean().default(false).describe('Bring the graph up to date with the files on disk (incremental)'),
  },
  async run(args, ctx) {
    if ((args.source_path === undefined) === (args.session_id === undefined)) {
      throw new UserError('pass exactly one of source_path or session_id');
    }
    if (args.session_id !== undefined) {
      const { repo, record } = ctx.session(args.session_id, [INGESTED_REPO, DEPENDENCY_GRAPH]);
      if (record.type === DEPENDENCY_GRAPH) {
        const params = record.params as DepGraphParams;
        return { result: args.refresh ? await buildDepGraphSession(ctx, repo, params, record) : showSession(ctx, repo, record) };
      }
      const params: DepGraphParams = { filter: (record.params as IngestParams).filter, ingest_session_id: record.id };
      return { result: await parseWith(ctx, repo, params, args.refresh) };
    }
    const where = ctx.guard.confine(args.source_path!, { mustExist: true });
    if (!statSync(where.abs).isDirectory()) throw new UserError(`source_path ${JSON.stringify(args.source_path)} is not a directory`);
    const params: DepGraphParams = { filter: { ...NO_FILTER, scope: where.rel }, ingest_session_id: null };
    return { result: await parseWith(ctx, ctx.repoAt(where.root), params, args.refresh) };
  },
});

async function parseWith(ctx: ServerContext, repo: WorkspaceRepo, params: DepGraphParams, refresh: boolean): Promise<JsonObject> {
  const existing = findDepGraphSession(repo, params);
  if (existing && !refresh) return showSession(ctx, repo, existing);
  return buildDepGraphSession(ctx, repo, params, existing);
}

export const listSessionsTool = defineTool({
  name: 'list_sessions',
  description: 'Sessions stored in the served repositories (they survive restarts), newest first, with their type and whether they are stale.',
  readOnly: true,
  input: { offset: offsetArg },
  run(args, ctx) {
    const fingerprints = new Map<string, string>();
    const rows = ctx.allSessions().reverse().map(({ repo, session }) => {
      if (!fingerprints.has(repo.repo)) fingerprints.set(repo.repo, workingTreeFingerprint(repo));
      return {
        session_id: session.id,
        type: session.type,
        repo: repo.repo,
        created_at: session.createdAt,
        stale: fingerprints.get(repo.repo) !== session.treeHash,
      };
    });
    const page = rows.slice(args.offset);
    const result = toJson({ sessions: page, sessions_total: rows.length, offset: args.offset });
    return {
      result,
      reductions: [cutRankedList(result, 'sessions', { label: 'sessions', order: 'newest first', offset: args.offset, total: rows.length, rest: (next) => `call list_sessions with offset=${next} for more` })],
    };
  },
});

export const getFullResultTool = defineTool({
  name: 'get_full_result',
  description:
    "A session's whole stored result (an architecture's components with all their entities, a graph's counts). " +
    'Large results are paged: offset skips that many components.',
  readOnly: true,
  input: { session_id: sessionIdArg, offset: offsetArg },
  run(args, ctx) {
    const { repo, record } = ctx.session(args.session_id);
    const shown = showSession(ctx, repo, record);
    if (record.type !== ARCHITECTURE || !Array.isArray(shown.components)) return { result: shown };
    const components = shown.components;
    const page: JsonObject = { ...shown, components: components.slice(args.offset), offset: args.offset };
    const rest = (next: number): string => `call get_full_result(session_id='${record.id}', offset=${next}) for the next components`;
    const paging: Reduction = { ...cutRankedList(page, 'components', { label: 'components', order: 'by name', offset: args.offset, total: components.length, rest }), min: 1 };
    const firstOnly: JsonObject = { ...page, components: components.slice(args.offset, args.offset + 1) };
    const restOfFirst = `a larger max_tokens (the next components: get_full_result(session_id='${record.id}', offset=${args.offset + 1}))`;
    return { result: page, reductions: [paging, ...componentReductions(firstOnly, architectureShape(restOfFirst))] };
  },
});

export const deleteSessionTool = defineTool({
  name: 'delete_session',
  description: 'Delete a stored session by id.',
  readOnly: false,
  input: { session_id: sessionIdArg },
  async run(args, ctx) {
    const { repo, record } = ctx.session(args.session_id);
    await indexIdle(repo);
    repo.sessions.delete(record.id);
    return { result: { deleted: record.id, type: record.type, remaining: ctx.allSessions().length } };
  },
});
