/** Lookups over every file's declarations (repo-tables.ts), reporting what resolution reads to its tracker. */
import type { Entity } from '../../graph/types.js';
import type { FileExtract, LocalBinding, RawExport, RawImport, RawRef } from '../types.js';
import type { DepTracker } from './dependencies.js';
import type { LanguageGroup } from './language.js';
import type { RepoTables } from './repo-tables.js';

const NONE: readonly never[] = Object.freeze([]);

/**
 * Reads of a file's records are reported to the tracker with the name they were looked up by ('' for the
 * module entity, '*' for wildcard imports). Entities found by id are not: ids come from records already
 * read (a found entity's parent, a scope of the same file) or from the resolving file's own.
 */
export class RepoIndex {
  readonly entityById: ReadonlyMap<string, Entity>;

  constructor(
    private readonly tables: RepoTables,
    /** Not tracked: for RepoQueries, which records what it derives from them as questions. */
    readonly extracts: ReadonlyMap<string, FileExtract>,
    private readonly tracker: DepTracker,
  ) {
    this.entityById = tables.entityById;
  }

  moduleOf(file: string): Entity | undefined {
    this.tracker.read(file, '');
    return this.tables.moduleOfFile.get(file);
  }

  exportsNamed(file: string, name: string): RawExport[] {
    this.tracker.read(file, name);
    return (this.tables.exportsOfFile.get(file) ?? []).filter((exp) => exp.name === name);
  }

  /** The names a wildcard import of the file binds when it declares them (Python `__all__`), else undefined. */
  publicNames(file: string): readonly string[] | undefined {
    this.tracker.read(file, '__all__');
    return this.tables.publicNamesOfFile.get(file);
  }

  /** Reports a name looked up in the records of an entity's file. */
  private readIn(id: string, name: string): void {
    const entity = this.entityById.get(id);
    if (entity) this.tracker.read(entity.filePath, name);
  }

  childrenNamed(parentId: string, name: string): readonly Entity[] {
    this.readIn(parentId, name);
    return this.tables.children.get(parentId)?.get(name) ?? [];
  }

  /** Not tracked: the caller reports the names it looks the imports up by. */
  importsIn(scopeId: string): readonly RawImport[] {
    return this.tables.importsByScope.get(scopeId) ?? [];
  }

  wildcardImportsIn(scopeId: string): RawImport[] {
    this.readIn(scopeId, '*');
    return (this.tables.importsByScope.get(scopeId) ?? []).filter((imp) => imp.wildcard);
  }

  bindingsNamed(scopeId: string, name: string): readonly LocalBinding[] {
    this.readIn(scopeId, name);
    return this.tables.bindingsByScope.get(scopeId)?.get(name) ?? NONE;
  }

  /** Bindings of attribute `attr` made in the methods of `type` through its instance receiver (`self.attr = ...`). */
  instanceBindingsOf(type: Entity, receiver: string, attr: string): LocalBinding[] {
    const variable = `${receiver}.${attr}`;
    this.tracker.read(type.filePath, variable);
    return (this.tables.instanceBindings.get(type.id) ?? []).filter((b) => b.variable === variable);
  }

  basesOf(type: Entity): readonly RawRef[] {
    this.tracker.read(type.filePath, type.name);
    return this.tables.basesByClass.get(type.id) ?? [];
  }

  /** Not tracked: RepoQueries records these as questions. */
  definitionsNamed(group: LanguageGroup, name: string): readonly Entity[] {
    return this.tables.definitionsByName.get(group)?.get(name) ?? NONE;
  }

  methodsNamed(group: LanguageGroup, name: string): readonly Entity[] {
    return this.tables.methodsByName.get(group)?.get(name) ?? NONE;
  }
}
