/**
 * TypeScript/JavaScript module resolution: relative specifiers with extension and index lookup,
 * tsconfig `paths`/`baseUrl`, workspace packages by name, CommonJS interop through default exports.
 */
import { posix } from 'node:path';
import type { ImportBinding, LanguageResolver, ModuleTarget, RepoView } from '../../resolve/language.js';
import { closingBracket, SIGNATURE_MAX_CHARS, topLevelItems } from '../../extract/text.js';
import { loadPathMapping, manifestEntries, workspacePackages, type PathMapping } from './project-config.js';

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.d.mts', '.d.cts'];
/** Emitted extension -> the source extensions it is compiled from. */
const SOURCE_OF: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};

const GLOBALS = new Set(
  ('console Math JSON Object Array Promise Date Error TypeError RangeError SyntaxError ReferenceError Map Set WeakMap ' +
    'WeakSet WeakRef Symbol Number String Boolean RegExp BigInt Reflect Proxy Intl URL URLSearchParams TextEncoder ' +
    'TextDecoder AbortController Function ArrayBuffer DataView Uint8Array Int8Array Uint16Array Int16Array Uint32Array ' +
    'Int32Array Float32Array Float64Array Atomics SharedArrayBuffer parseInt parseFloat isNaN isFinite setTimeout ' +
    'clearTimeout setInterval clearInterval setImmediate queueMicrotask structuredClone fetch process Buffer require ' +
    'module exports globalThis window document eval encodeURIComponent decodeURIComponent encodeURI decodeURI ' +
    'Partial Required Readonly Record Pick Omit Exclude Extract NonNullable ReturnType Parameters InstanceType Awaited ' +
    'ReadonlyArray Iterable Iterator IterableIterator AsyncIterable AsyncIterator PromiseLike ArrayLike ' +
    'Generator AsyncGenerator'
  ).split(' '),
);

const COMMON_METHODS = new Set(
  ('push pop shift unshift slice splice concat join map filter reduce reduceRight forEach find findIndex findLast ' +
    'findLastIndex some every includes indexOf lastIndexOf sort reverse flat flatMap fill keys values entries at get ' +
    'set has delete clear add then catch finally toString valueOf toJSON toFixed split replace replaceAll trim ' +
    'trimStart trimEnd toLowerCase toUpperCase startsWith endsWith padStart padEnd charAt charCodeAt codePointAt ' +
    'substring substr match matchAll search repeat normalize localeCompare apply call bind emit on once off ' +
    'addEventListener removeEventListener write end next return throw hasOwnProperty test exec log error warn info ' +
    'debug constructor'
  ).split(' '),
);

/** Index just past the bracket closing the one at `open` (`(`, `<`, `{`, `[`), or -1. Arrows' `>` are not brackets. */
function closing(text: string, open: number): number {
  return closingBracket(text, open, '(<{[', ')>}]');
}

