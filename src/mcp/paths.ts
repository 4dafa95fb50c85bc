/**
 * Confines every path a client sends to the served repository roots: `..` segments, absolute paths outside the
 * roots and symlinks whose target leaves them are rejected with a message saying which roots are served.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { UserError } from '../util/errors.js';

export const MAX_PATH_CHARS = 4096;

export interface ConfinedPath {
  /** The served root the path is in (real path). */
  root: string;
  /** Absolute path, inside `root`. */
  abs: string;
  /** Root-relative POSIX path; '' for the root itself. */
  rel: string;
}

export class PathGuard {
  readonly roots: readonly string[];

  constructor(roots: readonly string[]) {
    if (roots.length === 0) throw new Error('PathGuard needs at least one root');
    this.roots = roots.map((r) => realpathSync(r));
  }

  /**
   * Resolves `input` (relative paths against `base`, the first root by default) to a path inside a served root.
   * A path that does not exist is still checked through its nearest existing ancestor.
   */
  confine(input: string, options: { base?: string; mustExist?: boolean } = {}): ConfinedPath {
    if (input.length > MAX_PATH_CHARS) throw new UserError(`path is longer than ${MAX_PATH_CHARS} characters`);
    if (input.includes('\0')) throw new UserError('path contains a NUL character');
    if (input.split(/[\\/]/).includes('..')) throw new UserError(`path ${JSON.stringify(input)} may not contain '..'`);
    const base = options.base ?? this.roots[0]!;
    const lexical = isAbsolute(input) ? resolve(input) : resolve(base, input);
    const root = this.roots.find((r) => isInside(lexical, r)) ?? this.roots.find((r) => isInside(realOfNearest(lexical), r));
    if (!root) throw new UserError(`path ${JSON.stringify(input)} is outside the served repositories (${this.describeRoots()})`);
    const real = realOfNearest(lexical);
    if (!isInside(real, root)) {
      throw new UserError(`path ${JSON.stringify(input)} leaves the served repository through a symlink (${this.describeRoots()})`);
    }
    if (options.mustExist && !existsSync(lexical)) throw new UserError(`path ${JSON.stringify(input)} does not exist`);
    const abs = isInside(lexical, root) ? lexical : real;
    return { root, abs, rel: relative(root, abs).split(sep).join('/') };
  }

  describeRoots(): string {
    return `served: ${this.roots.join(', ')}`;
  }
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
}

/** The real path of `path`, or of its nearest existing ancestor joined with the missing rest. */
function realOfNearest(path: string): string {
  let current = path;
  const missing: string[] = [];
  for (;;) {
    try {
      return resolve(realpathSync(current), ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      missing.push(current.slice(parent.length).replace(/^[\\/]/, ''));
      current = parent;
    }
  }
}
