/**
 * Turns the definitions, references and imports a language found in one file into a FileExtract:
 * nesting by span containment, FQNs with `#n` dedup, stable ids, token counts, terms and the
 * innermost enclosing entity of every reference.
 */
import type { Node } from 'web-tree-sitter';
import type { Entity, EntityKind, LanguageId } from '../../graph/types.js';
import type { FileExtract, LocalBinding, RawExport, RawImport, RawRef, RefKind } from '../types.js';
import { entityId } from './ids.js';
import { SpanTokenCounter } from './span-tokens.js';
import { collectTerms } from './terms.js';

/** Decides `exported` once the parent entity (the module for top-level definitions) is known. */
export type ExportRule = (parent: Entity) => boolean;

export interface Span {
  start: number;
  end: number;
  /** 0-based rows, as tree-sitter reports them. */
  startRow: number;
  endRow: number;
}

export function spanOf(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex, startRow: node.startPosition.row, endRow: node.endPosition.row };
}

export interface Definition {
  /** 'function' becomes 'method' when the innermost container is a class-like entity or a method scope. */
  kind: EntityKind;
  name: string;
  span: Span;
  signature: string;
  docstring: string;
  exported: boolean | ExportRule;
  /** Type the definition belongs to although declared outside it (Go receivers): FQN `<prefix><owner><sep><name>`. */
  owner?: string;
  /** A later definition of the same scope always rebinds the name (see FileExtract.superseded). */
  superseded?: boolean;
}

/** A naming container that is not an entity (Rust `impl Foo` / `mod m`): adds `name` to the FQNs inside it. */
export interface Scope {
  name: string;
  span: Span;
  /** Functions directly inside are methods, and references directly inside belong to the named type (impl bodies). */
  methods: boolean;
}

export interface ModuleInfo {
  filePath: string;
  language: LanguageId;
  source: string;
  moduleFqn: string;
  moduleName: string;
  package: string;
  /** Prefix of top-level definition FQNs: 'pkg.mod.', 'src/a:', 'crate::a::'. */
  defPrefix: string;
  /** Separator between nested names: '.' or '::'. */
  sep: string;
  moduleDoc: string;
  moduleExported: boolean;
  keywords: ReadonlySet<string>;
}

const CLASS_LIKE = new Set<EntityKind>(['class', 'interface', 'enum']);

/** The file's entities in span order, with what attributing references to them needs. */
interface Nesting {
  entities: Entity[];
  /** The definition of each entity, at the same index. */
  defs: Definition[];
  /** Containment parent (entity index) of each entity, -1 for the module; used to place references. */
  enclosing: number[];
  /** Spans of the top-level definitions: the module's terms leave them out. */
  topSpans: [number, number][];
  /** Scopes whose functions are methods (impl bodies), in span order. */
  methodScopes: Container[];
  byFqn: Map<string, Entity>;
}

interface Container {
  span: Span;
  def?: Definition;
  scope?: Scope;
  /** Index into the built entity list (defs only). */
  entity?: number;
  /** FQN the scope's name stands for (scopes only). */
  fqn?: string;
}

export class FileBuilder {
  private readonly defs: Definition[] = [];
  private readonly scopes: Scope[] = [];
  private readonly refs: { pos: number; ref: Omit<RawRef, 'fromId'> }[] = [];
  private readonly imports: { pos: number; imp: Omit<RawImport, 'fromId'> }[] = [];
  private readonly bindings: { pos: number; variable: string; typeName: string; value: boolean; declaredType?: string }[] = [];
  private readonly exports: RawExport[] = [];
  /** Kind and name of the references recorded at each source index, to keep each (pos, kind, name) once. */
  private readonly refsAt = new Map<number, { kind: RefKind; name: string }[]>();
  private publicNames: string[] | undefined;
  private moduleNames: readonly string[] = [];

  constructor(readonly info: ModuleInfo) {}

  define(def: Definition): void {
    this.defs.push(def);
  }

  scope(scope: Scope): void {
    this.scopes.push(scope);
  }

  /**
   * Records a reference at source index `pos`; the same (pos, kind, name) is kept once. `args`: a call's number of
   * arguments, for languages that choose among overloads by it, and `argTypes` what is known of their types.
   */
  ref(pos: number, line: number, kind: RefKind, receiver: string, name: string, args?: number, argTypes?: string[]): void {
    const here = this.refsAt.get(pos);
    if (here === undefined) this.refsAt.set(pos, [{ kind, name }]);
    else if (here.some((r) => r.kind === kind && r.name === name)) return;
    else here.push({ kind, name });
    const ref: Omit<RawRef, 'fromId'> =
      args === undefined ? { kind, receiver, name, line } : argTypes === undefined ? { kind, receiver, name, line, args } : { kind, receiver, name, line, args, argTypes };
    this.refs.push({ pos, ref });
  }

