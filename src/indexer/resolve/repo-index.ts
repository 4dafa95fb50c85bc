/** Lookup tables over every file's extraction record, built once per resolver. */
import type { Entity } from '../../graph/types.js';
import type { FileExtract, LocalBinding, RawExport, RawImport, RawRef } from '../types.js';
import type { DepTracker } from './dependencies.js';
import { languageGroup, type LanguageGroup } from './language.js';

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Reads of a file's records are reported to the tracker. Entities found by id are not: ids come from
 * records already read (a parent, a scope of the same file) or from this file's own.
 */
export class RepoIndex {
  readonly entityById = new Map<string, Entity>();
  private readonly moduleOfFile = new Map<string, Entity>();
  private readonly exportsOfFile = new Map<string, readonly RawExport[]>();
  private readonly children = new Map<string, Map<string, Entity[]>>();
  private readonly importsByScope = new Map<string, RawImport[]>();
  private readonly bindingsByScope = new Map<string, LocalBinding[]>();
  private readonly basesByClass = new Map<string, RawRef[]>();
  /** Per language group and name: top-level definitions and methods. */
  private readonly definitionsByName = new Map<string, Entity[]>();
  private readonly methodsByName = new Map<string, Entity[]>();

  constructor(
    extracts: ReadonlyMap<string, FileExtract>,
    private readonly tracker: DepTracker,
  ) {
    for (const [file, extract] of extracts) {
      for (const entity of extract.entities) {
        this.entityById.set(entity.id, entity);
        if (entity.kind === 'module') {
          if (!this.moduleOfFile.has(file)) this.moduleOfFile.set(file, entity);
          continue;
        }
        if (entity.parentId !== null) {
          let byName = this.children.get(entity.parentId);
          if (!byName) this.children.set(entity.parentId, (byName = new Map()));
          pushTo(byName, entity.name, entity);
        }
        const key = `${languageGroup(entity.language)}\0${entity.name}`;
        // Nested definitions are reachable by name only from their own scope, which lookup covers.
        if (entity.kind === 'method') pushTo(this.methodsByName, key, entity);
        else if (entity.parentId === this.moduleOfFile.get(file)?.id) pushTo(this.definitionsByName, key, entity);
      }
      for (const imp of extract.imports) pushTo(this.importsByScope, imp.fromId, imp);
      for (const binding of extract.bindings) pushTo(this.bindingsByScope, binding.scopeId, binding);
      for (const ref of extract.refs) if (ref.kind === 'inherits') pushTo(this.basesByClass, ref.fromId, ref);
      this.exportsOfFile.set(file, extract.exports);
    }
  }

  moduleOf(file: string): Entity | undefined {
    this.tracker.readFile(file);
    return this.moduleOfFile.get(file);
  }

  exportsOf(file: string): readonly RawExport[] {
    this.tracker.readFile(file);
    return this.exportsOfFile.get(file) ?? [];
  }

  /** Reports the file of an entity whose records are about to be read. */
  private readScope(id: string): void {
    const entity = this.entityById.get(id);
    if (entity) this.tracker.readFile(entity.filePath);
  }

  childrenNamed(parentId: string, name: string): readonly Entity[] {
    this.readScope(parentId);
    return this.children.get(parentId)?.get(name) ?? [];
  }

  importsIn(scopeId: string): readonly RawImport[] {
    this.readScope(scopeId);
    return this.importsByScope.get(scopeId) ?? [];
  }

  bindingsIn(scopeId: string): readonly LocalBinding[] {
    this.readScope(scopeId);
    return this.bindingsByScope.get(scopeId) ?? [];
  }

  basesOf(classId: string): readonly RawRef[] {
    this.readScope(classId);
    return this.basesByClass.get(classId) ?? [];
  }

  /** Not tracked: RepoQueries records these as questions. */
  definitionsNamed(group: LanguageGroup, name: string): readonly Entity[] {
    return this.definitionsByName.get(`${group}\0${name}`) ?? [];
  }

  methodsNamed(group: LanguageGroup, name: string): readonly Entity[] {
    return this.methodsByName.get(`${group}\0${name}`) ?? [];
  }
}