/** `Foo`, `ns.Foo`, `Foo<...>` (one balanced argument list) -> the name path; null for unions, arrays, literals... */
function typeNamePath(type: string): string | null {
  const name = /^[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*(?:\.[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*)*/u.exec(type)?.[0];
  if (name === undefined) return null;
  if (name.length === type.length) return name;
  return type[name.length] === '<' && closing(type, name.length) === type.length ? name : null;
}

/**
 * The declared return type of a function signature as written (`f<T>(a: A): ns.Foo<T>` -> `ns.Foo`, `m(): this`
 * -> `this`); null without one, or when the signature may have been cut short.
 */
export function declaredReturnType(signature: string): string | null {
  if (signature.length >= SIGNATURE_MAX_CHARS - 1) return null;
  const params = parameterList(signature);
  if (params === null) return null;
  const rest = /^\s*:\s*(.+)$/.exec(signature.slice(signature.indexOf(params) + params.length));
  return rest ? typeNamePath(rest[1]!.trim()) : null;
}

/**
 * The parameter list of a function signature, `(a: A, b?: B)`, or null. A type parameter list that never closes
 * (a signature cut at SIGNATURE_MAX_CHARS, a `<` inside a string literal type) gives null.
 */
function parameterList(signature: string): string | null {
  let i = 0;
  for (; i < signature.length && signature[i] !== '('; i++) {
    if (signature[i] !== '<') continue;
    const end = closing(signature, i);
    if (end < 0) return null;
    i = end - 1;
  }
  if (i >= signature.length) return null;
  const end = closing(signature, i);
  return end < 0 ? null : signature.slice(i, end);
}

/**
 * The return type of a call of a function with these signatures (an overload set in source order): the one
 * type every overload declares. The implementation (last, without a declared type) is not callable, and an
 * overload whose parameters repeat an earlier one's is chosen only by explicit type arguments, which receivers
 * never carry.
 */
export function callReturnType(signatures: readonly string[]): string | null {
  const last = signatures[signatures.length - 1];
  const callable = signatures.length > 1 && last !== undefined && declaredReturnType(last) === null ? signatures.slice(0, -1) : signatures;
  const seen = new Set<string>();
  let type: string | null = null;
  for (const signature of callable) {
    const params = parameterList(signature);
    if (params === null) return null;
    if (seen.has(params)) continue;
    seen.add(params);
    const declared = declaredReturnType(signature);
    if (declared === null || (type !== null && declared !== type)) return null;
    type = declared;
  }
  return type;
}

/** Generic type parameters a signature declares before its parameter list or body (`class Box<T, U extends X>` -> T, U). */
export function declaredTypeParameters(signature: string): string[] {
  const open = signature.search(/[<(]/);
  if (open < 0 || signature[open] !== '<' || /(?<![\p{ID_Continue}\u200c\u200d])(?:extends|implements)(?![\p{ID_Continue}\u200c\u200d])/u.test(signature.slice(0, open))) return [];
  const list = signature.slice(open + 1, closing(signature, open) - 1);
  const names: string[] = [];
  for (const item of topLevelItems(list, '<({[', '>)}]')) {
    const name = /^(?:const\s+|in\s+|out\s+)*([\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*)/u.exec(item)?.[1];
    if (name) names.push(name);
  }
  return names;
}

function dirOf(path: string): string {
  const dir = posix.dirname(path);
  return dir === '.' ? '' : dir;
}

function join(...parts: string[]): string {
  const joined = posix.normalize(posix.join(...parts.filter((p) => p !== '')));
  return joined === '.' ? '' : joined.replace(/\/$/, '');
}

export function jsResolver(repo: RepoView): LanguageResolver {
  const { files, readFile } = repo;
  const dirs = new Set<string>();
  for (const file of files) for (let dir = dirOf(file); dir !== '' && !dirs.has(dir); dir = dirOf(dir)) dirs.add(dir);
  const packages = workspacePackages(readFile, dirs);

  const fileAt = (base: string): string | null => {
    if (files.has(base)) return base;
    const ext = posix.extname(base);
    for (const source of SOURCE_OF[ext] ?? []) {
      const candidate = base.slice(0, -ext.length) + source;
      if (files.has(candidate)) return candidate;
    }
    for (const e of EXTENSIONS) if (files.has(base + e)) return base + e;
    for (const e of EXTENSIONS) if (files.has(`${base}/index${e}`)) return `${base}/index${e}`;
    return null;
  };

  /** A package entry that points at build output maps back to its sources. */
  const entryFile = (dir: string, entry: string): string | null => {
    const direct = fileAt(join(dir, entry));
    if (direct) return direct;
    const rel = join(entry).replace(/\.d\.[mc]?ts$|\.[mc]?js$/, '');
    const rebased = rel.replace(/^(dist|lib|build|out)(\/|$)/, 'src$2');
    return rebased !== rel ? fileAt(join(dir, rebased)) : null;
  };

  const packageFile = (specifier: string): string | null => {
    const parts = specifier.split('/');
    const nameLength = specifier.startsWith('@') ? 2 : 1;
    const pkg = packages.get(parts.slice(0, nameLength).join('/'));
    if (!pkg) return null;
    const sub = parts.slice(nameLength).join('/');
    for (const entry of manifestEntries(pkg.manifest, sub === '' ? '.' : `./${sub}`)) {
      const found = entryFile(pkg.dir, entry);
      if (found) return found;
    }
    return sub === '' ? fileAt(join(pkg.dir, 'src/index')) ?? fileAt(join(pkg.dir, 'index')) : fileAt(join(pkg.dir, sub)) ?? fileAt(join(pkg.dir, 'src', sub));
  };

  /** Config file a package `extends` names: a workspace package's file or one under node_modules. */
  const packageConfig = (specifier: string): string | null => {
    const parts = specifier.split('/');
    const nameLength = specifier.startsWith('@') ? 2 : 1;
    const name = parts.slice(0, nameLength).join('/');
    const sub = parts.slice(nameLength).join('/') || 'tsconfig.json';
    const dir = packages.get(name)?.dir ?? `node_modules/${name}`;
    for (const candidate of [join(dir, sub), join(dir, `${sub}.json`)]) if (readFile(candidate) !== null) return candidate;
    return null;
  };

  const mappings = new Map<string, PathMapping | null>();
  const mappingFor = (dir: string): PathMapping | null => {
    let mapping = mappings.get(dir);
    if (mapping === undefined) {
      const config = join(dir, 'tsconfig.json');
      if (readFile(config) !== null) mapping = loadPathMapping(config, readFile, packageConfig);
      else mapping = dir === '' ? null : mappingFor(dirOf(dir));
      mappings.set(dir, mapping);
    }
    return mapping;
  };

  const viaPaths = (specifier: string, mapping: PathMapping): string | null => {
    let best: { prefix: string; targets: readonly string[]; star: string } | null = null;
    for (const [pattern, targets] of mapping.paths) {
      const star = pattern.indexOf('*');
      if (star < 0) {
        if (pattern === specifier) return targets.map((t) => fileAt(join(mapping.pathsBase, t))).find((f) => f) ?? null;
        continue;
      }
      const prefix = pattern.slice(0, star);
      const suffix = pattern.slice(star + 1);
      if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix) || specifier.length < prefix.length + suffix.length) continue;
      if (best && best.prefix.length >= prefix.length) continue;
      best = { prefix, targets, star: specifier.slice(prefix.length, specifier.length - suffix.length) };
    }
    if (!best) return null;
    for (const target of best.targets) {
      const found = fileAt(join(mapping.pathsBase, target.replace('*', best.star)));
      if (found) return found;
    }
    return null;
  };

  const fileTarget = (file: string | null): ModuleTarget | null => (file ? { kind: 'files', files: [file], key: file } : null);

  return {
    separator: '.',
    selfReceivers: new Set(['this']),
    classReceiver: null,
    superReceiver: 'super',
    importsAreMembers: false,
    classMembersInScope: false,
    declarationSpaces: true,
    builtinModule: (name) => (GLOBALS.has(name) ? 'globalThis' : null),
    isCommonMethod: (name) => COMMON_METHODS.has(name),
    resolveModule(specifier, fromFile) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        return fileTarget(fileAt(join(specifier.startsWith('/') ? '' : dirOf(fromFile), specifier)));
      }
      const mapping = mappingFor(dirOf(fromFile));
      const mapped = (mapping && viaPaths(specifier, mapping)) ?? packageFile(specifier);
      if (mapped) return fileTarget(mapped);
      const underBase = mapping?.baseUrl != null ? fileAt(join(mapping.baseUrl, specifier)) : null;
      return fileTarget(underBase) ?? { kind: 'external', module: specifier };
    },
    // TypeScript allows one name several function declarations only as overloads; the checker's symbol is the first.
    overloadTarget: (declarations) =>
      declarations.every((d) => d.language === 'typescript' && (d.kind === 'function' || d.kind === 'method')) ? declarations[0]! : null,
    returnType(declarations) {
      const typeName = declarations.every((d) => d.language === 'typescript') ? callReturnType(declarations.map((d) => d.signature)) : null;
      return typeName === null ? null : { typeName, instance: true };
    },
    variablesAlias: true,
    variablesExported: true,
    typeParameters: (entity) => (entity.language === 'typescript' ? declaredTypeParameters(entity.signature) : []),
    importBindings(imp): ImportBinding[] {
      if (imp.wildcard) return imp.alias ? [{ local: imp.alias }] : [];
      const out: ImportBinding[] = imp.names.map(({ name, alias }) => ({ local: alias ?? name, member: name }));
      if (imp.alias) out.push({ local: imp.alias });
      return out;
    },
  };
}
