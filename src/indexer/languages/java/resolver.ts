/** Java: classes by package-qualified name, same-package visibility, java.lang, implicit `this`. */
import type { ImportBinding, LanguageResolver, ModuleTarget, RepoView } from '../../resolve/language.js';
import type { Entity } from '../../../graph/types.js';
import { closingBracket, topLevelItems } from '../../extract/text.js';

const JAVA_LANG = new Set(
  ('String Object Integer Long Short Byte Double Float Boolean Character Number Math StrictMath System Thread ' +
    'Runnable StringBuilder StringBuffer CharSequence Comparable Iterable AutoCloseable Class Enum Record Void ' +
    'Throwable Exception Error RuntimeException IllegalArgumentException IllegalStateException NullPointerException ' +
    'UnsupportedOperationException IndexOutOfBoundsException ArrayIndexOutOfBoundsException ClassCastException ' +
    'ArithmeticException NumberFormatException InterruptedException CloneNotSupportedException Override Deprecated ' +
    'SuppressWarnings FunctionalInterface SafeVarargs Process ProcessBuilder Runtime ThreadLocal'
  ).split(' '),
);
const COMMON_METHODS = new Set(
  ('equals hashCode toString getClass size isEmpty get set put add addAll remove contains containsKey clear iterator ' +
    'stream map filter collect forEach length charAt substring append close read write next hasNext valueOf ' +
    'compareTo getName getValue getKey keySet values entrySet orElse of format trim split println print'
  ).split(' '),
);

const MODIFIERS = new Set(
  'public protected private static final abstract synchronized native strictfp default transient volatile sealed non-sealed'.split(' '),
);
const PRIMITIVES = new Set('void boolean byte char short int long float double'.split(' '));

/** Index just past the bracket closing the one at `open` (`(` or `<`, counting only its kind), or -1 when it never closes. */
function closing(text: string, open: number): number {
  return text[open] === '(' ? closingBracket(text, open, '(', ')') : closingBracket(text, open, '<', '>');
}

/**
 * Where a signature's declared type starts, past its annotations, modifiers and type parameters (whose names are
 * returned); null when an annotation or type parameter list does not close.
 */
function declarationHead(signature: string): { start: number; typeParameters: string[] } | null {
  const typeParameters: string[] = [];
  let i = 0;
  for (;;) {
    while (/\s/.test(signature[i] ?? '')) i++;
    if (signature[i] === '@') {
      const annotation = /^@\s*[\p{ID_Continue}\p{Sc}]+(?:\s*\.\s*[\p{ID_Continue}\p{Sc}]+)*\s*/u.exec(signature.slice(i));
      if (annotation === null) return null;
      i += annotation[0].length;
      if (signature[i] === '(') {
        i = closing(signature, i);
        if (i < 0) return null;
      }
    } else if (signature[i] === '<') {
      const end = closing(signature, i);
      if (end < 0) return null;
      for (const part of signature.slice(i + 1, end - 1).split(',')) {
        const param = /^\s*(?:@\S+\s+)*([\p{ID_Start}\p{Sc}_][\p{ID_Continue}\p{Sc}]*)/u.exec(part);
        if (param) typeParameters.push(param[1]!);
      }
      i = end;
    } else {
      const word = /^[\p{ID_Continue}-]+/u.exec(signature.slice(i))?.[0];
      if (word === undefined || !MODIFIERS.has(word)) return { start: i, typeParameters };
      i += word.length;
    }
  }
}

/**
 * The class a method's signature declares it returns, as a name path (`public <T> List<Foo> f(...)` -> 'List',
 * `@Nullable Map.Entry<K, V> g()` -> 'Map.Entry'); null for a constructor, void, a primitive, an array or a type
 * parameter of the method. Annotations, modifiers and type parameters before the type are skipped.
 */
export function declaredReturnType(signature: string, name: string): string | null {
  const head = declarationHead(signature);
  if (head === null) return null;
  const { start: i, typeParameters } = head;
  const open = signature.indexOf('(', i);
  if (open < 0) return null;
  const declared = signature.slice(i, open).trimEnd();
  if (!declared.endsWith(name)) return null;
  const type = declared.slice(0, declared.length - name.length).trim();
  if (type === '' || type.endsWith(']') || type.endsWith('...')) return null;
  // `Map.Entry<K, V>` -> `Map.Entry`; type annotations inside a path (`java.util.@Nullable List`) go too.
  const path = type.replace(/<.*$/s, '').replace(/@[\p{ID_Continue}\p{Sc}.]+\s*/gu, '').replace(/\s+/g, '');
  if (path === '' || PRIMITIVES.has(path) || typeParameters.includes(path)) return null;
  return /^[\p{ID_Start}\p{Sc}_][\p{ID_Continue}\p{Sc}]*(?:\.[\p{ID_Start}\p{Sc}_][\p{ID_Continue}\p{Sc}]*)*$/u.test(path) ? path : null;
}

/**
 * How many parameters a method's or constructor's signature declares, and whether the last is varargs
 * (`Object... args`); a receiver parameter (`Foo this`) takes no argument. Null when the list cannot be read.
 */
