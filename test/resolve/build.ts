/** A small builder for hand-written FileExtract records, so resolver tests do not depend on extraction. */
import type { Entity, EntityKind, LanguageId } from '../../src/graph/types.js';
import { createResolver, type FileResolution, type Resolver } from '../../src/indexer/resolve/index.js';
import type { FileExtract, RawImport, RefKind } from '../../src/indexer/types.js';

export class FileBuilder {
  readonly extract: FileExtract;
  private readonly byName = new Map<string, Entity>();

  constructor(readonly path: string, language: LanguageId, readonly fqn: string, pkg = '') {
    const module = entity(path, language, fqn, fqn.split(/[.:/]/).pop() ?? fqn, 'module', null, pkg, 1);
    this.extract = { filePath: path, language, entities: [module], imports: [], refs: [], bindings: [], exports: [], syntaxErrors: 0 };
    this.byName.set('', module);
  }

  /** Defines `name` inside `parent` ('' = the module; otherwise a local name given earlier, e.g. 'Foo' or 'Foo.bar'). */
  def(kind: EntityKind, local: string, line = 1, signature = ''): this {
    const dot = local.lastIndexOf('.');
    const parentKey = dot < 0 ? '' : local.slice(0, dot);
    const parent = this.id(parentKey);
    const name = local.slice(dot + 1);
    const sep = this.extract.language === 'rust' ? '::' : '.';
    let fqn = `${this.fqn}${sep}${local.split('.').join(sep)}`;
    for (let n = 2; this.extract.entities.some((e) => e.fqn === fqn); n++) fqn = `${this.fqn}${sep}${local.split('.').join(sep)}#${n}`;
    const e = { ...entity(this.path, this.extract.language, fqn, name, kind, parent.id, this.extract.entities[0]!.package, line), signature };
    this.extract.entities.push(e);
    if (!this.byName.has(local)) this.byName.set(local, e);
    return this;
  }

  import(from: string, module: string, names: (string | [string, string])[] = [], extra: Partial<RawImport> = {}, line = 1): this {
    this.extract.imports.push({
      fromId: this.id(from).id,
      line,
      module,
      names: names.map((n) => (typeof n === 'string' ? { name: n } : { name: n[0], alias: n[1] })),
      ...extra,
    });
    return this;
  }

  ref(from: string, kind: RefKind, path: string, line = 1): this {
    const sep = this.extract.language === 'rust' ? '::' : '.';
    const at = path.lastIndexOf(sep);
    const receiver = at < 0 ? '' : path.slice(0, at);
    this.extract.refs.push({ fromId: this.id(from).id, kind, receiver, name: path.slice(at < 0 ? 0 : at + sep.length), line });
    return this;
  }

  /** A ref whose receiver contains the separator itself (`super().m`, `self.x.m`). */
  refWith(from: string, kind: RefKind, receiver: string, name: string, line = 1): this {
    this.extract.refs.push({ fromId: this.id(from).id, kind, receiver, name, line });
    return this;
  }

  /** `variable` holds an instance of `typeName`, or with `value` the value of the expression `typeName`. */
  bind(scope: string, variable: string, typeName: string, value = false): this {
    this.extract.bindings.push(value ? { scopeId: this.id(scope).id, variable, typeName, value } : { scopeId: this.id(scope).id, variable, typeName });
    return this;
  }

  export(name: string, local: string): this {
    this.extract.exports.push({ name, local });
    return this;
  }

  id(local: string): Entity {
    const e = this.byName.get(local);
    if (!e) throw new Error(`no entity ${local} in ${this.path}`);
    return e;
  }
}

function entity(filePath: string, language: LanguageId, fqn: string, name: string, kind: EntityKind, parentId: string | null, pkg: string, line: number): Entity {
  return {
    id: `${kind}:${fqn}`,
    fqn,
    name,
    kind,
    language,
    filePath,
    package: pkg,
    startLine: line,
    endLine: line,
    signature: '',
    docstring: '',
    exported: true,
    tokens: 1,
    parentId,
    terms: '',
  };
}

export function repoOf(files: FileBuilder[], configs: Record<string, string> = {}) {
  const extracts = new Map(files.map((f) => [f.path, f.extract]));
  const input = {
    extracts,
    layout: { files: [...extracts.keys()], pythonRoots: [''], goModules: new Map<string, string>() },
    readFile: (rel: string) => configs[rel] ?? null,
  };
  return { input, resolver: createResolver(input) };
}

/** `source -kind-> target` for every non-contains edge (ids are `kind:fqn` here, so the fqn is readable). */
export function edgesOf(resolver: Resolver, files: Iterable<string>, kind?: string): string[] {
  const out: string[] = [];
  for (const file of files) {
    const result: FileResolution = resolver.resolveFile(file);
    for (const e of result.edges) {
      if (kind ? e.kind !== kind : e.kind === 'contains') continue;
      out.push(`${strip(e.source)} -${e.kind}-> ${strip(e.target)}${e.confidence === 'inferred' ? ' ?' : ''}`);
    }
  }
  return out.sort();
}

export function externalsOf(resolver: Resolver, files: Iterable<string>): string[] {
  const out: string[] = [];
  for (const file of files) for (const x of resolver.resolveFile(file).externals) out.push(`${strip(x.source)} -${x.kind}-> ${x.module}:${x.symbol}`);
  return out.sort();
}

function strip(id: string): string {
  return id.slice(id.indexOf(':') + 1);
}
