/**
 * What parsing one file produces, before cross-file resolution. Extraction is per file and pure
 * (it may run in a worker thread); resolution reads these records for the whole repository.
 */
import type { Entity, LanguageId } from '../graph/types.js';

/** One import statement, as written. */
export interface RawImport {
  /** Id of the entity the import appears in (the module entity for top-level imports). */
  fromId: string;
  line: number;
  /**
   * The module specifier as written: 'a.b' or '..x' (Python), './util.js' or 'react' (JS/TS),
   * 'fmt' or 'github.com/x/y' (Go), 'java.util.List' (Java, the full imported path),
   * 'crate::a::b' (Rust, the path without the final imported item).
   */
  module: string;
  /**
   * Names imported from the module, each with its local alias when renamed.
   * Empty for whole-module imports (`import a.b`, `import x = require()`, side-effect imports).
   * JS/TS default imports use name 'default'.
   */
  names: { name: string; alias?: string }[];
  /** Local name bound to the whole module: `import a.b as c` -> 'c', `import * as ns` -> 'ns', `const m = require('x')` -> 'm'. */
  alias?: string;
  /** `from x import *`, `export * from`, `use a::*`, Java `import a.b.*`. */
  wildcard?: boolean;
  /** The names are re-exported from this module (`export {a} from`, `export * from`, `pub use`). */
  reexport?: boolean;
}

export type RefKind = 'call' | 'new' | 'inherits' | 'implements' | 'type' | 'value';

/** One use of a name inside an entity. */
export interface RawRef {
  /** Id of the innermost enclosing entity (module id at top level). */
  fromId: string;
  kind: RefKind;
  /** Receiver path as written, '' when none: 'self', 'this', 'cls', 'super()', 'os.path', 'c', 'pkg'. */
  receiver: string;
  /** The referenced name: 'filter' in `qs.filter()`, 'Foo' in `new Foo()` or `class A(Foo)`. */
  name: string;
  line: number;
  /** The number of arguments of a call, where the language picks among overloaded methods by it (Java). */
  args?: number;
  /**
   * What each argument's type is known to be, where `args` is recorded and some is known: a literal's type
   * ('String', 'char', 'int', 'long', 'float', 'double', 'boolean', 'null'), the class of `new Foo()` or of a cast,
   * '=name' for a variable (its declared type is looked up), '' when unknown.
   */
  argTypes?: string[];
}

/**
 * Whether a reference declares a class's bases: of a file's references, these are the only ones resolving
 * another file reads (its other references matter only to its own resolution).
 */
export function isInheritance(ref: RawRef): boolean {
  return ref.kind === 'inherits' || ref.kind === 'implements';
}

/**
 * A variable's binding in a scope, in one of two forms shared by every language: a declared type (`typeName`
 * names a type; the variable holds an instance of it: `c: Collector`, `var c Collector`, `const c = new Collector()`)
 * or, with `value`, an expression (`typeName` is a path of names and calls with their arguments left out; the
 * variable holds what it evaluates to: `x = y`, `x = get_engine()`, `const a = f(x).g()` -> 'f().g()', `x: type[Foo]`
 * -> 'Foo'). A `typeName` of '' says the value is unknown (a parameter without a type): the name still hides outer ones.
 */
export interface LocalBinding {
  /** Id of the entity (function, method or module) the variable is scoped to. */
  scopeId: string;
  variable: string;
  /** Type name or value path as written, possibly dotted ('models.Collector', 'self.conn.cursor()'). */
  typeName: string;
  /** `typeName` is an expression whose value the variable holds rather than the type of an instance. */
  value?: true;
  /**
   * The declared type when it names no class, for choosing among overloads (Java: a primitive `int`, an array
   * `byte[]` or `Foo[]` by its element's simple name); `typeName` is then ''.
   */
  declaredType?: string;
}

/** What the file exports under names other than its definitions (JS/TS `export default x`, `module.exports = x`, `export { a as b }`). */
export interface RawExport {
  /** Exported name ('default' for default exports). */
  name: string;
  /** Local name it refers to. */
  local: string;
}

export interface FileExtract {
  filePath: string;
  language: LanguageId;
  /** Entities of the file, the module entity first, then in source order. */
  entities: Entity[];
  imports: RawImport[];
  refs: RawRef[];
  bindings: LocalBinding[];
  exports: RawExport[];
  /**
   * Definitions whose name a later definition of the same scope always rebinds, so the name never denotes
   * them once the scope has run: Python `@overload` stubs before their implementation, a def or class
   * redefined unconditionally further down. They stay entities; name lookup skips them. Absent when none.
   */
  superseded?: string[];
  /** The names `from <module> import *` binds, when the module declares them statically (Python `__all__`). */
  publicNames?: string[];
  /** The file's build constraint as a `//go:build` expression (Go; see languages/go/build-constraints.ts). Absent when none. */
  buildConstraint?: string;
  /** Number of ERROR / MISSING nodes tree-sitter reported; entities are still extracted. */
  syntaxErrors: number;
}

/** Facts about the repository that decide module names (Python import roots, Go module path, Java source roots...). */
export interface ProjectLayout {
  /** Repo-relative POSIX paths of every file the walk accepted. */
  files: readonly string[];
  /** Python: directories that are import roots ('' = repo root, 'src'), longest first. */
  pythonRoots: readonly string[];
  /** Go: module path from go.mod per module directory ('' = repo root). */
  goModules: ReadonlyMap<string, string>;
}
