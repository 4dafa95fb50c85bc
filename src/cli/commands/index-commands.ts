/** index, show, stats, export, watch: building and inspecting the stored graph. */
import { watch as fsWatch } from 'node:fs';
import {
  DEFAULT_MAX_BYTES, DEFAULT_WORKERS_CAP, MAX_WORKERS, defaultWorkerCount, indexRepository, locateRepo, type IndexSummary,
} from '../../api/indexing.js';
import { exportGraph, indexStats, showEntity, type ExportFormat } from '../../api/graph-queries.js';
import { openIndexed } from '../../api/open.js';
import { UserError } from '../../util/errors.js';
import { progressReporter } from '../progress.js';
import { LOCATION_OPTIONS, REPO_OPTIONS, int, printJson, repoOf, str, type Command } from '../command.js';

export async function runIndex(
  repo: string,
  indexDir: string | undefined,
  options: { maxFileBytes?: number; workers?: number; quiet?: boolean; keepWorkers?: boolean },
): Promise<IndexSummary> {
  const reporter = progressReporter();
  try {
    return await indexRepository({
      repo,
      indexDir,
      maxFileBytes: options.maxFileBytes,
      workers: options.workers,
      keepWorkers: options.keepWorkers,
      onProgress: options.quiet ? undefined : reporter.update,
    });
  } finally {
    reporter.finish();
  }
}

/** `python 6, go 2`, or `none`. */
function counts(o: Record<string, number>): string {
  return Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
}

/** `calls 8 exact/2 inferred, contains 20 exact`, or `none`. */
function edgeCounts(byKind: Record<string, Record<string, number>>): string {
  return Object.entries(byKind).map(([k, byConf]) => `${k} ${Object.entries(byConf).map(([c, n]) => `${n} ${c}`).join('/')}`).join(', ') || 'none';
}

/** Shown by name in a summary line: the first few files with syntax errors (`--json` lists them all). */
const NAMED_SYNTAX_ERROR_FILES = 5;

/** `2 files with syntax errors: a.py, b/c.py`, naming at most a few. */
function syntaxWarning(paths: readonly string[]): string {
  if (paths.length === 0) return 'no files with syntax errors';
  const named = paths.slice(0, NAMED_SYNTAX_ERROR_FILES).join(', ');
  const more = paths.length > NAMED_SYNTAX_ERROR_FILES ? ` and ${paths.length - NAMED_SYNTAX_ERROR_FILES} more (--json lists all)` : '';
  return `${paths.length} file${paths.length === 1 ? '' : 's'} with syntax errors: ${named}${more}`;
}

function formatSummary(s: IndexSummary): string {
  return [
    `indexed ${s.repo} in ${s.seconds.toFixed(2)}s (index: ${s.indexDir})`,
    ...(s.previousRepo === undefined ? [] : [`replaced: the index of ${s.previousRepo}, which this folder held`]),
    `files:    ${s.files} (${counts(s.filesByLanguage)}); parsed ${s.parsed}, removed ${s.removed}, re-resolved ${s.reresolved}`,
    `skipped:  ${counts(s.skipped)}`,
    `warnings: ${syntaxWarning(s.syntaxErrorPaths)}`,
    `entities: ${counts(s.entitiesByKind)}`,
    `edges:    ${edgeCounts(s.edgesByKind)}; unresolved external references ${s.externals}`,
  ].join('\n');
}

export const indexCommand: Command = {
  name: 'index',
  usage: 'codectx index [--repo DIR] [--index-dir DIR] [--max-file-bytes N] [--workers N] [--json]',
  summary: 'index the repository (incrementally) into a symbol-level dependency graph',
  positionals: [],
  options: {
    ...REPO_OPTIONS,
    'max-file-bytes': { type: 'string', help: `skip files of more bytes (default: ${DEFAULT_MAX_BYTES}, ${DEFAULT_MAX_BYTES / 2 ** 20} MiB)` },
    workers: {
      type: 'string',
      help: `extraction threads, 0 to ${MAX_WORKERS}; 0 extracts on the main thread (default: one per core up to ${DEFAULT_WORKERS_CAP}, here ${defaultWorkerCount()})`,
    },
  },
  async run(values) {
    const summary = await runIndex(await repoOf(values), str(values, 'index-dir'), {
      maxFileBytes: values['max-file-bytes'] ? int(values, 'max-file-bytes', 0, { min: 1 }) : undefined,
      workers: values.workers ? int(values, 'workers', 1, { min: 0, max: MAX_WORKERS }) : undefined,
    });
    if (values.json) printJson(summary);
    else process.stdout.write(`${formatSummary(summary)}\n`);
  },
};

