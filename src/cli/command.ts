import type { ParseArgsConfig } from 'node:util';
import type { RepoHandle } from '../api/repo.js';
import { UserError } from '../util/errors.js';
import { progressReporter } from './progress.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type ParsedValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface Command {
  name: string;
  usage: string;
  summary: string;
  options: OptionSpec;
  run(values: ParsedValues, positionals: string[]): Promise<number | void>;
}

/** Options every repository command shares. */
export const REPO_OPTIONS: OptionSpec = {
  repo: { type: 'string' },
  'index-dir': { type: 'string' },
  json: { type: 'boolean' },
};

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

/** Refreshes of an index shorter than this print no progress: a query's output is not buried under it. */
const QUIET_REFRESH_MS = 1000;

/** Opens the repository after an incremental index run (progress on stderr once it runs long), runs `use`, closes it. */
export async function withUpdatedRepo<T>(values: ParsedValues, use: (handle: RepoHandle) => T): Promise<T> {
  // Loaded here, not with this module, which every command imports (see commands.ts).
  const { openRepo } = await import('../api/repo.js');
  const reporter = progressReporter(process.stderr, { silentForMs: QUIET_REFRESH_MS });
  let handle: RepoHandle;
  try {
    handle = await openRepo({ repo: str(values, 'repo') ?? '.', indexDir: str(values, 'index-dir'), update: true, onProgress: reporter.update });
  } finally {
    reporter.finish();
  }
  try {
    return use(handle);
  } finally {
    handle.close();
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
