/**
 * Lookup tables over every file's declarations (entities by id, by parent and name, by name; imports, bindings and
 * bases by scope), built once, and updated file by file when some files change: a process that resolves again
 * (`codectx watch`, the MCP server) updates the tables of its last run instead of building them over every file.
 * Updated tables equal those built afresh over the new declarations, list order included: lists that gather
 * several files' entries hold them in path order, and a file's entries in source order.
 */
import type { Entity, LanguageId } from '../../graph/types.js';
import type { FileExtract, LocalBinding, RawExport, RawImport, RawRef } from '../types.js';
import { languageGroup, type LanguageGroup } from './language.js';
import { isTypeLike } from './symbols.js';

/** Receivers that name the instance inside a method of the language (`self`, `this`). */
export type SelfReceivers = (language: LanguageId) => ReadonlySet<string>;

/** Entities of several files by key, each list in path order (the order files are added in by `build`). */
type EntityLists = Map<string, Entity[]>;

export class RepoTables {
  readonly entityById = new Map<string, Entity>();
  readonly moduleOfFile = new Map<string, Entity>();
  readonly exportsOfFile = new Map<string, readonly RawExport[]>();
  readonly publicNamesOfFile = new Map<string, readonly string[]>();
  /** Parent id -> name -> children. */
  readonly children = new Map<string, EntityLists>();
  readonly importsByScope = new Map<string, RawImport[]>();
  /** Scope id -> variable -> its bindings there, in source order. */
  readonly bindingsByScope = new Map<string, Map<string, LocalBinding[]>>();
  readonly basesByClass = new Map<string, RawRef[]>();
  /** Class id -> `<receiver>.<attr>` bindings made in its methods (`self.conn = ...`). */
  readonly instanceBindings = new Map<string, LocalBinding[]>();
  /** Per language group and name: top-level definitions and methods. */
  readonly definitionsByName = new Map<LanguageGroup, EntityLists>();
  readonly methodsByName = new Map<LanguageGroup, EntityLists>();

  private constructor() {}

  /** Tables over `extracts`, whose files are taken in the map's order (path order, as the indexer gives them). */
  static build(extracts: ReadonlyMap<string, FileExtract>, selfReceivers: SelfReceivers): RepoTables {
    const tables = new RepoTables();
    for (const [file, extract] of extracts) tables.add(file, extract, selfReceivers, false);
    return tables;
  }

  /**
   * Brings tables built over `before` to what building them over `after` (in path order) gives: `changed` holds
   * every path whose extract is not the same in both (added, modified or removed).
   */
  update(before: ReadonlyMap<string, FileExtract>, after: ReadonlyMap<string, FileExtract>, changed: Iterable<string>, selfReceivers: SelfReceivers): void {
    for (const file of changed) {
      const old = before.get(file);
      if (old !== undefined) this.remove(file, old);
      const now = after.get(file);
      if (now !== undefined) this.add(file, now, selfReceivers, true);
    }
  }

  /** Adds a file's entries: at the end of every list when files come in path order, else at their place by path. */
  private add(file: string, extract: FileExtract, selfReceivers: SelfReceivers, inPlace: boolean): void {
    const superseded = new Set(extract.superseded);
    const pushEntity = inPlace ? insertByPath : pushTo;
    for (const entity of extract.entities) {
      this.entityById.set(entity.id, entity);
      if (entity.kind === 'module') {
        if (!this.moduleOfFile.has(file)) this.moduleOfFile.set(file, entity);
        continue;
      }
      // A name a later definition always rebinds never denotes this one.
      if (superseded.has(entity.id)) continue;
      if (entity.parentId !== null) pushEntity(getOrAdd(this.children, entity.parentId), entity.name, entity);
      // Nested definitions are reachable by name only from their own scope, which lookup covers.
      if (entity.kind === 'method') pushEntity(this.groupLists(this.methodsByName, entity.language), entity.name, entity);
      else if (entity.parentId === this.moduleOfFile.get(file)?.id) pushEntity(this.groupLists(this.definitionsByName, entity.language), entity.name, entity);
    }
    // The scopes below are the file's own entities: these lists hold one file's entries each.
    for (const imp of extract.imports) pushTo(this.importsByScope, imp.fromId, imp);
    for (const binding of extract.bindings) pushTo(getOrAdd(this.bindingsByScope, binding.scopeId), binding.variable, binding);
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

  /** Takes out everything `add(file, extract)` put in. */
  private remove(file: string, extract: FileExtract): void {
    const superseded = new Set(extract.superseded);
    // As add saw it: the file's first module entity, once iterated.
    let moduleId: string | undefined;
    for (const entity of extract.entities) {
      if (entity.kind === 'module') {
        moduleId ??= entity.id;
        continue;
      }
      if (superseded.has(entity.id)) continue;
      if (entity.parentId !== null) removeFile(this.children, entity.parentId, entity.name, file);
      if (entity.kind === 'method') removeFile(this.methodsByName, languageGroup(entity.language), entity.name, file);
      else if (entity.parentId === moduleId) removeFile(this.definitionsByName, languageGroup(entity.language), entity.name, file);
    }
    for (const entity of extract.entities) {
      this.entityById.delete(entity.id);
      this.importsByScope.delete(entity.id);
      this.bindingsByScope.delete(entity.id);
      this.basesByClass.delete(entity.id);
      this.instanceBindings.delete(entity.id);
    }
    this.moduleOfFile.delete(file);
    this.exportsOfFile.delete(file);
    this.publicNamesOfFile.delete(file);
  }

  private groupLists(tables: Map<LanguageGroup, EntityLists>, language: LanguageId): EntityLists {
    return getOrAdd(tables, languageGroup(language));
  }
}

function getOrAdd<K, V>(map: Map<K, Map<string, V>>, key: K): Map<string, V> {
  let inner = map.get(key);
  if (inner === undefined) map.set(key, (inner = new Map()));
  return inner;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Index of the first entity of `list` (in path order) whose file comes after `file`. */
function afterFile(list: readonly Entity[], file: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.filePath <= file) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Adds `entity` after the entries of its file and those before it, keeping the list in path order. */
function insertByPath(map: EntityLists, key: string, entity: Entity): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [entity]);
  else list.splice(afterFile(list, entity.filePath), 0, entity);
}

/** Removes the entries of `file` under `outer`/`key`, and the keys left without entries (as a build would not make them). */
function removeFile<K>(tables: Map<K, EntityLists>, outer: K, key: string, file: string): void {
  const lists = tables.get(outer);
  const list = lists?.get(key);
  if (lists === undefined || list === undefined) return;
  const end = afterFile(list, file);
  let start = end;
  while (start > 0 && list[start - 1]!.filePath === file) start--;
  list.splice(start, end - start);
  if (list.length > 0) return;
  lists.delete(key);
  if (lists.size === 0) tables.delete(outer);
}
