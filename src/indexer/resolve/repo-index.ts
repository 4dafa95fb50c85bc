/** Lookup tables over every file's extraction record, built once per resolver. */
import type { Entity } from '../../graph/types.js';
import type { FileExtract, LocalBinding, RawExport, RawImport, RawRef } from '../types.js';
import type { DepTracker } from './dependencies.js';
import { languageGroup, type LanguageGroup } from './language.js';
import { isTypeLike } from './symbols.js';

const NONE: readonly never[] = Object.freeze([]);

/** The by-name table of the entity's language group in `tables`, made on first use. */
function groupMap(tables: Map<LanguageGroup, Map<string, Entity[]>>, entity: Entity): Map<string, Entity[]> {
  const group = languageGroup(entity.language);
  let table = tables.get(group);
  if (table === undefined) tables.set(group, (table = new Map()));
  return table;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Reads of a file's records are reported to the tracker with the name they were looked up by ('' for the
 * module entity, '*' for wildcard imports). Entities found by id are not: ids come from records already
 * read (a found entity's parent, a scope of the same file) or from the resolving file's own.
 */
export class RepoIndex {
  readonly entityById = new Map<string, Entity>();
  private readonly moduleOfFile = new Map<string, Entity>();
  private readonly exportsOfFile = new Map<string, readonly RawExport[]>();
  private readonly publicNamesOfFile = new Map<string, readonly string[]>();
  private readonly children = new Map<string, Map<string, Entity[]>>();
  private readonly importsByScope = new Map<string, RawImport[]>();
  /** Scope id -> variable -> its bindings there, in source order. */
  private readonly bindingsByScope = new Map<string, Map<string, LocalBinding[]>>();
  private readonly basesByClass = new Map<string, RawRef[]>();
  /** Class id -> `<receiver>.<attr>` bindings made in its methods (`self.conn = ...`). */
  private readonly instanceBindings = new Map<string, LocalBinding[]>();
  /** Per language group and name: top-level definitions and methods. */
  private readonly definitionsByName = new Map<LanguageGroup, Map<string, Entity[]>>();
  private readonly methodsByName = new Map<LanguageGroup, Map<string, Entity[]>>();

  constructor(
    /** Not tracked: for RepoQueries, which records what it derives from them as questions. */
    readonly extracts: ReadonlyMap<string, FileExtract>,
    private readonly tracker: DepTracker,
    /** Receivers that name the instance inside a method (`self`, `this`): `self.x = ...` binds an attribute. */
    selfReceivers: (language: Entity['language']) => ReadonlySet<string> = () => new Set(),
  ) {
    for (const [file, extract] of extracts) {
      const superseded = new Set(extract.superseded);
      for (const entity of extract.entities) {
        this.entityById.set(entity.id, entity);
        if (entity.kind === 'module') {
          if (!this.moduleOfFile.has(file)) this.moduleOfFile.set(file, entity);
          continue;
        }
        // A name a later definition always rebinds never denotes this one.
        if (superseded.has(entity.id)) continue;
        if (entity.parentId !== null) {
          let byName = this.children.get(entity.parentId);
          if (!byName) this.children.set(entity.parentId, (byName = new Map()));
          pushTo(byName, entity.name, entity);
        }
        // Nested definitions are reachable by name only from their own scope, which lookup covers.
        if (entity.kind === 'method') pushTo(groupMap(this.methodsByName, entity), entity.name, entity);
        else if (entity.parentId === this.moduleOfFile.get(file)?.id) pushTo(groupMap(this.definitionsByName, entity), entity.name, entity);
      }
      for (const imp of extract.imports) pushTo(this.importsByScope, imp.fromId, imp);
      for (const binding of extract.bindings) {
        let byVariable = this.bindingsByScope.get(binding.scopeId);
        if (!byVariable) this.bindingsByScope.set(binding.scopeId, (byVariable = new Map()));
        pushTo(byVariable, binding.variable, binding);
      }
      const receivers = selfReceivers(extract.language);
      for (const binding of extract.bindings) {
        const dot = binding.variable.indexOf('.');
        if (dot < 0 || !receivers.has(binding.variable.slice(0, dot))) continue;
        const scope = this.entityById.get(binding.scopeId);
        const owner = scope?.kind === 'method' && scope.parentId !== null ? this.entityById.get(scope.parentId) : undefined;
        if (owner && owner.filePath === file && isTypeLike(owner)) pushTo(this.instanceBindings, owner.id, binding);
      }
      for (const ref of extract.refs) if (ref.kind === 'inherits') pushTo(this.basesByClass, ref.fromId, ref);
      this.exportsOfFile.set(file, extract.exports);
      if (extract.publicNames !== undefined) this.publicNamesOfFile.set(file, extract.publicNames);
    }
  }

  moduleOf(file: string): Entity | undefined {
    this.tracker.read(file, '');
    return this.moduleOfFile.get(file);
  }

  exportsNamed(file: string, name: string): RawExport[] {
    this.tracker.read(file, name);
    return (this.exportsOfFile.get(file) ?? []).filter((exp) => exp.name === name);
  }

  /** The names a wildcard import of the file binds when it declares them (Python `__all__`), else undefined. */
  publicNames(file: string): readonly string[] | undefined {
    this.tracker.read(file, '__all__');
    return this.publicNamesOfFile.get(file);
  }

  /** Reports a name looked up in the records of an entity's file. */
  private readIn(id: string, name: string): void {
    const entity = this.entityById.get(id);
    if (entity) this.tracker.read(entity.filePath, name);
  }

  childrenNamed(parentId: string, name: string): readonly Entity[] {
    this.readIn(parentId, name);
    return this.children.get(parentId)?.get(name) ?? [];
  }

  /** Not tracked: the caller reports the names it looks the imports up by. */
  importsIn(scopeId: string): readonly RawImport[] {
    return this.importsByScope.get(scopeId) ?? [];
  }

  wildcardImportsIn(scopeId: string): RawImport[] {
    this.readIn(scopeId, '*');
    return (this.importsByScope.get(scopeId) ?? []).filter((imp) => imp.wildcard);
  }

  bindingsNamed(scopeId: string, name: string): readonly LocalBinding[] {
    this.readIn(scopeId, name);
    return this.bindingsByScope.get(scopeId)?.get(name) ?? NONE;
  }

  /** Bindings of attribute `attr` made in the methods of `type` through its instance receiver (`self.attr = ...`). */
  instanceBindingsOf(type: Entity, receiver: string, attr: string): LocalBinding[] {
    const variable = `${receiver}.${attr}`;
    this.tracker.read(type.filePath, variable);
    return (this.instanceBindings.get(type.id) ?? []).filter((b) => b.variable === variable);
  }

  basesOf(type: Entity): readonly RawRef[] {
    this.tracker.read(type.filePath, type.name);
    return this.basesByClass.get(type.id) ?? [];
  }

  /** Not tracked: RepoQueries records these as questions. */
  definitionsNamed(group: LanguageGroup, name: string): readonly Entity[] {
    return this.definitionsByName.get(group)?.get(name) ?? NONE;
  }

  methodsNamed(group: LanguageGroup, name: string): readonly Entity[] {
    return this.methodsByName.get(group)?.get(name) ?? NONE;
  }
}
