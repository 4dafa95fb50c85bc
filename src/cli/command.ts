import type { ParseArgsConfig } from 'node:util';
import type { RepoHandle } from '../api/repo.js';
import { UserError } from '../util/errors.js';
import { progressReporter } from './progress.js';

type ParseArgsOption = NonNullable<ParseArgsConfig['options']>[string];

/** An option as parseArgs takes it; `help` is its line in `codectx <command> --help`, with its default. */
export interface OptionDef extends ParseArgsOption {
  help?: string;
}
export type OptionSpec = Record<string, OptionDef>;
export type ParsedValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface Command {
  name: string;
  usage: string;
  summary: string;
  /** The positional arguments as usage names them: `[X]` is optional, `X...` repeats. main.ts refuses other counts. */
  positionals: readonly string[];
  options: OptionSpec;
  run(values: ParsedValues, positionals: string[]): Promise<number | void>;
}

/** Where the repository and its index are, for commands that print no JSON. */
export const LOCATION_OPTIONS: OptionSpec = {
  repo: { type: 'string', help: "the repository (default: the index folder's own, else the nearest folder from here up with a .codectx index, else the current directory)" },
  'index-dir': { type: 'string', help: 'the index folder (default: $CODECTX_INDEX_DIR when set, else <repo>/.codectx)' },
};

/** Options every repository command shares. */
export const REPO_OPTIONS: OptionSpec = {
  ...LOCATION_OPTIONS,
  json: { type: 'boolean', help: 'print the result as JSON' },
};

/** The repository `--repo` names, else the one the command means without it (api/open.ts defaultRepo). */
export async function repoOf(values: ParsedValues): Promise<string> {
  const repo = str(values, 'repo');
  if (repo !== undefined) return repo;
  // Loaded here, not with this module, which every command imports (see commands.ts).
  const { defaultRepo } = await import('../api/open.js');
  return defaultRepo(str(values, 'index-dir'));
}

export function str(values: ParsedValues, key: string): string | undefined {
  const v = values[key];
  return typeof v === 'string' ? v : undefined;
}

export function strs(values: ParsedValues, key: string): string[] {
  const v = values[key];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return typeof v === 'string' ? [v] : [];
}

/**
 * An integer option within `range` when given; anything else is the user's mistake (exit code 2), not a crash, and
 * is said before any work starts (a port out of range would otherwise fail only once the index is updated).
 */
export function int(values: ParsedValues, key: string, fallback: number, range: { min?: number; max?: number } = {}): number {
  const v = str(values, key);
  if (v === undefined) return fallback;
  const n = Number(v);
  const { min, max } = range;
  if (v.trim() === '' || !Number.isInteger(n) || (min !== undefined && n < min) || (max !== undefined && n > max)) {
    const bounds = min !== undefined && max !== undefined ? ` from ${min} to ${max}` : min !== undefined ? ` of at least ${min}` : max !== undefined ? ` of at most ${max}` : '';
    throw new UserError(`--${key} must be an integer${bounds}, got ${v}`);
  }
  return n;
}

/** Ports the servers accept: 0 asks the system for a free one. */
export const PORT_RANGE = { min: 0, max: 65535 };

/** The address the servers listen on unless --host says otherwise. */
export const DEFAULT_HOST = '127.0.0.1';

/** Refreshes of an index shorter than this print no progress: a query's output is not buried under it. */
const QUIET_REFRESH_MS = 1000;

/** Opens the repository after an incremental index run (progress on stderr once it runs long), runs `use`, closes it. */
export async function withUpdatedRepo<T>(values: ParsedValues, use: (handle: RepoHandle) => T): Promise<T> {
  // Loaded here, not with this module, which every command imports (see commands.ts).
  const { openRepo } = await import('../api/repo.js');
  const reporter = progressReporter(process.stderr, { silentForMs: QUIET_REFRESH_MS });
  let handle: Awaited<ReturnType<typeof openRepo>>;
  try {
    handle = await openRepo({ repo: await repoOf(values), indexDir: str(values, 'index-dir'), update: true, onProgress: reporter.update });
  } finally {
    reporter.finish();
  }
  if (handle.readOnly) process.stderr.write(`codectx: ${handle.indexDir} cannot be written: answering from the index as it was last built, without looking for changes\n`);
  try {
    return use(handle);
  } finally {
    handle.close();
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