export function declaredArity(signature: string): { count: number; varargs: boolean } | null {
  const head = declarationHead(signature);
  const open = head === null ? -1 : signature.indexOf('(', head.start);
  const close = open < 0 ? -1 : closing(signature, open);
  if (close < 0) return null;
  const params = topLevelItems(signature.slice(open + 1, close - 1), '(<[{', ')>]}').filter(
    (param) => param !== '' && !/(?:^|[\s.])this$/u.test(param),
  );
  return { count: params.length, varargs: params.length > 0 && params[params.length - 1]!.includes('...') };
}

/**
 * The one overload a call with `args` arguments can reach, as Java picks it when the arguments' types leave a
 * single candidate: methods with exactly that many parameters first, varargs methods only when none has; null
 * when none or several are left.
 */
export function overloadForArity(
  overloads: readonly Entity[],
  args: number,
  arityOf: (method: Entity) => { count: number; varargs: boolean } | null = (method) => declaredArity(method.signature),
): Entity | null {
  const fixed: Entity[] = [];
  const variable: Entity[] = [];
  for (const method of overloads) {
    const arity = arityOf(method);
    if (arity === null) return null;
    if (arity.count === args && !arity.varargs) fixed.push(method);
    else if (arity.varargs && args >= arity.count - 1) variable.push(method);
  }
  const candidates = fixed.length > 0 ? fixed : variable;
  return candidates.length === 1 ? candidates[0]! : null;
}

export function javaResolver(repo: RepoView): LanguageResolver {
  // The same overload sets are met by many calls: each signature is read once.
  const arities = new Map<string, { count: number; varargs: boolean } | null>();
  const arityOf = (method: Entity): { count: number; varargs: boolean } | null => {
    let arity = arities.get(method.id);
    if (arity === undefined) arities.set(method.id, (arity = declaredArity(method.signature)));
    return arity;
  };
  const classFiles = new Map<string, string[]>();
  const packageFiles = new Map<string, string[]>();
  const packageOfFile = new Map<string, string>();
  const push = (map: Map<string, string[]>, key: string, file: string) => {
    const list = map.get(key);
    if (list) list.push(file);
    else map.set(key, [file]);
  };
  for (const [file, extract] of repo.extracts) {
    if (extract.language !== 'java') continue;
    const module = extract.entities[0];
    if (!module) continue;
    packageOfFile.set(file, module.package);
    push(packageFiles, module.package, file);
    for (const entity of extract.entities) {
      if (entity.parentId === module.id && entity.kind !== 'module') {
        push(classFiles, module.package === '' ? entity.name : `${module.package}.${entity.name}`, file);
      }
    }
  }
  const target = (key: string, files: string[] | undefined): ModuleTarget | null => (files ? { kind: 'files', files, key } : null);
  return {
    separator: '.',
    selfReceivers: new Set(['this']),
    classReceiver: null,
    superReceiver: 'super',
    importsAreMembers: false,
    classMembersInScope: true,
    qualifiedClassNames: true,
    builtinModule: (name) => (JAVA_LANG.has(name) ? 'java.lang' : null),
    isCommonMethod: (name) => COMMON_METHODS.has(name),
    resolveModule(specifier) {
      const spec = specifier.replace(/^static\s+/, '').replace(/\.\*$/, '');
      // `a.b.C`, `a.b.C.member` (static import) or the package `a.b` of a wildcard import.
      const parts = spec.split('.');
      for (let n = parts.length; n > 0; n--) {
        const key = parts.slice(0, n).join('.');
        const found = target(key, classFiles.get(key)) ?? (n === parts.length ? target(key, packageFiles.get(key)) : null);
        if (found) return found;
      }
      // `java.util.List` -> module `java.util`; `java.util.Objects.requireNonNull` -> `java.util.Objects`.
      const last = parts[parts.length - 1] ?? '';
      const previous = parts[parts.length - 2] ?? '';
      // Classes are capitalised (`Ñandú` too); packages are lower case, or in a script without case.
      const isMember = /^\p{Lu}/u.test(last) || /^\p{Lu}/u.test(previous);
      return { kind: 'external', module: isMember && parts.length > 1 ? parts.slice(0, -1).join('.') : spec };
    },
    importBindings(imp): ImportBinding[] {
      if (imp.wildcard) return [];
      const last = imp.module.split('.').pop() ?? imp.module;
      return [{ local: imp.alias ?? last, member: last }];
    },
    packageOf: (file) => {
      const pkg = packageOfFile.get(file);
      const files = pkg === undefined ? undefined : packageFiles.get(pkg);
      return files && pkg !== undefined ? { files, key: pkg } : null;
    },
    packageFiles: (key) => packageFiles.get(key) ?? null,
    overloadForArguments: (overloads, args) => overloadForArity(overloads, args, arityOf),
    // An overload set (several declarations) returns a type when every overload declares the same.
    returnType(declarations) {
      let typeName: string | null = null;
      for (const method of declarations) {
        const declared = method.language === 'java' && method.kind === 'method' ? declaredReturnType(method.signature, method.name) : null;
        if (declared === null || (typeName !== null && declared !== typeName)) return null;
        typeName = declared;
      }
      return typeName === null ? null : { typeName, instance: true };
    },
  };
}
