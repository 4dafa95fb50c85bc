/**
 * Language-independent name resolution: scopes, module members (re-export chains, wildcards),
 * class members through the linearised bases, and the unique-name fallback.
 */
import type { Confidence, Entity } from '../../graph/types.js';
import type { FileExtract, LocalBinding, RawImport, RawRef } from '../types.js';
import type { DepTracker, Reads } from './dependencies.js';
import { languageGroup, type ImportBinding, type LanguageGroup, type LanguageResolver, type ModuleTarget } from './language.js';
import { linearize } from './mro.js';
import type { RepoQueries } from './queries.js';
import type { RepoIndex } from './repo-index.js';
import { ambiguous, isTypeLike, opaque, sameSym, unify, type Sym } from './symbols.js';

export type Outcome =
  | { kind: 'edge'; target: Entity; confidence: Confidence }
  | { kind: 'external'; module: string; symbol: string };

interface Linearization {
  classes: Entity[];
  /** First base outside the repository, for members the in-repo classes do not declare. */
  external: Sym | null;
  /** Bases, of the type and of its in-repo bases, that are no in-repo type: outside ones, and names that denote no type. */
  outside: number;
}

type ModuleSym = Extract<Sym, { kind: 'module' }>;

/** What the files of a package declare at their top level under one name: definitions and variables. */
interface PackageDefinitions {
  defs: readonly { file: string; entity: Entity }[];
  variables: readonly { file: string; binding: LocalBinding }[];
}

/** One step of a receiver path: a name, then called `calls` times (`get_engine()` is one call). */
interface Step {
  name: string;
  calls: number;
}

/** Where a receiver path led, and whether it ran into a value of unknown type (so a name-only guess is fair). */
interface Walk {
  sym: Sym | null;
  guessable: boolean;
}

