/** The contract between the generic resolution engine and each language's `resolver.ts`. */
import type { Entity, LanguageId } from '../../graph/types.js';
import type { FileExtract, ProjectLayout, RawImport } from '../types.js';

/** Languages whose names can refer to each other's definitions (TS and JS share one namespace). */
export type LanguageGroup = 'python' | 'js' | 'go' | 'java' | 'rust';

export function languageGroup(language: LanguageId): LanguageGroup {
  return language === 'typescript' || language === 'javascript' ? 'js' : language;
}

/** What a module specifier denotes: in-repo files forming one namespace, or a module outside the repo. */
export type ModuleTarget =
  | { kind: 'files'; files: readonly string[]; key: string }
  | { kind: 'external'; module: string };

/** A local name an import introduces: the module itself (member undefined) or one member of it. */
export interface ImportBinding {
  local: string;
  member?: string;
  /** Specifier the local name denotes when it is not the import's own (`import a.b` binds `a`). */
  specifier?: string;
}

/**
 * What a language's resolution reads of the project files it reads (package.json, tsconfig, Cargo.toml): a run
 * records a digest of those facts rather than of the whole text, so that a version bump or a new script re-resolves
 * nothing. `facts` must cover everything the resolver reads of a file `accepts` takes.
 */
export interface ProjectFileFacts {
  accepts(relPath: string): boolean;
  facts(text: string): unknown;
}

/** Read-only view of the repository a language resolver may consult while it is created. */
export interface RepoView {
  extracts: ReadonlyMap<string, FileExtract>;
  layout: ProjectLayout;
  files: ReadonlySet<string>;
  readFile: (relPath: string) => string | null;
}

