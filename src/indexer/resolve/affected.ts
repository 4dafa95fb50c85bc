/**
 * Which files to re-resolve after a change. A file's resolution reads other files only through
 * names: the names it references, the specifier segments of its imports. A changed file whose
 * interface (entities, imports, exports, bases) is unchanged affects nobody else; otherwise
 * every name it declares or binds, plus the names those are re-exported under and the members of
 * every class its classes may inherit from, may now resolve differently.
 */
import type { FileExtract } from '../types.js';

export interface NameIndex {
  /** Name -> files whose resolution looks that name up. */
  readers: Map<string, Set<string>>;
  /** Name -> names it is re-bound under (import aliases, renamed exports). */
  aliases: Map<string, Set<string>>;
  /** Specifier segment -> names imported from modules whose specifier has it. */
  importedVia: Map<string, Set<string>>;
  /** Class name -> names of its members and of its bases, over every class with that name. */
  classes: Map<string, { members: Set<string>; bases: Set<string> }>;
}

function segments(text: string): string[] {
  return text
    .replace(/\([^)]*\)/g, '')
    .split(/[./:\\]+/)
    .filter((s) => s.length > 0);
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

/** Every name looking up something in this file may touch. */
function referencedNames(extract: FileExtract): Set<string> {
  const names = new Set<string>();
  const add = (text: string) => {
    for (const s of segments(text)) names.add(s);
  };
  for (const ref of extract.refs) {
    names.add(ref.name);
    add(ref.receiver);
  }
  for (const imp of extract.imports) {
    add(imp.module);
    if (imp.alias) names.add(imp.alias);
    for (const { name, alias } of imp.names) {
      names.add(name);
      if (alias) names.add(alias);
    }
  }
  for (const binding of extract.bindings) add(binding.typeName);
  for (const exp of extract.exports) {
    names.add(exp.name);
    add(exp.local);
  }
  return names;
}

/**
 * What other files can observe of this file, keyed by the name a lookup would use: its entities
 * (id, parent, kind), the names its imports bind, its exports, its classes' bases and module-level
 * variables. Two versions of a file differ for other files only under names whose facts differ.
 */
function interfaceFacts(extract: FileExtract): Map<string, string[]> {
  const facts = new Map<string, string[]>();
  const add = (name: string, fact: string) => {
    const list = facts.get(name);
    if (list) list.push(fact);
    else facts.set(name, [fact]);
  };
  const byId = new Map(extract.entities.map((e) => [e.id, e]));
  for (const entity of extract.entities) if (entity.kind !== 'module') add(entity.name, `e ${entity.id} ${entity.parentId} ${entity.kind}`);
  for (const imp of extract.imports) {
    if (imp.wildcard) continue;
    const fact = `i ${JSON.stringify([imp.fromId, imp.module, imp.names, imp.alias, imp.reexport])}`;
    if (imp.alias) add(imp.alias, fact);
    // Whole-module imports bind a segment of the specifier (`import a.b` -> a, Go's last path element).
    if (imp.names.length === 0 && !imp.alias) for (const s of segments(imp.module)) add(s, fact);
    for (const { name, alias } of imp.names) {
      add(name, fact);
      if (alias) add(alias, fact);
    }
  }
  for (const exp of extract.exports) {
    add(exp.name, `x ${exp.name} ${exp.local}`);
    for (const s of segments(exp.local)) add(s, `x ${exp.name} ${exp.local}`);
  }
  for (const ref of extract.refs) {
    if (ref.kind !== 'inherits' && ref.kind !== 'implements') continue;
    const fact = `b ${ref.fromId} ${ref.kind} ${ref.receiver} ${ref.name}`;
    add(byId.get(ref.fromId)?.name ?? '', fact);
    add(ref.name, fact);
    for (const s of segments(ref.receiver)) add(s, fact);
  }
  const moduleId = extract.entities[0]?.id;
  for (const b of extract.bindings) if (b.scopeId === moduleId) add(b.variable, `v ${b.typeName}`);
  for (const list of facts.values()) list.sort();
  return facts;
}

/** Every name under which another file can observe something of this file. */
export function interfaceNames(extract: FileExtract): Set<string> {
  return new Set(interfaceFacts(extract).keys());
}

function changedNames(before: FileExtract | undefined, now: FileExtract | undefined): Set<string> {
  const a = before ? interfaceFacts(before) : new Map<string, string[]>();
  const b = now ? interfaceFacts(now) : new Map<string, string[]>();
  const names = new Set<string>();
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    if ((a.get(name) ?? []).join('\n') !== (b.get(name) ?? []).join('\n')) names.add(name);
  }
  return names;
}

