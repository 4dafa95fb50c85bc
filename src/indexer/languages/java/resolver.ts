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
 * The types of a signature's parameters as written, less annotations, `final` and the names (`final Map<K, V> m`
 * -> 'Map<K, V>', `String... a` -> 'String...', `int a[]` -> 'int[]'), with the method's type parameters.
 */
export function declaredParameters(signature: string): { types: string[]; typeParameters: string[] } | null {
  const head = declarationHead(signature);
  const open = head === null ? -1 : signature.indexOf('(', head.start);
  const close = open < 0 ? -1 : closing(signature, open);
  if (head === null || close < 0) return null;
  const types: string[] = [];
  for (const item of topLevelItems(signature.slice(open + 1, close - 1), '(<[{', ')>]}')) {
    // A receiver parameter (`Foo this`) takes no argument.
    if (item === '' || /(?:^|[\s.])this$/u.test(item)) continue;
    const bare = item.replace(/@[\p{ID_Continue}\p{Sc}.]+(?:\s*\([^)]*\))?\s*/gu, '').replace(/^(?:final\s+)+/, '');
    const parts = /^(.*?)\s*[\p{ID_Start}\p{Sc}_][\p{ID_Continue}\p{Sc}]*\s*((?:\[\s*\]\s*)*)$/su.exec(bare);
    types.push(parts ? `${parts[1]!.trim()}${parts[2]!.replace(/\s+/g, '')}` : bare);
  }
  return { types, typeParameters: head.typeParameters };
}

/**
 * Whether two parameter lists declare the same parameters, generic arguments left out and a type variable taken
 * for any type (a subclass overriding `put(K key)` with `put(String key)`); unknown lists are not the same.
 */
export function sameParameters(a: { types: string[]; typeParameters: string[] } | null, b: { types: string[]; typeParameters: string[] } | null): boolean {
  if (a === null || b === null || a.types.length !== b.types.length) return false;
  const erased = (type: string): string => type.replace(/<.*>/s, '').replace(/\s+/g, '');
  const variable = (type: string, params: readonly string[]): boolean => {
    const bare = type.replace(/(?:\[\]|\.\.\.)+$/, '');
    return params.includes(bare) || /^[A-Z][A-Z0-9]?$/.test(bare);
  };
  return a.types.every((type, i) => {
    const mine = erased(type);
    const theirs = erased(b.types[i]!);
    return mine === theirs || mine.slice(mine.lastIndexOf('.') + 1) === theirs.slice(theirs.lastIndexOf('.') + 1) || variable(mine, a.typeParameters) || variable(theirs, b.typeParameters);
  });
}

