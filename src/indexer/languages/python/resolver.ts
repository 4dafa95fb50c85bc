/** Python name resolution: dotted module names, relative imports, submodules as package attributes, builtins. */
import type { ImportBinding, LanguageResolver, ModuleTarget, RepoView } from '../../resolve/language.js';
import type { RawImport } from '../../types.js';
import { annotatedType, returnAnnotation } from './types.js';

const BUILTINS = new Set(
  ('abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex ' +
    'delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help ' +
    'hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord ' +
    'pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type ' +
    'vars zip __import__ NotImplemented Ellipsis BaseException Exception ArithmeticError AssertionError ' +
    'AttributeError EOFError ImportError ModuleNotFoundError IndexError KeyError KeyboardInterrupt LookupError ' +
    'MemoryError NameError NotImplementedError OSError OverflowError RecursionError RuntimeError StopIteration ' +
    'StopAsyncIteration SyntaxError SystemError SystemExit TypeError UnboundLocalError UnicodeError ' +
    'UnicodeDecodeError UnicodeEncodeError ValueError ZeroDivisionError IOError EnvironmentError FileNotFoundError ' +
    'FileExistsError PermissionError TimeoutError ConnectionError BrokenPipeError InterruptedError IsADirectoryError ' +
    'NotADirectoryError ProcessLookupError ChildProcessError BlockingIOError Warning UserWarning DeprecationWarning ' +
    'PendingDeprecationWarning RuntimeWarning SyntaxWarning FutureWarning ImportWarning UnicodeWarning BytesWarning ' +
    'ResourceWarning GeneratorExit BaseExceptionGroup ExceptionGroup __name__ __file__ __doc__ __package__ __spec__'
  ).split(' '),
);

/** Methods of str, bytes, list, dict, set, file objects and re matches. */
const COMMON_METHODS = new Set(
  ('append extend insert remove pop clear index count sort reverse copy keys values items get setdefault update ' +
    'popitem fromkeys add discard union intersection difference symmetric_difference issubset issuperset isdisjoint ' +
    'join split rsplit strip lstrip rstrip replace startswith endswith find rfind lower upper format format_map ' +
    'encode decode splitlines partition rpartition ljust rjust center zfill casefold title capitalize swapcase ' +
    'isdigit isalpha isalnum isspace isupper islower isidentifier isnumeric isdecimal translate maketrans expandtabs ' +
    'removeprefix removesuffix read write close readline readlines writelines seek tell flush truncate fileno ' +
    'group groups groupdict start end span match search sub subn fullmatch finditer findall hex ' +
    '__init__ __new__ __str__ __repr__ __eq__ __ne__ __hash__ __len__ __iter__ __next__ __getitem__ __setitem__ ' +
    '__delitem__ __contains__ __call__ __enter__ __exit__ __getattr__ __setattr__ __bool__ __lt__ __le__ __gt__ __ge__'
  ).split(' '),
);

function isPackageFile(file: string): boolean {
  return /(^|\/)__init__\.pyi?$/.test(file);
}

/** Adds the packages enclosing module `name`: its text before each dot ('a' and 'a.b' for 'a.b.c'). */
function addPackagesOf(name: string, packages: Set<string>): void {
  // Longest first: a package already there came with every package enclosing it.
  for (let at = name.lastIndexOf('.'); at >= 0; at = at === 0 ? -1 : name.lastIndexOf('.', at - 1)) {
    const pkg = name.slice(0, at);
    if (packages.has(pkg)) return;
    packages.add(pkg);
  }
}