function wildcardImports(extract: FileExtract | undefined): Set<string> {
  return new Set((extract?.imports ?? []).filter((i) => i.wildcard).map((i) => JSON.stringify([i.fromId, i.module, i.alias, i.reexport])));
}

/** Names a specifier in another file may use for this file: its base name and its directories. */
function moduleKeys(filePath: string): string[] {
  const parts = filePath.split('/');
  const base = parts.pop() ?? '';
  return [base.split('.')[0] ?? base, ...parts].filter((s) => s.length > 0);
}

function addClasses(classes: NameIndex['classes'], extract: FileExtract): void {
  const byId = new Map(extract.entities.map((e) => [e.id, e]));
  const infoOf = (name: string) => {
    let info = classes.get(name);
    if (!info) classes.set(name, (info = { members: new Set(), bases: new Set() }));
    return info;
  };
  for (const entity of extract.entities) {
    const parent = entity.parentId === null ? undefined : byId.get(entity.parentId);
    if (parent && parent.kind !== 'module' && parent.kind !== 'function' && parent.kind !== 'method') {
      infoOf(parent.name).members.add(entity.name);
    }
  }
  for (const ref of extract.refs) {
    const from = byId.get(ref.fromId);
    if (ref.kind === 'inherits' && from) infoOf(from.name).bases.add(ref.name);
  }
}

/** Built once per resolver, on the first `affectedFiles` call. */
export function buildNameIndex(extracts: ReadonlyMap<string, FileExtract>): NameIndex {
  const index: NameIndex = { readers: new Map(), aliases: new Map(), importedVia: new Map(), classes: new Map() };
  for (const [file, extract] of extracts) {
    for (const name of referencedNames(extract)) addTo(index.readers, name, file);
    for (const imp of extract.imports) {
      for (const { name, alias } of imp.names) if (alias) addTo(index.aliases, name, alias);
      if (imp.alias) for (const s of segments(imp.module)) addTo(index.aliases, s, imp.alias);
      for (const s of segments(imp.module)) for (const { name, alias } of imp.names) addTo(index.importedVia, s, alias ?? name);
    }
    for (const exp of extract.exports) {
      for (const s of segments(exp.local)) addTo(index.aliases, s, exp.name);
    }
    addClasses(index.classes, extract);
  }
  return index;
}

/**
 * `wildcardNames(file, specifier)`: every name a wildcard import of `specifier` in `file` can
 * bring in (the interface names of the files it resolves to, through their own wildcards).
 */
export function affectedFiles(
  extracts: ReadonlyMap<string, FileExtract>,
  index: NameIndex,
  changed: ReadonlySet<string>,
  previous: ReadonlyMap<string, FileExtract | undefined>,
  wildcardNames: (file: string, specifier: string) => Iterable<string>,
): Set<string> {
  const affected = new Set<string>();
  const names = new Set<string>();
  const oldClasses: NameIndex['classes'] = new Map();
  for (const file of changed) {
    const now = extracts.get(file);
    const before = previous.get(file);
    if (now) affected.add(file);
    for (const name of changedNames(before, now)) names.add(name);
    const wildBefore = wildcardImports(before);
    const wildNow = wildcardImports(now);
    for (const [mine, other] of [[wildBefore, wildNow], [wildNow, wildBefore]] as const) {
      for (const key of mine) {
        if (other.has(key)) continue;
        const specifier = (JSON.parse(key) as [string, string])[1];
        for (const name of wildcardNames(file, specifier)) names.add(name);
      }
    }
    if (before) addClasses(oldClasses, before);
    // A module appearing or disappearing changes what every name imported from its specifiers denotes.
    if (!now || !before) {
      for (const key of moduleKeys(file)) {
        names.add(key);
        for (const name of index.importedVia.get(key) ?? []) names.add(name);
      }
    }
  }
  // Members of every class a changed class may (transitively) inherit from, by name.
  const pendingBases = [...names];
  const seenBases = new Set<string>();
  while (pendingBases.length > 0) {
    const name = pendingBases.pop()!;
    if (seenBases.has(name)) continue;
    seenBases.add(name);
    for (const info of [index.classes.get(name), oldClasses.get(name)]) {
      if (!info) continue;
      for (const member of info.members) names.add(member);
      for (const base of info.bases) {
        names.add(base);
        pendingBases.push(base);
      }
    }
  }
  const pendingAliases = [...names];
  while (pendingAliases.length > 0) {
    for (const alias of index.aliases.get(pendingAliases.pop()!) ?? []) {
      if (names.has(alias)) continue;
      names.add(alias);
      pendingAliases.push(alias);
    }
  }
  for (const name of names) for (const file of index.readers.get(name) ?? []) affected.add(file);
  return affected;
}