/** Identifiers of any supported language, Unicode letters included (`Größe`, `名前`); on ASCII `#?[A-Za-z_$][\w$]*`. */
const STEP = /^(#?[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*)((?:\(\))*)$/u;

/** `self.conn.cursor()` -> self, conn, cursor(); null when a part is not a name with optional empty calls. */
function parseSteps(path: string, sep: string): readonly Step[] | null {
  const steps: Step[] = [];
  for (const part of path.split(sep)) {
    const match = STEP.exec(part);
    if (!match) return null;
    steps.push({ name: match[1]!, calls: match[2]!.length / 2 });
  }
  return steps;
}

/**
 * The declaration space a name is looked up in, for languages that keep types and values apart
 * (TypeScript's `interface Foo` next to `const Foo`): it decides between candidates of a name only.
 */
export type Space = 'type' | 'value';

/** A candidate meaning of a name, with the one space it lives in when not both. */
interface Candidate {
  sym: Sym;
  only?: Space;
}

/**
 * Types are named in type annotations and heritage clauses; calls and other uses name values. A construction
 * names a type where no variable can stand for one (Go's composite literal `T{}`, see variablesNeverTypes).
 */
function spaceOf(ref: RawRef, lang: LanguageResolver): Space {
  return ref.kind === 'type' || ref.kind === 'inherits' || ref.kind === 'implements' || (ref.kind === 'new' && lang.variablesNeverTypes) ? 'type' : 'value';
}

function entityCandidate(entity: Entity): Candidate {
  const only = entity.kind === 'interface' || entity.kind === 'type_alias' ? 'type' : entity.kind === 'function' || entity.kind === 'method' ? 'value' : undefined;
  return only ? { sym: { kind: 'entity', entity }, only } : { sym: { kind: 'entity', entity } };
}

/**
 * Memoises a computation unless it ran into a cycle: results cut short by a cycle depend on
 * where the walk started, and caching them would make answers depend on resolution order.
 * A cached result keeps what computing it read, and a hit reads it again for the current file.
 * A key is a variant (a declaration space, a language group) and two strings the callers already
 * hold (ids, names), looked up level by level: a concatenated key would be a new string to hash on
 * every one of the many hits.
 */
class CycleSafeMemo<T> {
  private readonly done = new Map<string, Map<string, Map<string, { value: T; reads: Reads }>>>();
  private readonly active = new Set<string>();
  private cuts = 0;

  constructor(private readonly tracker: DepTracker) {}

  get(variant: string, a: string, b: string): T | undefined {
    const hit = this.done.get(variant)?.get(a)?.get(b);
    if (hit === undefined) return undefined;
    this.tracker.replay(hit.reads);
    return hit.value;
  }

  /** Drops every result memoised under `a`, in every variant. */
  forget(a: string): void {
    for (const byA of this.done.values()) byA.delete(a);
  }

  run(variant: string, a: string, b: string, fallback: T, compute: () => T): T {
    const cached = this.get(variant, a, b);
    if (cached !== undefined) return cached;
    const key = `${variant}\0${a}\0${b}`;
    if (this.active.has(key)) {
      this.cuts += 1;
      return fallback;
    }
    const cutsBefore = this.cuts;
    this.active.add(key);
    try {
      const { value, reads } = this.tracker.capture(compute);
      if (this.cuts === cutsBefore) {
        let byA = this.done.get(variant);
        if (byA === undefined) this.done.set(variant, (byA = new Map()));
        let byB = byA.get(a);
        if (byB === undefined) byA.set(a, (byB = new Map()));
        byB.set(b, { value, reads });
      }
      return value;
    } finally {
      this.active.delete(key);
    }
  }
}

export class Engine {
  private readonly names: CycleSafeMemo<Sym | null>;
  private readonly members: CycleSafeMemo<Sym | null>;
  private readonly linearizations: CycleSafeMemo<Linearization>;
  private readonly attributes: CycleSafeMemo<Sym | null>;
  /** Package (group, key, size) -> name -> its top-level definitions and variables in the package, with what finding them read. */
  private readonly packageDefs = new Map<string, Map<string, { found: PackageDefinitions; reads: Reads }>>();
  /** Platform of the file being resolved ('' where its language has none): see enterFile. */
  private platform = '';
  private readonly scopeImports = new Map<string, Map<string, { imp: RawImport; binding: ImportBinding }[]>>();
  /** Receiver paths repeat all over a repository: each is parsed once per separator. */
  private readonly parsedPaths = new Map<string, Map<string, readonly Step[] | null>>();

  constructor(
    private readonly index: RepoIndex,
    private readonly resolvers: ReadonlyMap<LanguageGroup, LanguageResolver>,
    private readonly queries: RepoQueries,
    private readonly tracker: DepTracker,
  ) {
    this.names = new CycleSafeMemo(tracker);
    this.members = new CycleSafeMemo(tracker);
    this.linearizations = new CycleSafeMemo(tracker);
    this.attributes = new CycleSafeMemo(tracker);
  }

  /** Starts resolving a file: lookups from it take the definitions compiled on its platform (LanguageResolver.platformOf). */
  enterFile(extract: FileExtract): void {
    this.platform = this.resolvers.get(languageGroup(extract.language))?.platformOf?.(extract.filePath) ?? '';
  }

  /**
   * Of items defined in several files, those in files compiled on the platform of the file being resolved, when
   * there are any; all of them otherwise, or where the language has no platforms.
   */
  private compiled<T>(items: readonly T[], fileOf: (item: T) => string, lang: LanguageResolver): readonly T[] {
    if (this.platform === '' || lang.compiledOn === undefined || items.length < 2) return items;
    const first = fileOf(items[0]!);
    if (items.every((item) => fileOf(item) === first)) return items;
    const kept = items.filter((item) => lang.compiledOn!(fileOf(item), this.platform));
    return kept.length > 0 ? kept : items;
  }

  /** A memo variant that keeps results apart per platform, for lookups whose answer depends on it. */
  private onPlatform(variant: string): string {
    return this.platform === '' ? variant : `${variant}\0${this.platform}`;
  }

  /**
   * Drops what name lookups inside these scopes (one file's entities) memoised. Once a file is resolved, few
   * lookups start in its scopes again (other files reach its module's names as members), and kept for every
   * file they are most of what resolution holds (~300 MB of moby's 850 MB heap). A lookup asked again is
   * computed again, reading what it read the first time.
   */
  forgetScopes(entities: readonly Entity[]): void {
    for (const entity of entities) {
      this.names.forget(entity.id);
      this.scopeImports.delete(entity.id);
    }
  }

  private stepsOf(path: string, sep: string): readonly Step[] | null {
    let bySep = this.parsedPaths.get(sep);
    if (bySep === undefined) this.parsedPaths.set(sep, (bySep = new Map()));
    let steps = bySep.get(path);
    if (steps === undefined) bySep.set(path, (steps = parseSteps(path, sep)));
    return steps;
  }

  resolverFor(entity: Entity): LanguageResolver | undefined {
    return this.resolvers.get(languageGroup(entity.language));
  }

  /** What `specifier` denotes in `from`'s file, for `from`'s language. */
  moduleTarget(from: Entity, specifier: string): ModuleTarget | null {
    return this.queries.moduleTarget(languageGroup(from.language), specifier, from.filePath);
  }

  targetSym(target: ModuleTarget, group: LanguageGroup): Sym {
    return target.kind === 'external'
      ? { kind: 'external', module: target.module, symbol: '' }
      : { kind: 'module', group, files: target.files, key: target.key };
  }

  /** The symbol an import binding denotes, seen from the file containing the import. */
  private importedSym(imp: RawImport, binding: ImportBinding, scope: Entity, space?: Space): Sym | null {
    if (!this.resolverFor(scope)) return null;
    const specifier = binding.specifier ?? imp.module;
    const target = this.moduleTarget(scope, specifier);
    // A specifier naming no indexed file (generated, excluded, misspelt) still binds the name.
    if (!target) return { kind: 'external', module: specifier, symbol: binding.member ?? '' };
    const module = this.targetSym(target, languageGroup(scope.language));
    return binding.member === undefined ? module : this.member(module, binding.member, space);
  }

  /**
   * The one meaning among candidates, of those in `space` where the language separates spaces. With meanings
   * only in the other space, a scope leaves the name to the enclosing ones (null); a module member is a value
   * codectx does not model (opaque) when a type of that name is all it finds.
   */
  private pick(candidates: readonly Candidate[], lang: LanguageResolver, space: Space | undefined, member: boolean): Sym | null {
    if (space === undefined || !lang.declarationSpaces) return unify(candidates.map((c) => c.sym));
    const fitting = candidates.filter((c) => c.only === undefined || c.only === space);
    if (fitting.length > 0) return unify(fitting.map((c) => c.sym));
    return member && space === 'value' ? opaque() : null;
  }

  /** Name lookup from inside entity `scopeId`, innermost scope first. */
  lookupName(scopeId: string, name: string, space?: Space): Sym | null {
    const scope = this.index.entityById.get(scopeId);
    if (!scope) return null;
    const lang = this.resolverFor(scope);
    if (isTypeLike(scope) && lang?.typeBodyIsScope === false) {
      const outer = this.enclosingScope(scope);
      return outer ? this.lookupName(outer.id, name, space) : null;
    }
    if (!lang?.declarationSpaces && !(space === 'type' && lang?.variablesNeverTypes)) space = undefined;
    const variant = this.onPlatform(space ?? '');
    const cached = this.names.get(variant, scopeId, name);
    if (cached !== undefined) return cached;
    return this.names.run(variant, scopeId, name, null, () => {
      const found = this.lookupInScope(scope, name, space);
      if (found) return found;
      // Class bodies are not enclosing scopes for the functions nested in them, but for their member types
      // (own and inherited) where class members are in scope (Java's `Outer.Inner` named `Inner` inside Outer).
      if (lang?.classMembersInScope) {
        let outer = isTypeLike(scope) ? scope : scope.parentId === null ? undefined : this.index.entityById.get(scope.parentId);
        while (outer && isTypeLike(outer)) {
          const member = this.memberType(outer, name);
          if (member) return member;
          outer = outer.parentId === null ? undefined : this.index.entityById.get(outer.parentId);
        }
        return outer ? this.lookupName(outer.id, name, space) : null;
      }
      const outer = this.enclosingScope(scope);
      return outer ? this.lookupName(outer.id, name, space) : null;
    });
  }

  /** The scope enclosing `scope` for name lookup: class bodies are not enclosing scopes for what is nested in them. */
  private enclosingScope(scope: Entity): Entity | undefined {
    let outer = scope.parentId === null ? undefined : this.index.entityById.get(scope.parentId);
    while (outer && isTypeLike(outer)) outer = outer.parentId === null ? undefined : this.index.entityById.get(outer.parentId);
    return outer;
  }

  private lookupInScope(scope: Entity, name: string, space: Space | undefined): Sym | null {
    const lang = this.resolverFor(scope);
    if (!lang) return null;
    const candidates: Candidate[] = [];
    for (const child of this.declared(scope, name)) candidates.push(entityCandidate(child));
    let receiver: { variable: string; typeName: string } | null = null;
    // Where no variable can stand for a type, a type's name looks past the variables (`func f(page page.Page)`).
    const variables = !(space === 'type' && lang.variablesNeverTypes);
    if (variables && scope.kind === 'method' && lang.receiverOf) {
      this.tracker.read(scope.filePath, scope.name); // the receiver comes from its signature
      receiver = lang.receiverOf(scope);
    }
    if (variables) {
      const bindings = receiver?.variable === name ? [...this.index.bindingsNamed(scope.id, name), { scopeId: scope.id, ...receiver }] : this.index.bindingsNamed(scope.id, name);
      // A variable holds a value: where types are declared apart, it leaves a type of its name visible.
      const bound = this.bindingsSym(bindings);
      if (bound) candidates.push({ sym: bound, only: 'value' });
    }
    for (const { imp, binding } of this.importBindingsIn(scope, lang, name)) {
      const sym = this.importedSym(imp, binding, scope, space);
      if (sym) candidates.push({ sym });
    }
    const picked = candidates.length > 0 ? this.pick(candidates, lang, space, false) : null;
    if (picked || scope.kind !== 'module') return picked;
    const viaWildcard = this.wildcardMember(scope, name, true, space);
    if (viaWildcard) return viaWildcard;
    const group = languageGroup(scope.language);
    const child = lang.childModule ? this.queries.childModule(group, scope.filePath, name) : null;
    if (child) return this.targetSym(child, group);
    const pkg = lang.packageOf ? this.queries.packageOf(group, scope.filePath) : null;
    if (pkg) {
      const all = this.packageDefinitions(group, pkg, name);
      const defs = this.compiled(all.defs.filter((d) => d.file !== scope.filePath), (d) => d.file, lang);
      const variables = this.compiled(all.variables.filter((v) => v.file !== scope.filePath), (v) => v.file, lang);
      const found: Sym[] = [];
      for (const { entity } of defs) found.push({ kind: 'entity', entity });
      // The variables the package's other files declare at their top level (Go's `var testEnv *Execution`).
      const bound = this.bindingsSym(variables.map((v) => v.binding));
      if (bound) found.push(bound);
      return unify(found);
    }
    return null;
  }

  /**
   * The top-level definitions and variables named `name` in the files of a package (Go, Java), with their files.
   * Asked from every file of the package for every name not found nearer, so the scan is made once per package and
   * name and its reads are replayed: in a package of a few hundred files, scanning again from each file made the
   * resolve phase quadratic in the package size.
   */
  private packageDefinitions(group: LanguageGroup, pkg: { files: readonly string[]; key: string }, name: string): PackageDefinitions {
    const cacheKey = `${group}\0${pkg.key}\0${pkg.files.length}`;
    let byName = this.packageDefs.get(cacheKey);
    if (byName === undefined) this.packageDefs.set(cacheKey, (byName = new Map()));
    const hit = byName.get(name);
    if (hit !== undefined) {
      this.tracker.replay(hit.reads);
      return hit.found;
    }
    const { value: found, reads } = this.tracker.capture(() => {
      const defs: { file: string; entity: Entity }[] = [];
      const variables: { file: string; binding: LocalBinding }[] = [];
      for (const file of this.packageFiles('defs', group, pkg, name)) {
        const module = this.index.moduleOf(file);
        if (!module) continue;
        for (const entity of this.index.childrenNamed(module.id, name)) defs.push({ file, entity });
        for (const binding of this.index.bindingsNamed(module.id, name)) variables.push({ file, binding });
      }
      return { defs, variables };
    });
    byName.set(name, { found, reads });
    return found;
  }

  /**
   * The files of a module worth looking `name` up in: for a package (Go, Java) those the package lookup question
   * returns (RepoQueries.packageFilesWith), otherwise all of them.
   */
  private packageFiles(kind: 'defs' | 'members', group: LanguageGroup, module: { files: readonly string[]; key: string }, name: string): readonly string[] {
    const lang = this.resolvers.get(group);
    if (lang?.packageFiles?.(module.key) !== module.files) return module.files;
    return this.queries.packageFilesWith(kind, group, module.key, module.files, name);
  }

  /**
   * What a variable holds after one binding (see LocalBinding): an instance of its declared type, or the value
   * its expression evaluates to. Where the language keeps a variable apart from the definition it names
   * (`const make = Factory.create`), a definition reached by a path without a call is an alias of it.
   */
  private bindingSym(binding: { scopeId: string; typeName: string; value?: true }): Sym {
    const scope = this.index.entityById.get(binding.scopeId);
    const lang = scope && this.resolverFor(scope);
    // A parameter or variable of unknown value, hiding outer names.
    if (!scope || !lang || binding.typeName === '') return opaque();
    if (!binding.value) return this.instanceOf(scope, binding.typeName);
    const steps = this.stepsOf(binding.typeName, lang.separator);
    const value = steps ? this.evalPath(scope.id, steps, lang).sym : null;
    if (!value) return opaque();
    return lang.variablesAlias && value.kind === 'entity' && steps![steps!.length - 1]!.calls === 0 ? { kind: 'alias', of: value } : value;
  }

  /** One value out of a variable's bindings; declared types (annotations) take precedence over assigned values. */
  private bindingsSym(bindings: readonly { scopeId: string; typeName: string; value?: true }[]): Sym | null {
    const declared = bindings.filter((b) => !b.value);
    return unify((declared.length > 0 ? declared : bindings).map((b) => this.bindingSym(b)));
  }

  private wildcardMember(scope: Entity, name: string, local: boolean, space?: Space): Sym | null {
    const lang = this.resolverFor(scope);
    if (!lang) return null;
    const candidates: Sym[] = [];
    for (const imp of this.index.wildcardImportsIn(scope.id)) {
      if (!local && !lang.importsAreMembers && !imp.reexport) continue;
      const target = this.moduleTarget(scope, imp.module);
      if (!target || target.kind === 'external') continue;
      if (name === 'default' && !lang.importsAreMembers) continue;
      if (lang.wildcardBinds && !target.files.some((file) => lang.wildcardBinds!(name, this.index.publicNames(file)))) continue;
      const found = this.moduleMember({ kind: 'module', group: languageGroup(scope.language), files: target.files, key: target.key }, name, space);
      if (found) candidates.push(found);
    }
    return unify(candidates);
  }

  /** The import bindings of one scope for one local name. */
  private importBindingsIn(scope: Entity, lang: LanguageResolver, name: string): readonly { imp: RawImport; binding: ImportBinding }[] {
    this.tracker.read(scope.filePath, name);
    let byName = this.scopeImports.get(scope.id);
    if (!byName) {
      byName = new Map();
      for (const imp of this.index.importsIn(scope.id)) {
        for (const binding of lang.importBindings(imp)) {
          const list = byName.get(binding.local);
          if (list) list.push({ imp, binding });
          else byName.set(binding.local, [{ imp, binding }]);
        }
      }
      this.scopeImports.set(scope.id, byName);
    }
    return byName.get(name) ?? [];
  }

  /** The definitions named `name` directly inside `parent`, an overload set standing as its one target. */
  private declared(parent: Entity, name: string): readonly Entity[] {
    const found = this.index.childrenNamed(parent.id, name);
    if (found.length < 2) return found;
    const target = this.resolverFor(parent)?.overloadTarget?.(found);
    return target ? [target] : found;
  }

  /** A dotted path ('models.Collector') looked up from a scope. */
  resolveDotted(scopeId: string, path: string, space?: Space): Sym | null {
    const scope = this.index.entityById.get(scopeId);
    const lang = scope ? this.resolverFor(scope) : undefined;
    const parts = path.split(lang?.separator ?? '.');
    let sym = this.lookupName(scopeId, parts[0]!, space);
    let next = 1;
    if (sym === null && lang?.qualifiedClassNames === true) ({ sym, next } = this.qualifiedClass(scopeId, parts, parts.length) ?? { sym, next });
    for (let i = next; sym && i < parts.length; i++) sym = this.member(sym, parts[i]!, space);
    return sym;
  }

  /**
   * The class named by the longest package-qualified prefix of `names` (at most `upTo` names, at least two) as an
   * import of it would bind it, or, when all `upTo` names make a package, that package; with the number of names
   * taken. Null when no prefix names a class or package of the repository (outside ones are left unknown).
   */
  private qualifiedClass(scopeId: string, names: readonly string[], upTo: number): { sym: Sym; next: number } | null {
    const scope = this.index.entityById.get(scopeId);
    if (!scope) return null;
    const group = languageGroup(scope.language);
    for (let k = upTo; k >= 2; k--) {
      const target = this.moduleTarget(scope, names.slice(0, k).join('.'));
      if (target === null || target.kind === 'external') continue;
      const module = this.targetSym(target, group);
      const cls = this.member(module, names[k - 1]!, 'type');
      if (cls?.kind === 'entity' && isTypeLike(cls.entity)) return { sym: cls, next: k };
      if (k === upTo && upTo === names.length) return { sym: module, next: k };
    }
    return null;
  }

  member(sym: Sym, name: string, space?: Space): Sym | null {
    switch (sym.kind) {
      case 'module':
        return this.moduleMember(sym, name, space);
      case 'entity':
        return isTypeLike(sym.entity) ? this.classMember(sym.entity, name) : null;
      case 'instance':
        return this.classMember(sym.type, name);
      case 'union':
        // The classes that have the member must agree on it.
        return unify(sym.types.flatMap((type) => this.classMember(type, name) ?? []));
      case 'external':
        // A default import of an outside module stands for the module itself.
        if (name === 'default' && sym.symbol === '') return sym;
        return { kind: 'external', module: sym.module, symbol: sym.symbol === '' ? name : `${sym.symbol}.${name}` };
      case 'ambiguous':
        return sym;
      case 'alias':
        return this.member(sym.of, name, space);
      default:
        return null;
    }
  }

  moduleMember(module: ModuleSym, name: string, space?: Space): Sym | null {
    const lang = this.resolvers.get(module.group);
    if (!lang) return null;
    if (!lang.declarationSpaces) space = undefined;
    const variant = this.onPlatform(space === undefined ? module.group : `${module.group}\0${space}`);
    const cached = this.members.get(variant, module.key, name);
    if (cached !== undefined) return cached;
    return this.members.run(variant, module.key, name, null, () => {
      const candidates: Candidate[] = [];
      // Files where nothing can make `name` a member (no such definition, export, variable, re-export) add nothing.
      const files = this.compiled(this.packageFiles('members', module.group, module, name), (file) => file, lang);
      for (const file of files) {
        const scope = this.index.moduleOf(file);
        if (!scope) continue;
        for (const child of this.declared(scope, name)) candidates.push(entityCandidate(child));
        for (const exp of this.index.exportsNamed(file, name)) {
          const local = this.resolveDotted(scope.id, exp.local, space);
          if (local) candidates.push({ sym: local });
        }
        // Module-level variables: `connections = ConnectionHandler()`, `current_app: AppProxy = ...` (JS/TS: those exported, above).
        const bound = lang.variablesExported ? null : this.bindingsSym(this.index.bindingsNamed(scope.id, name));
        if (bound) candidates.push({ sym: bound, only: 'value' });
        for (const { imp, binding } of this.importBindingsIn(scope, lang, name)) {
          if (!lang.importsAreMembers && !imp.reexport) continue;
          const sym = this.importedSym(imp, binding, scope, space);
          if (sym) candidates.push({ sym });
        }
      }
      if (candidates.length > 0) return this.pick(candidates, lang, space, true);
      for (const file of files) {
        const scope = this.index.moduleOf(file);
        if (!scope) continue;
        const found = this.wildcardMember(scope, name, false, space);
        if (found) candidates.push({ sym: found });
      }
      if (candidates.length > 0) return this.pick(candidates, lang, space, true);
      const sub = lang.submodule ? this.queries.submodule(module.group, module, name) : null;
      if (sub) return this.targetSym(sub, module.group);
      // CommonJS modules without a declared default export are their own default.
      return name === 'default' ? module : null;
    });
  }

  /** A member of a class, searched in the class and then its bases in linearisation order. */
  classMember(type: Entity, name: string): Sym | null {
    const lin = this.linearize(type);
    if (!this.resolverFor(type)?.embeddedBases) return this.memberIn(lin.classes, name) ?? this.outsideMember(type, lin, name);
    for (const cls of lin.classes) {
      const found = this.memberIn([cls], name);
      if (found) return found;
      // A named field is never a member promoted from an embedded type; what calling it does is not known.
      if (this.index.bindingsNamed(cls.id, name).length > 0) return opaque();
    }
    return this.outsideMember(type, lin, name);
  }

  /**
   * Member `name` of the first base outside the repository, for a type whose in-repo classes lack it; where
   * bases are embedded types (LanguageResolver.embeddedBases), only when that base is the type's one base that
   * is no in-repo type: with several, which of them has the member is not known.
   */
  private outsideMember(type: Entity, lin: Linearization, name: string): Sym | null {
    if (lin.external === null) return null;
    if (lin.outside > 1 && this.resolverFor(type)?.embeddedBases) return ambiguous();
    return this.member(lin.external, name);
  }

  private memberIn(classes: readonly Entity[], name: string): Sym | null {
    for (let i = 0; i < classes.length; i++) {
      const cls = classes[i]!;
      const lang = this.resolverFor(cls);
      const owned = lang?.extraMembers ? this.compiled(this.queries.extraMembers(languageGroup(cls.language), cls, name), (e) => e.filePath, lang) : [];
      const found = [...this.declared(cls, name), ...owned];
      if (found.length === 0) continue;
      if (!found.every((e) => e.kind === 'method' && e.parentId === cls.id)) return found.length === 1 ? { kind: 'entity', entity: found[0]! } : ambiguous();
      const overloads = lang?.overrides ? this.inheritedOverloads(found, classes.slice(i + 1), name, lang.overrides) : found;
      return overloads.length === 1 ? { kind: 'entity', entity: overloads[0]! } : { kind: 'ambiguous', overloads };
    }
    return null;
  }

  /**
   * The methods `found` in a class with the methods of its bases that share their name and none of them overrides
   * (Java: an inherited method is an overload a call may reach, `append(int)` next to an own `append(String)`).
   */
  private inheritedOverloads(found: readonly Entity[], bases: readonly Entity[], name: string, overrides: (method: Entity, base: Entity) => boolean): Entity[] {
    const all = [...found];
    for (const base of bases) {
      for (const method of this.declared(base, name)) {
        if (method.kind === 'method' && !all.some((own) => overrides(own, method))) all.push(method);
      }
    }
    return all;
  }

  linearize(type: Entity): Linearization {
    return this.linearizations.run(this.onPlatform(''), type.id, '', { classes: [type], external: null, outside: 0 }, () => {
      const bases: Entity[] = [];
      let external: Sym | null = null;
      let outside = 0;
      const scopeId = type.parentId ?? type.id;
      for (const ref of this.index.basesOf(type)) {
        const sep = this.resolverFor(type)?.separator ?? '.';
        const base = this.resolveDotted(scopeId, ref.receiver === '' ? ref.name : `${ref.receiver}${sep}${ref.name}`, 'type');
        if (base?.kind === 'entity' && isTypeLike(base.entity) && base.entity.id !== type.id) bases.push(base.entity);
        else {
          if (base?.kind === 'external') external ??= base;
          if (!(base?.kind === 'entity' && base.entity.id === type.id)) outside += 1;
        }
      }
      const baseLinearizations = bases.map((base) => this.linearize(base));
      for (const lin of baseLinearizations) {
        external ??= lin.external;
        outside += lin.outside;
      }
      const classes = linearize(type, bases, baseLinearizations.map((lin) => lin.classes), (e) => e.id);
      return { classes, external, outside };
    });
  }

  enclosingType(entityId: string): Entity | null {
    let entity = this.index.entityById.get(entityId);
    while (entity && !isTypeLike(entity)) entity = entity.parentId === null ? undefined : this.index.entityById.get(entity.parentId);
    return entity ?? null;
  }

  /** Where a reference points, or null when it cannot be bound without guessing. */
  resolveRef(ref: RawRef, from: Entity): Outcome | null {
    const lang = this.resolverFor(from);
    if (!lang) return null;
    const group = languageGroup(from.language);
    const { receiver, name } = ref;
    if (receiver === '') return this.resolveBareName(ref, from, lang, group);
    // Outside a type, `self`/`super` are module paths (Rust `self::f()`), resolved like any other receiver.
    const type = this.enclosingType(ref.fromId);
    if (type && receiver === lang.superReceiver) {
      const lin = this.linearize(type);
      return this.outcome(this.overload(this.memberIn(lin.classes.slice(1), name) ?? this.outsideMember(type, lin, name), ref));
    }
    const steps = this.stepsOf(receiver, lang.separator);
    if (steps === null) return this.uniqueMethod(name, lang, group);
    const head = steps[0]!;
    const space = spaceOf(ref, lang);
    if (head.calls === 0 && !(type && lang.selfReceivers.has(head.name)) && this.lookupName(ref.fromId, head.name, space) === null) {
      // A builtin module or type as the receiver: `str.join`, `dict.fromkeys`, `Object.keys`.
      const builtin = lang.builtinModule(head.name);
      if (builtin !== null) return { kind: 'external', module: builtin, symbol: `${receiver}.${name}` };
    }
    const { sym, guessable } = this.evalPath(ref.fromId, steps, lang, space);
    if (sym?.kind === 'ambiguous') return null;
    const target = sym ? this.member(sym, name, space) : null;
    if (target) return this.outcome(this.overload(target, ref));
    return guessable ? this.uniqueMethod(name, lang, group) : null;
  }

  /**
   * The value of a receiver path seen from scope `scopeId`, for every language: `self`/`this` is an instance
   * of the enclosing class (`cls` the class), `super()`/`super` starts after it, names are looked up (in
   * `space` where the language keeps types and values apart), attributes come from the class's members
   * and attribute bindings, and calls construct classes or give a function's declared return type.
   * `guessable` says the walk met a value of unknown type; a known module or class that lacks a member
   * is not unknown.
   */
  private evalPath(scopeId: string, steps: readonly Step[], lang: LanguageResolver, space: Space = 'value'): Walk {
    const type = this.enclosingType(scopeId);
    const outside = lang.outsideResultsOutside === true;
    const head = steps[0]!;
    let sym: Sym | null;
    let guessable = false;
    let next = 1;
    // `self`/`cls` name the receiver unless the scope binds them otherwise (`cls = self.client_class`).
    if (type && lang.selfReceivers.has(head.name) && !this.boundInFunction(scopeId, head.name)) {
      sym = head.name === lang.classReceiver ? { kind: 'entity', entity: type } : { kind: 'instance', type };
      for (let c = 0; c < head.calls && sym; c++) ({ sym, guessable } = this.callResult(sym, guessable, null, outside));
    } else if (type && `${head.name}${'()'.repeat(head.calls)}` === lang.superReceiver) {
      if (steps.length < 2) return { sym: null, guessable: true };
      const lin = this.linearize(type);
      const step = steps[1]!;
      sym = this.memberIn(lin.classes.slice(1), step.name) ?? this.outsideMember(type, lin, step.name);
      guessable = sym === null;
      const self: Sym = { kind: 'instance', type };
      for (let c = 0; c < step.calls && sym; c++) ({ sym, guessable } = this.callResult(sym, guessable, c === 0 ? self : null, outside));
      next = 2;
    } else {
      sym = this.lookupHead(scopeId, head, lang, space);
      let plainNames = 0;
      while (plainNames < steps.length && steps[plainNames]!.calls === 0) plainNames++;
      const qualified = sym === null && lang.qualifiedClassNames === true ? this.qualifiedClass(scopeId, steps.map((s) => s.name), plainNames) : null;
      if (qualified !== null) ({ sym, next } = qualified);
      else {
        guessable = sym === null || sym.kind === 'opaque';
        for (let c = 0; c < head.calls && sym; c++) ({ sym, guessable } = this.callResult(sym, guessable, null, outside));
      }
    }
    for (let i = next; i < steps.length && sym; i++) {
      const step = steps[i]!;
      if (sym.kind === 'ambiguous') return { sym, guessable: false };
      if (sym.kind === 'opaque') return { sym: null, guessable: true };
      // Another name for a definition has the definition's members.
      if (sym.kind === 'alias') sym = sym.of;
      const receiver: Sym = sym;
      if (sym.kind === 'instance' || sym.kind === 'union') {
        // The classes that have the attribute must agree on it.
        sym = sym.kind === 'instance' ? this.attribute(sym.type, step.name, true) : unify(sym.types.flatMap((t) => this.attribute(t, step.name, true) ?? []));
        // An attribute nothing binds has a type we do not know.
        if (sym === null) return { sym: null, guessable: true };
        for (let c = 0; c < step.calls && sym; c++) ({ sym, guessable } = this.callResult(sym, guessable, c === 0 ? receiver : null, outside));
        // A method or property read without calling it: its value's type is unknown too.
        if (sym?.kind === 'entity' && !isTypeLike(sym.entity)) return { sym: null, guessable: true };
        continue;
      }
      const owner = sym.kind === 'entity' && isTypeLike(sym.entity) ? sym.entity : null;
      sym = owner ? this.attribute(owner, step.name, false) : this.member(sym, step.name, space);
      for (let c = 0; c < step.calls && sym; c++) ({ sym, guessable } = this.callResult(sym, guessable, c === 0 ? receiver : null, outside));
    }
    return { sym, guessable };
  }

  /**
   * The first name of a receiver path. Where class members are in scope without `this` (Java), a name not
   * called is a field of the enclosing classes (own or inherited) unless a local or parameter hides it, and a
   * called one is a method of the enclosing class (as for a bare call) or a class (`new Foo()`, a cast, is `Foo()`).
   */
  private lookupHead(scopeId: string, head: Step, lang: LanguageResolver, space: Space): Sym | null {
    if (!lang.classMembersInScope) return this.lookupName(scopeId, head.name, space);
    if (head.calls === 0) return this.fieldInScope(scopeId, head.name) ?? this.lookupName(scopeId, head.name, space);
    const type = this.enclosingType(scopeId);
    if (type) {
      // Constructors carry their class's name and are no methods to call by it: `new Foo().m()` inside Foo.
      const { classes } = this.linearize(type);
      const member = this.memberIn(classes, head.name);
      if (member && !classes.some((cls) => cls.name === head.name)) return member;
    }
    const sym = this.lookupName(scopeId, head.name, space);
    if (sym && !(sym.kind === 'instance' || sym.kind === 'union' || sym.kind === 'opaque')) return sym;
    return type ? this.classMember(type, head.name) : null;
  }

  /**
   * A field by its bare name from inside `scopeId`: bound in the innermost enclosing class that binds it or
   * whose bases do; null when a function between declares the name (a local, a parameter), or no class binds it.
   */
  private fieldInScope(scopeId: string, name: string): Sym | null {
    for (let e = this.index.entityById.get(scopeId); e && e.kind !== 'module'; e = e.parentId === null ? undefined : this.index.entityById.get(e.parentId)) {
      if (!isTypeLike(e)) {
        if (this.index.bindingsNamed(e.id, name).length > 0 || this.index.childrenNamed(e.id, name).length > 0) return null;
        continue;
      }
      for (const cls of this.linearize(e).classes) {
        const bindings = this.index.bindingsNamed(cls.id, name);
        if (bindings.length > 0) return this.bindingsSym(bindings);
      }
    }
    return null;
  }

  /** A class, interface or enum named `name` declared in a class or its bases. */
  private memberType(type: Entity, name: string): Sym | null {
    for (const cls of this.linearize(type).classes) {
      const found = this.declared(cls, name).filter(isTypeLike);
      if (found.length === 1) return { kind: 'entity', entity: found[0]! };
      if (found.length > 1) return ambiguous();
    }
    return null;
  }

  /** Whether the functions enclosing `scopeId` inside its class assign `name`. */
  private boundInFunction(scopeId: string, name: string): boolean {
    for (let e = this.index.entityById.get(scopeId); e && !isTypeLike(e) && e.kind !== 'module'; e = e.parentId === null ? undefined : this.index.entityById.get(e.parentId)) {
      if (this.index.bindingsNamed(e.id, name).length > 0) return true;
    }
    return false;
  }

  /**
   * What calling a value gives: an instance of a class called, or what a function's declared return type
   * says (of every overload when the language links an overload set to one declaration); null when
   * unknown. A return type naming the receiver's own type (`this`, `typing.Self`) is the class of
   * `receiver`, the value the function was looked up on, or else the function's class. Where what outside
   * definitions give is outside too (`outside`, LanguageResolver.outsideResultsOutside), calling one gives a
   * value no name in the repository may be guessed for (ambiguous).
   */
  private callResult(sym: Sym, guessable: boolean, receiver: Sym | null = null, outside = false): Walk {
    if (sym.kind === 'ambiguous' && sym.overloads === undefined) return { sym, guessable: false };
    if (sym.kind === 'alias') return this.callResult(sym.of, guessable, receiver, outside);
    if (sym.kind === 'external' && outside) return { sym: ambiguous(), guessable: false };
    if (sym.kind === 'entity' && isTypeLike(sym.entity)) return { sym: { kind: 'instance', type: sym.entity }, guessable };
    // Which of overloaded methods (Java) a call reaches is not known, but what they all declare they return is.
    const fn = sym.kind === 'ambiguous' ? sym.overloads![0]! : sym.kind === 'entity' && (sym.entity.kind === 'function' || sym.entity.kind === 'method') ? sym.entity : null;
    if (fn !== null) {
      const lang = this.resolverFor(fn);
      this.tracker.read(fn.filePath, fn.name); // the return type comes from its signature
      const siblings = fn.parentId === null ? [] : this.index.childrenNamed(fn.parentId, fn.name);
      const declarations = sym.kind === 'ambiguous' ? sym.overloads! : siblings.length > 1 && lang?.overloadTarget?.(siblings) === fn ? siblings : [fn];
      const declared = lang?.returnType?.(declarations) ?? null;
      if (lang && declared) {
        const own = lang.selfReceivers.has(declared.typeName);
        let type = own ? null : this.typeNamed(fn, declared.typeName, fn.parentId ?? fn.id);
        if (own || (type?.kind === 'external' && lang.selfType !== undefined && type.symbol === lang.selfType)) {
          const cls = receiver?.kind === 'instance' ? receiver.type : receiver?.kind === 'entity' && isTypeLike(receiver.entity) ? receiver.entity : this.enclosingType(fn.id);
          type = cls ? { kind: 'entity', entity: cls } : null;
        }
        if (type?.kind === 'entity' && isTypeLike(type.entity)) return { sym: declared.instance ? { kind: 'instance', type: type.entity } : type, guessable };
        if (type?.kind === 'external' && declared.instance) return { sym: type, guessable };
      }
    }
    return sym.kind === 'ambiguous' ? { sym, guessable: false } : { sym: null, guessable: true };
  }

  /** An instance of the type `typeName` names in `scope` (an outside type stays external); opaque when it names no type. */
  private instanceOf(scope: Entity, typeName: string): Sym {
    const type = this.typeNamed(scope, typeName, scope.id);
    if (type?.kind === 'entity' && isTypeLike(type.entity)) return { kind: 'instance', type: type.entity };
    return type?.kind === 'external' ? type : opaque();
  }

  /**
   * What a type name written in `scope` denotes, looked up from `lookupFrom` (a function's return type
   * from the scope declaring the function): null for a generic type parameter of the scope or of an
   * enclosing definition; a module stands for its default export (`const Cache = require('./cache')`).
   */
  private typeNamed(scope: Entity, typeName: string, lookupFrom: string): Sym | null {
    const lang = this.resolverFor(scope);
    if (lang?.typeParameters) {
      const head = typeName.split(lang.separator)[0]!;
      for (let e: Entity | undefined = scope; e && e.kind !== 'module'; e = e.parentId === null ? undefined : this.index.entityById.get(e.parentId)) {
        if (e !== scope) this.tracker.read(e.filePath, e.name); // its type parameters come from its signature
        if (lang.typeParameters(e).includes(head)) return null;
      }
    }
    const type = this.resolveDotted(lookupFrom, typeName, 'type');
    return type?.kind === 'module' ? this.moduleMember(type, 'default') : type;
  }

  /**
   * Attribute `name` of a class (`instance`: of one of its instances): in linearisation order, the first
   * class that declares it as a member or binds it (class-level assignments and annotations; for instances
   * also attributes declared through the receiver in the class body, `this.store: Store`, and
   * `self.name = ...` in its methods), then the first base outside the repository.
   */
  private attribute(type: Entity, name: string, instance: boolean): Sym | null {
    return this.attributes.run(this.onPlatform(instance ? 'instance' : 'class'), type.id, name, null, () => {
      const lin = this.linearize(type);
      const { classes } = lin;
      const lang = this.resolverFor(type);
      const receivers = instance ? [...(lang?.selfReceivers ?? [])] : [];
      for (const cls of classes) {
        const member = this.memberIn([cls], name);
        if (member) return member;
        const sep = this.resolverFor(cls)?.separator ?? '.';
        const bindings = [
          ...this.index.bindingsNamed(cls.id, name),
          ...receivers.flatMap((r) => [...this.index.bindingsNamed(cls.id, `${r}${sep}${name}`), ...this.index.instanceBindingsOf(cls, r, name)]),
        ];
        if (bindings.length > 0) return this.bindingsSym(bindings);
      }
      return this.outsideMember(type, lin, name);
    });
  }

  private resolveBareName(ref: RawRef, from: Entity, lang: LanguageResolver, group: LanguageGroup): Outcome | null {
    if (lang.classMembersInScope && ref.kind === 'call') {
      // Java calls by bare name only methods, the class's own or inherited in the repository first: never a variable
      // (`contentType()` inside `hasContentType(MediaType contentType)`), nor a statically imported method they hide.
      const type = this.enclosingType(from.id);
      const member = type ? this.memberIn(this.linearize(type).classes, ref.name) : null;
      if (member) return this.outcome(this.overload(member, ref));
    }
    const sym = this.lookupName(ref.fromId, ref.name, spaceOf(ref, lang));
    // A variable's value: Java calls no variable by its name, so the name is a method's still.
    const variable = sym?.kind === 'instance' || sym?.kind === 'union' || sym?.kind === 'opaque';
    if (sym && !(variable && lang.classMembersInScope && ref.kind === 'call')) return this.outcome(this.overload(sym, ref), ref.kind === 'call' || ref.kind === 'new');
    if (ref.name === lang.classReceiver) {
      // Only where a method receives the class as its first parameter (`def create(cls)`).
      const type = from.kind === 'method' && new RegExp(`\\(\\s*${ref.name}\\b`).test(from.signature) ? this.enclosingType(from.id) : null;
      return type ? { kind: 'edge', target: type, confidence: 'exact' } : null;
    }
    if (lang.classMembersInScope) {
      const type = this.enclosingType(from.id);
      const member = type ? this.classMember(type, ref.name) : null;
      if (member) return this.outcome(this.overload(member, ref));
    }
    const builtin = lang.builtinModule(ref.name);
    if (builtin !== null) return { kind: 'external', module: builtin, symbol: ref.name };
    const wildcard = this.externalWildcard(from);
    if (wildcard !== null) return { kind: 'external', module: wildcard, symbol: ref.name };
    if (this.isParameter(from, ref.name)) return null;
    const candidates = this.queries.definitionsNamed(group, ref.name);
    if (candidates.length === 1) return { kind: 'edge', target: candidates[0]!, confidence: 'inferred' };
    // An unknown name in a type position is usually a type parameter or an ambient type, not a dependency.
    const used = ref.kind !== 'type' && ref.kind !== 'value';
    return candidates.length === 0 && used ? { kind: 'external', module: '', symbol: ref.name } : null;
  }

  /** Whether an enclosing function declares `name` as a parameter (a callback, not a definition elsewhere). */
  private isParameter(from: Entity, name: string): boolean {
    // A parameter name opens a comma-separated item: `f(a, *rest, cb: Fn = None)`, `(s *Store)`, `(cb?: Fn)`.
    const param = new RegExp(`(^|,)\\s*(?:\\.\\.\\.|\\*{1,2}|&)?\\s*${name.replace(/\$/g, '\\$')}\\s*(?:[:=,?)\\s]|$)`);
    for (let e: Entity | undefined = from; e && e.kind !== 'module'; e = e.parentId === null ? undefined : this.index.entityById.get(e.parentId)) {
      if (e.kind !== 'function' && e.kind !== 'method') continue;
      const open = e.signature.indexOf('(');
      const close = e.signature.lastIndexOf(')');
      if (open >= 0 && close > open && param.test(e.signature.slice(open + 1, close))) return true;
    }
    return false;
  }

  /** The module of the file's only wildcard import from outside the repository (`from x import *`, Go dot imports). */
  private externalWildcard(from: Entity): string | null {
    const module = this.index.moduleOf(from.filePath);
    if (!module) return null;
    const outside: string[] = [];
    for (const imp of this.index.wildcardImportsIn(module.id)) {
      const target = this.moduleTarget(from, imp.module);
      if (target?.kind === 'external') outside.push(target.module);
      else return null;
    }
    return outside.length === 1 ? outside[0]! : null;
  }

  /** `x.m()` on a receiver of unknown type: the repository's only method `m`, unless builtin types have one too. */
  private uniqueMethod(name: string, lang: LanguageResolver, group: LanguageGroup): Outcome | null {
    if (lang.isCommonMethod(name)) return null;
    const candidates = this.queries.methodsNamed(group, name);
    return candidates.length === 1 ? { kind: 'edge', target: candidates[0]!, confidence: 'inferred' } : null;
  }

  /** The one method of an overload set a call reaches by its arguments, where the language tells. */
  private overload(sym: Sym | null, ref: RawRef): Sym | null {
    if (sym?.kind !== 'ambiguous' || sym.overloads === undefined || ref.args === undefined) return sym;
    const lang = this.resolverFor(sym.overloads[0]!);
    if (!lang?.overloadForArguments) return sym;
    const argTypes = ref.argTypes?.map((t) => (t.startsWith('=') ? this.declaredTypeOf(ref.fromId, t.slice(1)) : t === '' ? null : t));
    const method = lang.overloadForArguments(sym.overloads, ref.args, argTypes);
    return method ? { kind: 'entity', entity: method } : sym;
  }

  /**
   * What a variable's declared type is, as seen from `scopeId`, for telling overloads apart: the simple name of its
   * class, or its LocalBinding.declaredType (a primitive, an array). The enclosing functions' locals and parameters
   * come first, then the fields of the class around them; null when the nearest scope binding the name declares none
   * (`var`) or several, and when that class declares no such field (it may inherit one).
   */
  private declaredTypeOf(scopeId: string, name: string): string | null {
    for (let e = this.index.entityById.get(scopeId); e && e.kind !== 'module'; e = e.parentId === null ? undefined : this.index.entityById.get(e.parentId)) {
      const bindings = this.index.bindingsNamed(e.id, name);
      if (bindings.length === 0) {
        if (isTypeLike(e)) return null;
        continue;
      }
      const types = new Set(bindings.map((b) => (b.value ? '' : (b.declaredType ?? b.typeName.slice(b.typeName.lastIndexOf('.') + 1)))));
      const [only] = types;
      return types.size === 1 && only !== '' && only !== 'var' ? only! : null;
    }
    return null;
  }

  private outcome(sym: Sym | null, called = false): Outcome | null {
    if (!sym) return null;
    if (sym.kind === 'entity') return { kind: 'edge', target: sym.entity, confidence: 'exact' };
    if (sym.kind === 'external') return { kind: 'external', module: sym.module, symbol: sym.symbol };
    if (sym.kind === 'module' && called) {
      const fallback = this.moduleMember(sym, 'default');
      return fallback === null || sameSym(fallback, sym) ? null : this.outcome(fallback);
    }
    return null;
  }
}
