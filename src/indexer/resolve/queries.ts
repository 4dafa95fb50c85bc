/**
 * The repository-wide questions resolution asks (what a module specifier denotes, which definitions
 * carry a name...). Each is recorded with its answer so an update can ask it again on the new
 * snapshot: an unchanged answer means the asking file needs no re-resolution on its account.
 */
import { createHash } from 'node:crypto';
import type { Entity } from '../../graph/types.js';
import type { DepTracker } from './dependencies.js';
import type { LanguageGroup, LanguageResolver, ModuleTarget } from './language.js';
import type { RepoIndex } from './repo-index.js';

type Question =
  | ['module', LanguageGroup, string, string]
  | ['submodule', LanguageGroup, string, string, ...string[]]
  | ['child', LanguageGroup, string, string]
  | ['package', LanguageGroup, string]
  | ['extra', LanguageGroup, string, string]
  | ['defs', LanguageGroup, string]
  | ['methods', LanguageGroup, string]
  | ['pkgdefs', LanguageGroup, string, string]
  | ['pkgmembers', LanguageGroup, string, string];

/** What a package lookup may find of one file, by name (see RepoQueries.packageFilesWith). */
interface PackageNames {
  /** Names of the definitions and variables directly in the file's module. */
  defs: ReadonlySet<string>;
  /** Those, and what else can make a module member: exports, module-level variables, re-exported imports. */
  members: ReadonlySet<string>;
  /** A module-level wildcard import whose names are members of the module (Python, re-exports). */
  wildcard: boolean;
}

/** Digests of long file lists, by list: a package's list is the same array for every file that asks for it. */
const digests = new WeakMap<readonly string[], string>();

/**
 * A file list as an answer: answers are only compared, and a package's list (hundreds of paths) is an answer of
 * every file of the package and every file importing it, so beyond a few files it is kept as its digest.
 */
function filesAnswer(files: readonly string[]): readonly string[] {
  if (files.length <= 4) return files;
  let digest = digests.get(files);
  if (digest === undefined) digests.set(files, (digest = `${files.length}:${createHash('sha256').update(files.join('\0')).digest('base64')}`));
  return [digest];
}

function targetAnswer(target: ModuleTarget | { files: readonly string[]; key: string } | null): string {
  if (!target) return '';
  if ('kind' in target && target.kind === 'external') return JSON.stringify(['x', target.module]);
  return JSON.stringify(['f', target.key, ...filesAnswer(target.files)]);
}

/** Which entities: the one id when unique, otherwise just how many (the engine never picks among several). */
function candidatesAnswer(found: readonly Entity[]): string {
  return found.length === 1 ? found[0]!.id : String(Math.min(found.length, 2));
}

export class RepoQueries {
  private readonly moduleTargets = new Map<string, { target: ModuleTarget | null; answer: string }>();
  private readonly packageNames = new Map<string, PackageNames>();

  constructor(
    private readonly index: RepoIndex,
    private readonly resolvers: ReadonlyMap<LanguageGroup, LanguageResolver>,
    private readonly tracker: DepTracker,
  ) {}

  moduleTarget(group: LanguageGroup, specifier: string, fromFile: string): ModuleTarget | null {
    const key = JSON.stringify(['module', group, specifier, fromFile] satisfies Question);
    let known = this.moduleTargets.get(key);
    if (known === undefined) {
      const target = this.resolvers.get(group)?.resolveModule(specifier, fromFile) ?? null;
      this.moduleTargets.set(key, (known = { target, answer: targetAnswer(target) }));
    }
    this.tracker.asked(key, known.answer);
    return known.target;
  }

  submodule(group: LanguageGroup, module: { files: readonly string[]; key: string }, name: string): ModuleTarget | null {
    const found = this.resolvers.get(group)?.submodule?.(module, name) ?? null;
    this.record(['submodule', group, module.key, name, ...module.files], targetAnswer(found));
    return found;
  }

  childModule(group: LanguageGroup, file: string, name: string): ModuleTarget | null {
    const found = this.resolvers.get(group)?.childModule?.(file, name) ?? null;
    this.record(['child', group, file, name], targetAnswer(found));
    return found;
  }

  packageOf(group: LanguageGroup, file: string): { files: readonly string[]; key: string } | null {
    const found = this.resolvers.get(group)?.packageOf?.(file) ?? null;
    this.record(['package', group, file], targetAnswer(found));
    return found;
  }

  extraMembers(group: LanguageGroup, type: Entity, name: string): Entity[] {
    const found = this.resolvers.get(group)?.extraMembers?.(type, name) ?? [];
    this.record(['extra', group, type.id, name], JSON.stringify(found.map((e) => e.id)));
    return found;
  }