export const showCommand: Command = {
  name: 'show',
  usage: 'codectx show FQN [--file PATH] [--repo DIR] [--index-dir DIR] [--json]',
  summary: 'an entity with its outgoing and incoming edges',
  positionals: ['FQN'],
  options: { ...REPO_OPTIONS, file: { type: 'string', help: 'only the entity defined in this file (repo-relative), when several share the name' } },
  async run(values, positionals) {
    const fqn = positionals[0];
    if (!fqn) throw new UserError('usage: codectx show FQN [--file PATH]');
    const view = await openIndexed(values, (store) => showEntity(store, fqn, str(values, 'file')));
    if (values.json) return printJson(view);
    const e = view.entity;
    const lines = [`${e.kind} ${e.fqn}  (${e.filePath}:${e.startLine}-${e.endLine}, ${e.tokens} tokens${e.exported ? ', exported' : ''})`];
    if (e.signature) lines.push(`  ${e.signature}`);
    if (e.docstring) lines.push(`  "${e.docstring.split('\n')[0]}"`);
    lines.push(`outgoing (${view.outgoing.length}):`);
    for (const x of view.outgoing) lines.push(`  ${x.kind.padEnd(10)} -> ${x.other}  [${x.confidence}, x${x.count}, line ${x.line}]`);
    lines.push(`incoming (${view.incoming.length}):`);
    for (const x of view.incoming) lines.push(`  ${x.kind.padEnd(10)} <- ${x.other}  [${x.confidence}, x${x.count}, line ${x.line}]`);
    if (view.externals.length) {
      lines.push(`external references (${view.externals.length}):`);
      for (const x of view.externals) lines.push(`  ${x.kind.padEnd(10)} -> ${x.module ? `${x.module}.` : ''}${x.symbol}  [x${x.count}]`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  },
};

export const statsCommand: Command = {
  name: 'stats',
  usage: 'codectx stats [--repo DIR] [--index-dir DIR] [--json]',
  summary: 'counts of files, entities and edges in the index',
  positionals: [],
  options: REPO_OPTIONS,
  async run(values) {
    const stats = await openIndexed(values, indexStats);
    if (values.json) return printJson(stats);
    process.stdout.write(
      `${[
        `files:    ${stats.files} (${counts(stats.filesByLanguage)})`,
        `skipped:  ${counts(stats.skipped)}`,
        `warnings: ${syntaxWarning(stats.syntaxErrorPaths)}`,
        `entities: ${stats.entities} (${counts(stats.entitiesByKind)})`,
        `edges:    ${stats.edges} (${edgeCounts(stats.edgesByKind)}); unresolved external references ${stats.externals}`,
      ].join('\n')}\n`,
    );
  },
};

export const exportCommand: Command = {
  name: 'export',
  usage: 'codectx export [--format jsonl|dot|rsf] [--repo DIR] [--index-dir DIR]',
  summary: 'write every entity and edge (with file and lines) to stdout; rsf triples leave out edge lines (jsonl and dot have them)',
  positionals: [],
  options: { ...LOCATION_OPTIONS, format: { type: 'string', help: 'the output format (default: jsonl)' } },
  async run(values) {
    const format = (str(values, 'format') ?? 'jsonl') as ExportFormat;
    if (!['jsonl', 'dot', 'rsf'].includes(format)) throw new UserError(`unknown export format ${format}: use jsonl, dot or rsf`);
    await openIndexed(values, (store) => {
      for (const line of exportGraph(store, format)) process.stdout.write(`${line}\n`);
    });
  },
};

const DEBOUNCE_MS = 300;

export const watchCommand: Command = {
  name: 'watch',
  usage: 'codectx watch [--repo DIR] [--index-dir DIR] [--debounce MS]',
  summary: 'keep the index fresh as files change (debounced)',
  positionals: [],
  options: { ...LOCATION_OPTIONS, debounce: { type: 'string', help: `milliseconds without changes before indexing again (default: ${DEBOUNCE_MS})` } },
  async run(values) {
    const { repo, indexDir } = locateRepo(await repoOf(values), str(values, 'index-dir'));
    const debounceMs = int(values, 'debounce', DEBOUNCE_MS, { min: 0 });
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    let again = false;
    const reindex = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        const s = await runIndex(repo, indexDir, { quiet: true, keepWorkers: true });
        process.stdout.write(`${new Date().toISOString()} parsed ${s.parsed}, removed ${s.removed}, re-resolved ${s.reresolved} (${s.seconds.toFixed(2)}s)\n`);
      } catch (err) {
        process.stderr.write(`codectx: ${err instanceof Error ? err.message : String(err)}\n`);
      } finally {
        running = false;
        if (again) {
          again = false;
          void reindex();
        }
      }
    };
    await reindex();
    const watcher = fsWatch(repo, { recursive: true }, (_event, file) => {
      const name = typeof file === 'string' ? file : '';
      if (name.startsWith('.git/') || name.includes('node_modules/') || (indexDir.startsWith(repo) && `${repo}/${name}`.startsWith(indexDir))) return;
      clearTimeout(timer);
      timer = setTimeout(() => void reindex(), debounceMs);
    });
    process.stdout.write(`watching ${repo} (Ctrl-C to stop)\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => {
        watcher.close();
        resolve();
      });
    });
  },
};
