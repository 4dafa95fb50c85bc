/** Java: classes by package-qualified name, same-package visibility, java.lang, implicit `this`. */
import type { ImportBinding, LanguageResolver, ModuleTarget, RepoView } from '../../resolve/language.js';

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

export function javaResolver(repo: RepoView): LanguageResolver {
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
  };
}