export function pythonResolver(repo: RepoView): LanguageResolver {
  // Module names come from the extractor's module entities, so both stages agree on import roots.
  const modules = new Map<string, string[]>();
  const packages = new Set<string>();
  const moduleOfFile = new Map<string, string>();
  for (const [file, extract] of repo.extracts) {
    if (extract.language !== 'python') continue;
    const name = extract.entities[0]?.fqn;
    if (name === undefined) continue;
    moduleOfFile.set(file, name);
    const list = modules.get(name);
    if (list) list.push(file);
    else modules.set(name, [file]);
    addPackagesOf(name, packages);
  }
  // Files under a directory without __init__.py (namespace packages) are importable by their path
  // below an import root even when the extractor named them by their whole path.
  for (const file of [...moduleOfFile.keys()]) {
    const root = repo.layout.pythonRoots.find((r) => r === '' || file.startsWith(r + '/'));
    if (root === undefined) continue;
    const parts = (root === '' ? file : file.slice(root.length + 1)).replace(/\.pyi?$/, '').split('/');
    if (parts.length > 1 && parts[parts.length - 1] === '__init__') parts.pop();
    const name = parts.join('.');
    if (modules.has(name)) continue;
    modules.set(name, [file]);
    moduleOfFile.set(file, name);
    addPackagesOf(name, packages);
  }
  // A stub next to its implementation describes the same module: keep the implementation.
  for (const [name, files] of modules) {
    if (files.length === 1) continue;
    const impl = files.filter((f) => f.endsWith('.py'));
    if (impl.length > 0 && impl.length < files.length) modules.set(name, impl);
  }

  const byName = (name: string): ModuleTarget | null => {
    const files = modules.get(name);
    if (files) return { kind: 'files', files, key: name };
    return packages.has(name) ? { kind: 'files', files: [], key: name } : null;
  };

  /** The package a file's relative imports start from. */
  const packageOf = (file: string): string[] => {
    const name = moduleOfFile.get(file) ?? '';
    const parts = name === '' ? [] : name.split('.');
    return isPackageFile(file) ? parts : parts.slice(0, -1);
  };

  return {
    separator: '.',
    selfReceivers: new Set(['self', 'cls']),
    classReceiver: 'cls',
    superReceiver: 'super()',
    importsAreMembers: true,
    classMembersInScope: false,
    // Module names come from the module entities' fqns, made from paths and the layout's import roots.
    modulesFromPaths: true,
    builtinModule: (name) => (BUILTINS.has(name) ? 'builtins' : null),
    isCommonMethod: (name) => COMMON_METHODS.has(name),
    selfType: 'Self',
    returnType(declarations) {
      const fn = declarations.length === 1 ? declarations[0]! : null;
      const annotation = fn === null ? null : returnAnnotation(fn.signature);
      const type = annotation === null ? null : annotatedType(annotation);
      return type === null ? null : { typeName: type.name, instance: !type.classObject };
    },
    resolveModule(specifier, fromFile) {
      const dots = /^\.*/.exec(specifier)![0].length;
      const rest = specifier.slice(dots);
      if (dots > 0) {
        const base = packageOf(fromFile);
        if (dots - 1 > base.length) return null;
        const parts = [...base.slice(0, base.length - (dots - 1)), ...(rest === '' ? [] : rest.split('.'))];
        return byName(parts.join('.'));
      }
      const found = byName(rest);
      if (found) return found;
      // Scripts and test directories import their siblings by plain name.
      const dir = fromFile.includes('/') ? fromFile.slice(0, fromFile.lastIndexOf('/')) : '';
      const siblingName = [...dir.split('/').filter((p) => p !== ''), ...rest.split('.')].join('.');
      const sibling = dir === '' ? null : byName(siblingName);
      if (sibling && sibling.kind === 'files' && sibling.files.length > 0) return sibling;
      return { kind: 'external', module: rest };
    },
    // `from m import *` binds the names of m's `__all__`, or without one its names not starting with `_`.
    wildcardBinds: (name, publicNames) => (publicNames === undefined ? !name.startsWith('_') : publicNames.includes(name)),
    importBindings(imp: RawImport): ImportBinding[] {
      if (imp.wildcard) return [];
      if (imp.names.length > 0) return imp.names.map(({ name, alias }) => ({ local: alias ?? name, member: name }));
      if (imp.alias) return [{ local: imp.alias }];
      const first = imp.module.split('.')[0]!;
      return [{ local: first, specifier: first }];
    },
    submodule: (module, name) => {
      const found = byName(`${module.key}.${name}`);
      return found && (found.kind === 'external' || found.files.length > 0 || packages.has(found.key)) ? found : null;
    },
  };
}