export interface LanguageResolver {
  /** Separator of receiver and type paths as the extractor writes them ('.' or '::'). */
  readonly separator: string;
  /** Receivers that denote the current instance or class ('self', 'cls' / 'this'). */
  readonly selfReceivers: ReadonlySet<string>;
  /** Name that denotes the enclosing class itself inside its methods (Python's `cls`), so `cls()` constructs it. */
  readonly classReceiver: string | null;
  /** Receiver of a call on the base class ('super()' / 'super'), null when the language has none. */
  readonly superReceiver: string | null;
  /** Every module-level import is an attribute of the module (Python), not only re-exports (JS/TS). */
  readonly importsAreMembers: boolean;
  /**
   * A module-level variable is a member of its module only when exported (JS/TS `export const x`, recorded as
   * an export); otherwise every module-level variable is one (Python, Go).
   */
  readonly variablesExported?: boolean;
  /** Types and values are declared apart (TypeScript): where a name has both meanings, the use decides. */
  readonly declarationSpaces?: boolean;
  /**
   * A name path written where a type is (a type reference, a declared or return type) never starts at a variable
   * (Go): variables of the name are passed over, so `func f(page page.Page)` names the package page in its
   * parameter's type. Where types and values are declared apart (declarationSpaces) this holds already.
   */
  readonly variablesNeverTypes?: boolean;
  /**
   * What calling a definition outside the repository gives is outside it too (Go: the results an imported package
   * declares are its own types or other outside ones), so a member of it is never guessed by name in the
   * repository (`time.Now().UnixNano()`, `re := regexp.MustCompile(p); re.ReplaceAll()`). A generic result
   * instantiated with a repository type is the exception: left unresolved.
   */
  readonly outsideResultsOutside?: boolean;
  /** A bare name inside a class body resolves against the class and its bases (Java's implicit `this`). */
  readonly classMembersInScope: boolean;
  /**
   * A path whose first name nothing binds may start with a package-qualified class name (Java `a.b.Dep.make()`,
   * `new a.b.Dep()`, `a.b.Dep d`): the longest such prefix naming a class of the repository is that class.
   */
  readonly qualifiedClassNames?: boolean;
  /**
   * Whether names looked up from a type itself (its field types, a bare name in its body) see what the type
   * declares; absent: true. False where a type's body declares no names (Go: a struct's fields and methods are
   * never in scope by their bare names, so `Config *Config` names the package's type Config).
   */
  readonly typeBodyIsScope?: boolean;
  /**
   * Bases are embedded types (Go): their members are promoted to the type, but a named field of the type (a
   * binding in its body) is never taken for one, and a member the in-repo types lack comes from an outside
   * base only when the type has one base that is no in-repo type: with several, its owner is not known.
   */
  readonly embeddedBases?: boolean;
  /** Module of a builtin/global name ('builtins' for `len`, 'globalThis' for `console`), or null. */
  builtinModule(name: string): string | null;
  /** Method names of builtin types; a call `x.<name>()` on an unknown receiver is not matched by name alone. */
  isCommonMethod(name: string): boolean;
  /** In-repo files (or external module) an import specifier denotes, null when it cannot be found. */
  resolveModule(specifier: string, fromFile: string): ModuleTarget | null;
  /**
   * What resolveModule, submodule, childModule and packageOf answer depends only on the repository's file list,
   * its layout and its files' module entities (Python: module names come from paths). An update that adds and
   * removes no file and changes no module entity does not ask them again.
   */
  readonly modulesFromPaths?: boolean;
  /**
   * Whether a wildcard import of a module binds `name`, given the names the module declares for it
   * (`publicNames`, Python `__all__`; undefined when it declares none). Absent: every member.
   */
  wildcardBinds?(name: string, publicNames: readonly string[] | undefined): boolean;
  /** Local names the import binds in its scope. */
  importBindings(imp: RawImport): ImportBinding[];
  /** Member of a module that is not declared in its files: a Python submodule `pkg.sub`. */
  submodule?(module: { files: readonly string[]; key: string }, name: string): ModuleTarget | null;
  /** A child module in scope by its bare name inside `file` (Rust `mod util;` makes `util::f()` work). */
  childModule?(file: string, name: string): ModuleTarget | null;
  /** Files sharing the namespace of `file` without imports (Go package directory, Java package). */
  packageOf?(file: string): { files: readonly string[]; key: string } | null;
  /**
   * The files of the package `key` as `packageOf` and package module targets give them (the same array), or
   * null when `key` names no package. Lets a name looked up in a package be recorded as one question.
   */
  packageFiles?(key: string): readonly string[] | null;
  /** The receiver variable a method declares with its type (Go `func (s *Store) Put()` -> s: Store). */
  receiverOf?(method: Entity): { variable: string; typeName: string } | null;
  /**
   * What a call of a function gives, from its declarations (one, or an overload set in source order, see
   * overloadTarget): the type its signature declares, as a name path to resolve from the scope declaring it
   * (`ns.Foo` for `ns.Foo<T>`) or a self receiver for the receiver's own type (`this`); an instance of that
   * type (Python `-> Foo`) or, `instance` false, the class itself (`-> type[Foo]`). Null when not declared.
   */
  returnType?(declarations: readonly Entity[]): { typeName: string; instance: boolean } | null;
  /** Name of the outside symbol that stands for the receiver's own class in a return type (Python `typing.Self`). */
  readonly selfType?: string;
  /**
   * A variable holding a definition reached by a path (`const make = Factory.create`) is another name for it
   * (TypeScript's checker): members and calls' results go through it, but a call of it is no call of the
   * definition. Otherwise the variable is the definition (Python `x = y; x()` calls `y`).
   */
  readonly variablesAlias?: boolean;
  /** Members of a type declared outside its body (Go methods with a receiver, Rust impl blocks). */
  extraMembers?(type: Entity, name: string): Entity[];
  /**
   * Where a package may define a name once per platform (Go's `open_linux.go`, `open_windows.go`): the platform a
   * file is compiled for, as a key ('linux/amd64'). Lookups from the file take, of definitions in several files,
   * those in files compiled on it (compiledOn), when there are any.
   */
  platformOf?(file: string): string;
  compiledOn?(file: string, platform: string): boolean;
  /**
   * Sibling declarations of one name (in source order) that declare one overloaded function, such as
   * TypeScript overload signatures and their implementation: the declaration references link to.
   * Null when they are separate definitions (the name is then ambiguous).
   */
  overloadTarget?(declarations: readonly Entity[]): Entity | null;
  /**
   * Which of a class's overloaded methods (separate definitions sharing a name) a call with `args` arguments
   * reaches, when its number of arguments and what is known of their types (`argTypes`: a literal's type or a
   * class's simple name, null when unknown) leave one (Java); null when they leave none or several.
   */
  overloadForArguments?(overloads: readonly Entity[], args: number, argTypes?: readonly (string | null)[]): Entity | null;
  /**
   * Whether `method` overrides (or redeclares) `base`, a method of the same name in a base type, where methods
   * of one name are told apart by their parameters (Java); without it, a type's own methods of a name hide its
   * bases' methods of that name.
   */
  overrides?(method: Entity, base: Entity): boolean;
  /** Names of the generic type parameters an entity declares (`T` in `class Box<T>`): type names that denote no definition. */
  typeParameters?(entity: Entity): string[];
}

export type LanguageResolverFactory = (repo: RepoView) => LanguageResolver;