  hasRefAt(pos: number, kind: RefKind, name: string): boolean {
    return this.refsAt.get(pos)?.some((r) => r.kind === kind && r.name === name) === true;
  }

  import(pos: number, imp: Omit<RawImport, 'fromId'>): void {
    this.imports.push({ pos, imp });
  }

  /**
   * `value`: `typeName` is an expression the variable holds (see LocalBinding.value), not a type; `declaredType`:
   * see LocalBinding.declaredType.
   */
  binding(pos: number, variable: string, typeName: string, value = false, declaredType?: string): void {
    const last = this.bindings[this.bindings.length - 1];
    if (last !== undefined && last.pos === pos && last.variable === variable && last.typeName === typeName && last.value === value) return;
    this.bindings.push(declaredType === undefined ? { pos, variable, typeName, value } : { pos, variable, typeName, value, declaredType });
  }

  /** The names a wildcard import of this module binds, when the module declares them (Python `__all__`). */
  declarePublicNames(names: readonly string[]): void {
    this.publicNames = [...names];
  }

  /** Names the module binds at its top level other than its definitions (variables): its terms keep them first. */
  moduleLevelNames(names: readonly string[]): void {
    this.moduleNames = names;
  }

  export(name: string, local: string): void {
    if (!this.exports.some((e) => e.name === name && e.local === local)) this.exports.push({ name, local });
  }

  build(syntaxErrors: number): FileExtract {
    const { info } = this;
    const source = info.source;
    const tokens = new SpanTokenCounter(source);
    const module: Entity = {
      id: entityId(info.filePath, info.moduleFqn, 'module'),
      fqn: info.moduleFqn,
      name: info.moduleName,
      kind: 'module',
      language: info.language,
      filePath: info.filePath,
      package: info.package,
      startLine: 1,
      endLine: source.length === 0 ? 1 : countLines(source),
      signature: '',
      docstring: info.moduleDoc,
      exported: info.moduleExported,
      tokens: tokens.total,
      parentId: null,
      terms: '',
    };
    // Three steps in methods of their own: V8 re-optimizes a step whose types it had not seen yet (an empty list,
    // another language's objects) without recompiling the others.
    const nested = this.nest(module, tokens);
    this.complete(module, nested);
    return this.assemble(module, nested, syntaxErrors);
  }

  /** Entities of the definitions, nested by span containment, with FQNs (`#n` for repeats) and token counts. */
  private nest(module: Entity, tokens: SpanTokenCounter): Nesting {
    const { info } = this;
    const containers: Container[] = [];
    for (const def of this.defs) containers.push({ span: def.span, def });
    for (const scope of this.scopes) containers.push({ span: scope.span, scope });
    containers.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end || (a.def ? 1 : -1));

    const entities: Entity[] = [];
    const defs: Definition[] = [];
    const enclosing: number[] = [];
    const ownerFqn: (string | undefined)[] = [];
    const topSpans: [number, number][] = [];
    const methodScopes: Container[] = [];
    const fqnCounts = new Map<string, number>();
    const stack: Container[] = [];

    for (const item of containers) {
      while (stack.length > 0 && stack[stack.length - 1]!.span.end <= item.span.start) stack.pop();
      if (item.def === undefined) {
        let prefix = info.defPrefix;
        for (const c of stack) prefix = c.entity !== undefined ? entities[c.entity]!.fqn + info.sep : prefix + c.scope!.name + info.sep;
        item.fqn = prefix + item.scope!.name;
        if (item.scope!.methods) methodScopes.push(item);
        stack.push(item);
        continue;
      }
      const def = item.def;
      let parentIdx = -1;
      const scopeNames: string[] = [];
      let innermostScope: Scope | undefined;
      for (let i = stack.length - 1; i >= 0; i--) {
        const c = stack[i]!;
        if (c.entity !== undefined) {
          parentIdx = c.entity;
          break;
        }
        if (innermostScope === undefined) innermostScope = c.scope;
        scopeNames.unshift(c.scope!.name);
      }
      const parentEntity = parentIdx >= 0 ? entities[parentIdx]! : undefined;
      let kind = def.kind;
      if (kind === 'function') {
        const inMethodScope = innermostScope !== undefined ? innermostScope.methods : parentEntity !== undefined && CLASS_LIKE.has(parentEntity.kind);
        if (inMethodScope) kind = 'method';
      }
      let prefix = parentEntity ? parentEntity.fqn + info.sep : info.defPrefix;
      if (def.owner !== undefined) prefix = info.defPrefix + def.owner + info.sep;
      else if (scopeNames.length > 0) prefix += scopeNames.join(info.sep) + info.sep;
      const owner = def.owner !== undefined || scopeNames.length > 0 ? prefix.slice(0, -info.sep.length) : undefined;
      let fqn = prefix + def.name;
      const seen = (fqnCounts.get(fqn) ?? 0) + 1;
      fqnCounts.set(fqn, seen);
      if (seen > 1) fqn += `#${seen}`;

      const { start, end } = def.span;
      entities.push({
        id: entityId(info.filePath, fqn, kind),
        fqn,
        name: def.name,
        kind,
        language: info.language,
        filePath: info.filePath,
        package: info.package,
        startLine: def.span.startRow + 1,
        endLine: def.span.endRow + 1,
        signature: def.signature,
        docstring: def.docstring,
        exported: false,
        tokens: tokens.count(start, end),
        parentId: parentEntity ? parentEntity.id : module.id,
        terms: '',
      });
      defs.push(def);
      enclosing.push(parentIdx);
      ownerFqn.push(owner);
      if (parentIdx < 0) topSpans.push([start, end]);
      item.entity = entities.length - 1;
      stack.push(item);
    }

