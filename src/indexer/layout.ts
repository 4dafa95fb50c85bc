/** Repository facts that decide module names: Python import roots and Go modules. */
import type { ProjectFileFacts } from './resolve/language.js';
import type { ProjectLayout } from './types.js';

function dirOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The module path a go.mod declares (its `module` line), all that is read of it. */
function goModulePath(text: string): string | null {
  return /^\s*module\s+("?)([^\s"]+)\1/m.exec(text)?.[2] ?? null;
}

/** What module names take of a go.mod: a new requirement or Go version changes nothing they resolve. */
export const goModFacts: ProjectFileFacts = { accepts: (relPath) => baseOf(relPath) === 'go.mod', facts: goModulePath };

/** Files other than sources that detectLayout reads: the walk must list them too. */
export function isLayoutFile(path: string): boolean {
  return baseOf(path) === 'go.mod';
}

/**
 * Python import roots: the repository root, plus every directory that is not itself a package but
 * holds one (a child directory with `__init__.py`): `src` in a src/ layout, `tests` when its test
 * packages are imported as top-level packages. Go modules: the `module` line of each go.mod.
 */
export function detectLayout(files: readonly string[], readFile: (rel: string) => string | null): ProjectLayout {
  const packages = new Set<string>();
  for (const file of files) {
    const base = baseOf(file);
    if (base === '__init__.py' || base === '__init__.pyi') packages.add(dirOf(file));
  }
  const roots = new Set<string>(['']);
  for (const pkg of packages) {
    if (pkg === '') continue;
    const parent = dirOf(pkg);
    if (!packages.has(parent)) roots.add(parent);
  }
  const goModules = new Map<string, string>();
  for (const file of files) {
    if (baseOf(file) !== 'go.mod') continue;
    const path = goModulePath(readFile(file) ?? '');
    if (path !== null) goModules.set(dirOf(file), path);
  }
  return {
    files,
    pythonRoots: [...roots].sort((a, b) => b.length - a.length || a.localeCompare(b)),
    goModules,
  };
}
