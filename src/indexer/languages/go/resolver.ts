/**
 * Go: import paths through go.mod module paths and vendor directories, one namespace per package directory, methods
 * by receiver type.
 */
import { posix } from 'node:path';
import type { ImportBinding, LanguageResolver, ModuleTarget, RepoView } from '../../resolve/language.js';
import { ownedMembers } from '../../resolve/owned-members.js';
import { compiledOn, platformOf, PLATFORMS, type Platform } from './build-constraints.js';
import { goResultType, goTypeParameters, packageName } from './signature.js';

const BUILTINS = new Set(
  'append cap clear close complex copy delete imag len make max min new panic print println real recover error string bool byte rune int int8 int16 int32 int64 uint uint8 uint16 uint32 uint64 uintptr float32 float64 any nil true false iota'.split(' '),
);
const COMMON_METHODS = new Set('Error String Close Read Write Lock Unlock RLock RUnlock Done Err Value Len Less Swap Add Wait'.split(' '));

function dirOf(file: string): string {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
}

/** Whether import path `specifier` is `path` or a package below it. */
function within(specifier: string, path: string): boolean {
  return specifier === path || specifier.startsWith(path + '/');
}

/** The directory `rest` below `dir` ('' for none), repository-relative. */
function below(dir: string, rest: string): string {
  return dir === '' ? rest : rest === '' ? dir : `${dir}/${rest}`;
}

interface Vendor {
  /** The vendor directory, repository-relative. */
  dir: string;
  /** Module path -> the repository directory that replaces it (`# example.com/api v1.0.0 => ./api` in modules.txt). */
  replaced: [path: string, dir: string][];
}

/**
 * The vendor directories of the repository's modules (of the root, for a repository without go.mod), by module
 * directory: those holding Go packages. Their modules.txt says which vendored modules are copies of a directory of
 * the main module (`replace` with a local path).
 */
function vendorDirectories(repo: RepoView, packageDirs: readonly string[], moduleRootOf: (dir: string) => string): Map<string, Vendor> {
  const vendors = new Map<string, Vendor>();
  for (const dir of packageDirs) {
    const root = moduleRootOf(dir);
    const rest = root === '' ? dir : dir.slice(root.length + 1);
    if (!rest.startsWith('vendor/') || vendors.has(root)) continue;
    const vendorDir = below(root, 'vendor');
    const replaced: [string, string][] = [];
    for (const line of (repo.readFile(`${vendorDir}/modules.txt`) ?? '').split('\n')) {
      const match = /^# (\S+)(?: \S+)? => (\.{1,2}(?:\/\S*)?)(?: \S+)?\s*$/.exec(line);
      if (!match) continue;
      const local = posix.normalize(posix.join(root === '' ? '.' : root, match[2]!));
      if (local !== '..' && !local.startsWith('../')) replaced.push([match[1]!, local === '.' ? '' : local]);
    }
    // The longest module path first: a module nested in another's path is its own.
    vendors.set(root, { dir: vendorDir, replaced: replaced.sort((a, b) => b[0].length - a[0].length) });
  }
  return vendors;
}

export function goResolver(repo: RepoView): LanguageResolver {
  const platformsByKey = new Map<string, Platform>(PLATFORMS.map((p) => [`${p.os}/${p.arch}`, p]));
  const packages = new Map<string, string[]>();
  for (const [file, extract] of repo.extracts) {
    if (extract.language !== 'go') continue;
    const list = packages.get(dirOf(file));
    if (list) list.push(file);
    else packages.set(dirOf(file), [file]);
  }
  const modules = [...repo.layout.goModules].sort((a, b) => b[1].length - a[1].length);
  const packageAt = (dir: string): ModuleTarget | null => {
    const files = packages.get(dir);
    return files ? { kind: 'files', files, key: dir } : null;
  };
  const moduleDirs = [...repo.layout.goModules.keys()].sort((a, b) => b.length - a.length);
  /** The directory of the go.mod nearest above `dir` ('' at the root, or for a repository without go.mod). */
  const moduleRootOf = (dir: string): string => moduleDirs.find((m) => m === '' || dir === m || dir.startsWith(m + '/')) ?? '';
  const vendors = vendorDirectories(repo, [...packages.keys()], moduleRootOf);
  return {
    separator: '.',
    selfReceivers: new Set(),
    classReceiver: null,
    superReceiver: null,
    importsAreMembers: false,
    classMembersInScope: false,
    typeBodyIsScope: false,
    variablesNeverTypes: true,
    outsideResultsOutside: true,
    embeddedBases: true,
    builtinModule: (name) => (BUILTINS.has(name) ? 'builtin' : null),
    isCommonMethod: (name) => COMMON_METHODS.has(name),
    resolveModule(specifier, fromFile) {
      const root = moduleRootOf(dirOf(fromFile));
      const own = repo.layout.goModules.get(root);
      // The module's own packages, then those of other modules vendored into it (Go builds with the vendor directory
      // when there is one): a module replaced by a directory of the repository is that directory, which was copied.
      if (own !== undefined && within(specifier, own)) {
        const found = packageAt(below(root, specifier.slice(own.length + 1)));
        if (found) return found;
      }
      const vendor = specifier.startsWith('.') ? undefined : vendors.get(root);
      if (vendor !== undefined) {
        for (const [path, dir] of vendor.replaced) {
          if (!within(specifier, path)) continue;
          const found = packageAt(below(dir, specifier.slice(path.length + 1)));
          if (found) return found;
        }
        const found = packageAt(`${vendor.dir}/${specifier}`);
        if (found) return found;
      }
      for (const [dir, path] of modules) {
        if (specifier !== path && !specifier.startsWith(path + '/')) continue;
        const found = packageAt(posix.join(dir, specifier.slice(path.length + 1)).replace(/^\.$/, ''));
        if (found) return found;
      }
      if (specifier.startsWith('.')) return packageAt(posix.join(dirOf(fromFile), specifier));
      return { kind: 'external', module: specifier };
    },
    importBindings(imp): ImportBinding[] {
      if (imp.alias === '_' || imp.alias === '.') return [];
      if (imp.alias) return [{ local: imp.alias }];
      return [{ local: packageName(imp.module) }];
    },
    packageOf: (file) => {
      const files = packages.get(dirOf(file));
      return files ? { files, key: dirOf(file) } : null;
    },
    packageFiles: (key) => packages.get(key) ?? null,
    extraMembers: ownedMembers(repo.extracts, 'go', '.', dirOf),
    platformOf: (file) => {
      const { os, arch } = platformOf(file, repo.extracts.get(file)?.buildConstraint);
      return `${os}/${arch}`;
    },
    compiledOn: (file, key) => compiledOn(file, repo.extracts.get(file)?.buildConstraint, platformsByKey.get(key) ?? PLATFORMS[0]!),
    // A function's value is its first result (`x, err := f()`); Go has no overloads.
    returnType(declarations) {
      const fn = declarations.length === 1 ? declarations[0]! : null;
      const typeName = fn?.language === 'go' ? goResultType(fn.signature) : null;
      return typeName === null ? null : { typeName, instance: true };
    },
    typeParameters: (entity) => (entity.language === 'go' ? goTypeParameters(entity.signature) : []),
    receiverOf: (method) => {
      const match = /^func\s*\(\s*([\p{L}_][\p{L}\p{Nd}_]*)\s+\*?\s*([\p{L}_][\p{L}\p{Nd}_.]*)/u.exec(method.signature);
      return match ? { variable: match[1]!, typeName: match[2]! } : null;
    },
  };
}