    // Definitions declared outside their type (Go methods, Rust impls) hang under that type when it is in this file.
    const byFqn = new Map<string, Entity>();
    for (const e of entities) if (!byFqn.has(e.fqn)) byFqn.set(e.fqn, e);
    for (let i = 0; i < entities.length; i++) {
      const owner = ownerFqn[i];
      const ownerEntity = owner !== undefined ? byFqn.get(owner) : undefined;
      if (ownerEntity !== undefined && ownerEntity !== entities[i]) entities[i]!.parentId = ownerEntity.id;
    }
    return { entities, defs, enclosing, topSpans, methodScopes, byFqn };
  }

  /** Export flags (which may depend on the parent) and the terms of every entity and of the module. */
  private complete(module: Entity, { entities, defs, topSpans }: Nesting): void {
    const { info } = this;
    const source = info.source;
    const byId = new Map<string, Entity>();
    byId.set(module.id, module);
    for (const e of entities) byId.set(e.id, e);
    for (let i = 0; i < entities.length; i++) {
      const entity = entities[i]!;
      const def = defs[i]!;
      entity.exported = typeof def.exported === 'boolean' ? def.exported : def.exported(byId.get(entity.parentId!)!);
      entity.terms = collectTerms(source, def.span.start, def.span.end, info.keywords);
    }
    module.terms = collectTerms(source, 0, source.length, info.keywords, mergeHoles(topSpans), this.moduleNames);
  }

  /** The extract: every reference, import and binding attributed to the innermost entity around it. */
  private assemble(module: Entity, { entities, defs, enclosing, methodScopes, byFqn }: Nesting, syntaxErrors: number): FileExtract {
    const fromId = (pos: number): string => {
      let lo = 0;
      let hi = defs.length - 1;
      let idx = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (defs[mid]!.span.start <= pos) {
          idx = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      while (idx >= 0 && defs[idx]!.span.end <= pos) idx = enclosing[idx]!;
      // Inside an impl-like scope but not inside one of its items: the scope's type is the source.
      const entityStart = idx >= 0 ? defs[idx]!.span.start : -1;
      let owner: Entity | undefined;
      let ownerStart = entityStart;
      for (const c of methodScopes) {
        if (c.span.start > ownerStart && c.span.start <= pos && pos < c.span.end) {
          const candidate = byFqn.get(c.fqn!);
          if (candidate !== undefined) {
            owner = candidate;
            ownerStart = c.span.start;
          }
        }
      }
      if (owner !== undefined) return owner.id;
      return idx >= 0 ? entities[idx]!.id : module.id;
    };
    const superseded: string[] = [];
    for (let i = 0; i < entities.length; i++) if (defs[i]!.superseded === true) superseded.push(entities[i]!.id);

    return {
      filePath: this.info.filePath,
      language: this.info.language,
      entities: [module, ...entities],
      imports: this.imports.map(({ pos, imp }) => ({ fromId: fromId(pos), ...imp })),
      refs: this.refs.sort((a, b) => a.pos - b.pos).map(({ pos, ref }) => ({ fromId: fromId(pos), ...ref })),
      bindings: this.bindings.map(({ pos, variable, typeName, value, declaredType }): LocalBinding => {
        const binding: LocalBinding = value ? { scopeId: fromId(pos), variable, typeName, value } : { scopeId: fromId(pos), variable, typeName };
        if (declaredType !== undefined) binding.declaredType = declaredType;
        return binding;
      }),
      exports: this.exports,
      ...(superseded.length > 0 ? { superseded } : {}),
      ...(this.publicNames !== undefined ? { publicNames: this.publicNames } : {}),
      syntaxErrors,
    };
  }
}

function countLines(source: string): number {
  let n = 1;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) n++;
  return source.endsWith('\n') ? n - 1 : n;
}

function mergeHoles(spans: [number, number][]): [number, number][] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}
