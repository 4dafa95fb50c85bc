/** tsconfig.json (`paths`, `baseUrl`, `extends`) and package.json workspaces, read through the resolver's readFile. */
import { posix } from 'node:path';
import type { ProjectFileFacts } from '../../resolve/language.js';

export type ReadFile = (relPath: string) => string | null;

/** JSON with comments and trailing commas, as tsconfig files are written. Null when unparsable. */
export function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i < 0) break;
      i++;
    } else out += c;
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return null;
  }
}

/**
 * The `packages` list of a pnpm-workspace.yaml, as a block of `- pattern` lines or a flow list (`[a, b]`); the other
 * keys (`catalog`, `trustPolicyExclude`...) hold list items and versions that are no packages.
 */
export function pnpmWorkspacePatterns(text: string): string[] {
  const unquote = (item: string): string => item.trim().replace(/^(['"])(.*)\1$/, '$2');
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^packages\s*:/.test(line));
  if (start < 0) return [];
  const inline = /^packages\s*:\s*\[([^\]]*)\]/.exec(lines[start]!);
  if (inline) return inline[1]!.split(',').map(unquote).filter((p) => p !== '');
  const patterns: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const item = /^\s+-\s*(.*?)\s*(?:#.*)?$/.exec(line);
    if (item) patterns.push(unquote(item[1]!));
    // The next top-level key ends the list; blank and comment lines do not.
    else if (/^\S/.test(line) && !line.startsWith('#')) break;
  }
  return patterns.filter((p) => p !== '');
}

export const pnpmWorkspaceFacts: ProjectFileFacts = {
  accepts: (relPath) => relPath === 'pnpm-workspace.yaml',
  facts: pnpmWorkspacePatterns,
};

/**
 * What the JS/TS resolver reads of a JSON project file: of a package.json its name, workspaces and entry points
 * (workspacePackages, manifestEntries), of a tsconfig what loadPathMapping takes.
 */
export const jsonProjectFileFacts: ProjectFileFacts = {
  accepts: (relPath) => relPath.endsWith('.json'),
  facts(text) {
    const json = asRecord(parseJsonc(text));
    if (json === null) return null;
    const options = asRecord(json['compilerOptions']);
    const pick = (record: Record<string, unknown> | null, keys: readonly string[]): Record<string, unknown> =>
      Object.fromEntries(keys.flatMap((key) => (record !== null && key in record ? [[key, record[key]]] : [])));
    return { ...pick(json, ['name', 'workspaces', 'exports', 'types', 'typings', 'module', 'main', 'extends']), compilerOptions: pick(options, ['baseUrl', 'paths']) };
  },
};

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export interface PathMapping {
  /** Directory `paths` targets are relative to (baseUrl when set, else the config that declared `paths`). */
  pathsBase: string;
  paths: ReadonlyMap<string, readonly string[]>;
  baseUrl: string | null;
}

export interface WorkspacePackage {
  name: string;
  dir: string;
  manifest: Record<string, unknown>;
}

/** Workspace packages declared by the root package.json (`workspaces`) or pnpm-workspace.yaml. */
export function workspacePackages(readFile: ReadFile, dirs: ReadonlySet<string>): { get(name: string): WorkspacePackage | undefined } {
  const patterns: string[] = [];
  const root = asRecord(parseJsonc(readFile('package.json') ?? ''));
  const declared = root?.['workspaces'];
  const list = Array.isArray(declared) ? declared : asRecord(declared)?.['packages'];
  if (Array.isArray(list)) for (const p of list) if (typeof p === 'string') patterns.push(p);
  patterns.push(...pnpmWorkspacePatterns(readFile('pnpm-workspace.yaml') ?? ''));
  const matchers = patterns
    .filter((p) => !p.startsWith('!'))
    .map((p) => new RegExp('^' + p.replace(/\/+$/, '').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\0').replace(/\*/g, '[^/]+').replace(/\0/g, '.*') + '$'));
  const packages = new Map<string, WorkspacePackage>();
  const add = (dir: string) => {
    const manifest = asRecord(parseJsonc(readFile(`${dir}/package.json`) ?? ''));
    const name = manifest?.['name'];
    if (manifest && typeof name === 'string' && !packages.has(name)) packages.set(name, { name, dir, manifest });
  };
  for (const dir of [...dirs].sort()) if (matchers.some((m) => m.test(dir))) add(dir);
  const probed = new Set<string>();
  return {
    get(name: string): WorkspacePackage | undefined {
      // Packages without source files (shared configs) are not among `dirs`: try `<pattern dir>/<unscoped name>`.
      if (!packages.has(name) && !probed.has(name)) {
        probed.add(name);
        const short = name.slice(name.lastIndexOf('/') + 1);
        for (const pattern of patterns) {
          if (pattern.endsWith('/*') && !pattern.slice(0, -2).includes('*')) add(`${pattern.slice(0, -2)}/${short}`);
        }
      }
      return packages.get(name);
    },
  };
}

/**
 * The merged `paths`/`baseUrl` of a tsconfig, following `extends` (a relative path, an array of
 * them, or a package: a workspace package or one under node_modules).
 */
export function loadPathMapping(
  configPath: string,
  readFile: ReadFile,
  resolvePackageFile: (specifier: string) => string | null,
  seen: Set<string> = new Set(),
): PathMapping | null {
  if (seen.has(configPath)) return null;
  seen.add(configPath);
  const config = asRecord(parseJsonc(readFile(configPath) ?? ''));
  if (!config) return null;
  const dir = posix.dirname(configPath) === '.' ? '' : posix.dirname(configPath);
  let merged: PathMapping = { pathsBase: dir, paths: new Map(), baseUrl: null };
  const parents = config['extends'];
  for (const parent of Array.isArray(parents) ? parents : parents === undefined ? [] : [parents]) {
    if (typeof parent !== 'string') continue;
    const parentPath = parent.startsWith('.')
      ? posix.normalize(posix.join(dir, parent.endsWith('.json') ? parent : `${parent}.json`))
      : resolvePackageFile(parent);
    const inherited = parentPath ? loadPathMapping(parentPath, readFile, resolvePackageFile, seen) : null;
    if (inherited) merged = { ...inherited, paths: inherited.paths.size > 0 ? inherited.paths : merged.paths };
  }
  const options = asRecord(config['compilerOptions']);
  const baseUrl = options?.['baseUrl'];
  if (typeof baseUrl === 'string') {
    const abs = posix.normalize(posix.join(dir, baseUrl));
    merged = { ...merged, baseUrl: abs === '.' ? '' : abs, pathsBase: abs === '.' ? '' : abs };
  }
  const paths = asRecord(options?.['paths']);
  if (paths) {
    const map = new Map<string, string[]>();
    for (const [pattern, targets] of Object.entries(paths)) {
      if (Array.isArray(targets)) map.set(pattern, targets.filter((t): t is string => typeof t === 'string'));
    }
    merged = { ...merged, paths: map, pathsBase: typeof baseUrl === 'string' ? merged.pathsBase : dir };
  }
  return merged;
}

/** Entry points a package manifest names for `subpath` ('.' or './x'), most specific first. */
export function manifestEntries(manifest: Record<string, unknown>, subpath: string): string[] {
  const out: string[] = [];
  const pick = (value: unknown): void => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(pick);
    else {
      const conditions = asRecord(value);
      if (!conditions) return;
      const preferred = ['types', 'import', 'module', 'default', 'require', 'node'];
      // Custom conditions (`"@org/source": "./src/index.ts"`) come last; entries missing from the repo are skipped later.
      for (const key of [...preferred, ...Object.keys(conditions).filter((k) => !preferred.includes(k))]) if (key in conditions) pick(conditions[key]);
    }
  };
  const exports = manifest['exports'];
  const exportMap = asRecord(exports);
  if (subpath === '.') {
    if (typeof exports === 'string' || Array.isArray(exports)) pick(exports);
    else if (exportMap && !Object.keys(exportMap).some((k) => k.startsWith('.'))) pick(exportMap);
    else if (exportMap) pick(exportMap['.']);
    for (const field of ['types', 'typings', 'module', 'main']) pick(manifest[field]);
  } else if (exportMap) {
    if (subpath in exportMap) pick(exportMap[subpath]);
    for (const [key, value] of Object.entries(exportMap)) {
      const star = key.indexOf('*');
      if (star < 0 || !subpath.startsWith(key.slice(0, star)) || !subpath.endsWith(key.slice(star + 1))) continue;
      const matched = subpath.slice(star, subpath.length - (key.length - star - 1));
      const before = out.length;
      pick(value);
      for (let i = before; i < out.length; i++) out[i] = out[i]!.replace('*', matched);
    }
  }
  return out;
}