const BOXES: Record<string, string> = { boolean: 'Boolean', char: 'Character', byte: 'Byte', short: 'Short', int: 'Integer', long: 'Long', float: 'Float', double: 'Double' };
/** Primitive widening conversions (JLS 5.1.2) of the literal types. */
const WIDENS_TO: Record<string, readonly string[]> = {
  char: ['int', 'long', 'float', 'double'],
  int: ['long', 'float', 'double'],
  long: ['float', 'double'],
  float: ['double'],
};
/** The supertypes of String, and of the boxed numbers, a parameter may name. */
const STRING_SUPERTYPES = new Set(['Object', 'CharSequence', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc']);
/** Classes no other class extends: an argument of another class never passes as one. */
const FINAL_CLASSES = new Set(['String', 'Class', ...Object.values(BOXES)]);
const ARRAY_SUPERTYPES = new Set(['Object', 'Cloneable', 'Serializable']);
const BOXED_SUPERTYPES = new Set(['Object', 'Number', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc']);

/**
 * Whether an argument of type `arg` (see RawRef.argTypes; a class by its simple name, an array as `int[]` or
 * `Foo[]`) can be passed to a parameter declared `param`: false only when it surely cannot; a class argument for a
 * class parameter of another name may be a subtype, so it can.
 */
export function mayPass(arg: string, param: string, typeParameters: readonly string[]): boolean {
  const type = param.replace(/<.*>/s, '').replace(/\s+/g, '');
  const simple = type.slice(type.lastIndexOf('.') + 1);
  // A type parameter (the method's, or a class's: one capital and digits) takes any reference, boxed primitives too.
  const typeParameter = (name: string): boolean => typeParameters.includes(name) || /^[A-Z][A-Z0-9]?$/.test(name);
  if (arg.endsWith('[]')) {
    // An array passes as an Object, Cloneable or Serializable; as an array, a primitive one only to its own type,
    // one of references to an array of a type its elements may pass as.
    if (!type.endsWith('[]')) return ARRAY_SUPERTYPES.has(simple) || typeParameter(simple);
    const element = arg.slice(0, -2);
    const paramElement = simple.slice(0, -2);
    if (element in BOXES) return paramElement === element;
    return !(paramElement in BOXES) && mayPass(element, paramElement, typeParameters);
  }
  if (type.endsWith('[]')) return arg === 'null';
  if (typeParameter(simple)) return true;
  if (arg === simple) return true;
  const primitive = simple in BOXES;
  if (arg === 'null') return !primitive;
  if (arg in BOXES) {
    if (primitive) return WIDENS_TO[arg]?.includes(simple) === true;
    return simple === BOXES[arg] || (arg !== 'boolean' && arg !== 'char' ? BOXED_SUPERTYPES.has(simple) : simple === 'Object' || simple === 'Serializable' || simple === 'Comparable');
  }
  if (arg === 'String') return STRING_SUPERTYPES.has(simple);
  // Another class: unboxed to a primitive only from its box; String and the boxes are final, so only they pass as
  // themselves; any other reference type may be a supertype.
  if (primitive) return BOXES[simple] === arg || Object.entries(BOXES).some(([p, box]) => box === arg && WIDENS_TO[p]?.includes(simple) === true);
  return !FINAL_CLASSES.has(simple);
}

/**
 * The one overload a call with `args` arguments can reach: methods with exactly that many parameters first,
 * varargs methods only when none has, then those no known argument type (`argTypes`) rules out; null when none
 * or several are left.
 */
export function overloadForCall(
  overloads: readonly Entity[],
  args: number,
  argTypes: readonly (string | null)[] | undefined,
  parametersOf: (method: Entity) => { types: string[]; typeParameters: string[] } | null = (method) => declaredParameters(method.signature),
): Entity | null {
  const fixed: Entity[] = [];
  const variable: Entity[] = [];
  for (const method of overloads) {
    const params = parametersOf(method);
    if (params === null) return null;
    const count = params.types.length;
    const varargs = count > 0 && params.types[count - 1]!.includes('...');
    if (count === args && !varargs) fixed.push(method);
    else if (varargs && args >= count - 1) variable.push(method);
  }
  let candidates = fixed.length > 0 ? fixed : variable;
  if (candidates.length > 1 && argTypes !== undefined) {
    // Of those, the ones no known argument type rules out (a varargs method's last parameter takes part only as an array).
    candidates = candidates.filter((method) => {
      const { types, typeParameters } = parametersOf(method)!;
      const fixedCount = types.length > 0 && types[types.length - 1]!.includes('...') ? types.length - 1 : types.length;
      return argTypes.every((arg, i) => arg === null || i >= fixedCount || mayPass(arg, types[i]!, typeParameters));
    });
  }
  return candidates.length === 1 ? candidates[0]! : null;
}

export function javaResolver(repo: RepoView): LanguageResolver {
  // The same overload sets are met by many calls: each signature is read once.
  const parameters = new Map<string, { types: string[]; typeParameters: string[] } | null>();
  const parametersOf = (method: Entity): { types: string[]; typeParameters: string[] } | null => {
    let params = parameters.get(method.id);
    if (params === undefined) parameters.set(method.id, (params = declaredParameters(method.signature)));
    return params;
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
    overloadForArguments: (overloads, args, argTypes) => overloadForCall(overloads, args, argTypes, parametersOf),
    overrides: (method, base) => sameParameters(parametersOf(method), parametersOf(base)),
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
