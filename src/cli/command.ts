import type { ParseArgsConfig } from 'node:util';

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

export function int(values: ParsedValues, key: string, fallback: number): number {
  const v = str(values, key);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new Error(`--${key} must be an integer, got ${v}`);
  return n;
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
