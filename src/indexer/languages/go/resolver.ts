/** Go: import paths through go.mod module paths, one namespace per package directory, methods by receiver type. */
import { posix } from 'node:path';
import type { ImportBinding, LanguageResolver, ModuleTarget, RepoView } from '../../resolve/language.js';
import { ownedMembers } from '../../resolve/owned-members.js';
import { goResultType, goTypeParameters, packageName } from './signature.js';

const BUILTINS = new Set(
  'append cap clear close complex copy delete imag len make max min new panic print println real recover error string bool byte rune int int8 int16 int32 int64 uint uint8 uint16 uint32 uint64 uintptr float32 float64 any nil true false iota'.split(' '),
);
const COMMON_METHODS = new Set('Error String Close Read Write Lock Unlock RLock RUnlock Done Err Value Len Less Swap Add Wait'.split(' '));

function dirOf(file: string): string {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
}

export function goResolver(repo: RepoView): LanguageResolver {
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
  return {
    separator: '.',
    selfReceivers: new Set(),
    classReceiver: null,
    superReceiver: null,
    importsAreMembers: false,
    classMembersInScope: false,
    typeBodyIsScope: false,
    variablesNeverTypes: true,
    embeddedBases: true,
    builtinModule: (name) => (BUILTINS.has(name) ? 'builtin' : null),
    isCommonMethod: (name) => COMMON_METHODS.has(name),
    resolveModule(specifier, fromFile) {
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