  definitionsNamed(group: LanguageGroup, name: string): readonly Entity[] {
    const found = this.index.definitionsNamed(group, name);
    this.record(['defs', group, name], candidatesAnswer(found));
    return found;
  }

  methodsNamed(group: LanguageGroup, name: string): readonly Entity[] {
    const found = this.index.methodsNamed(group, name);
    this.record(['methods', group, name], candidatesAnswer(found));
    return found;
  }

  /**
   * The files of package `key` (`files`, which must be what the resolver's packageFiles gives for it) in which a
   * lookup of `name` can find something: as a top-level definition ('defs', the same-package lookup) or as a module
   * member ('members'). Recorded as one question, so the asker records reads of only the files returned instead
   * of every file of the package for every name it looked up there (most of them found nowhere: `String`,
   * `List`...). A file that gains or loses the name, joins or leaves the package, changes the answer; changes to
   * what is found are seen through the reads of the returned files.
   */
  packageFilesWith(kind: 'defs' | 'members', group: LanguageGroup, key: string, files: readonly string[], name: string): readonly string[] {
    const found = this.filesWith(kind, group, files, name);
    this.record([kind === 'defs' ? 'pkgdefs' : 'pkgmembers', group, key, name], JSON.stringify(found));
    return found;
  }

  private filesWith(kind: 'defs' | 'members', group: LanguageGroup, files: readonly string[], name: string): string[] {
    const found: string[] = [];
    for (const file of files) {
      const names = this.namesIn(group, file);
      if (kind === 'defs' ? names.defs.has(name) : names.members.has(name) || names.wildcard) found.push(file);
    }
    return found;
  }

  private namesIn(group: LanguageGroup, file: string): PackageNames {
    let names = this.packageNames.get(file);
    if (names !== undefined) return names;
    const defs = new Set<string>();
    const members = new Set<string>();
    let wildcard = false;
    const extract = this.index.extracts.get(file);
    const lang = this.resolvers.get(group);
    if (extract) {
      // Every module entity of the file, not only the first (the one lookups use): more names, never fewer.
      const modules = new Set(extract.entities.filter((e) => e.kind === 'module').map((e) => e.id));
      for (const e of extract.entities) {
        if (e.kind === 'module' || e.parentId === null || !modules.has(e.parentId)) continue;
        defs.add(e.name);
        members.add(e.name);
      }
      for (const exp of extract.exports) members.add(exp.name);
      for (const b of extract.bindings) {
        if (!modules.has(b.scopeId)) continue;
        defs.add(b.variable);
        members.add(b.variable);
      }
      for (const imp of extract.imports) {
        if (!modules.has(imp.fromId) || !(lang?.importsAreMembers || imp.reexport)) continue;
        if (imp.wildcard) wildcard = true;
        for (const b of lang?.importBindings(imp) ?? []) members.add(b.local);
      }
    }
    this.packageNames.set(file, (names = { defs, members, wildcard }));
    return names;
  }

  /** The answer an encoded question gets on this snapshot, without recording it. */
  answer(encoded: string): string {
    const [kind, group, a = '', b = '', ...rest] = JSON.parse(encoded) as [Question[0], LanguageGroup, string?, string?, ...string[]];
    const lang = this.resolvers.get(group);
    switch (kind) {
      case 'module':
        return targetAnswer(lang?.resolveModule(a, b) ?? null);
      case 'submodule':
        return targetAnswer(lang?.submodule?.({ key: a, files: rest }, b) ?? null);
      case 'child':
        return targetAnswer(lang?.childModule?.(a, b) ?? null);
      case 'package':
        return targetAnswer(lang?.packageOf?.(a) ?? null);
      case 'extra': {
        const type = this.index.entityById.get(a);
        // The type itself is gone: its file changed, so the asker is re-resolved anyway.
        return type ? JSON.stringify((lang?.extraMembers?.(type, b) ?? []).map((e) => e.id)) : 'gone';
      }
      case 'defs':
        return candidatesAnswer(this.index.definitionsNamed(group, a));
      case 'methods':
        return candidatesAnswer(this.index.methodsNamed(group, a));
      case 'pkgdefs':
      case 'pkgmembers':
        return JSON.stringify(this.filesWith(kind === 'pkgdefs' ? 'defs' : 'members', group, lang?.packageFiles?.(a) ?? [], b));
      default:
        return 'unknown';
    }
  }

  private record(question: Question, answer: string): void {
    this.tracker.asked(JSON.stringify(question), answer);
  }
}
