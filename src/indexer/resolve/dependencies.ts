/**
 * What one file's resolution read of the rest of the repository. An update re-resolves a file only when
 * a record it read of another file changed (entities, imports, exports, bindings or bases, by the name
 * it looked them up by), or a repository-wide question it asked (where does this specifier lead, how
 * many definitions are named `x`) now gets another answer.
 */
import { isInheritance, type FileExtract, type RawImport } from '../types.js';
import type { ImportBinding } from './language.js';
import { compareStrings } from '../../util/compare.js';

/** The dependency record of one file, persisted next to its edges. */
export interface FileDeps {
  /** Other file -> the names looked up in its records ('' its module entity, '*' its wildcard imports). */
  reads: Record<string, string[]>;
  /** Repository-wide questions, encoded, with the answer seen. */
  queries: [question: string, answer: string][];
}

/**
 * Reads made directly (as ids of (file, name) pairs, repeats allowed), plus the frames of nested and
 * memoised computations, shared rather than copied. Most frames see few events, so each list is made on
 * first use; `record` removes the repeats.
 */
class Frame {
  reads: number[] | undefined;
  queries: Map<string, string> | undefined;
  nested: Frame[] | undefined;

  absorb(other: Frame): void {
    if (other !== this) (this.nested ??= []).push(other);
  }
}

export type Reads = Frame;

/** Collects reads into nested frames, so memoised results carry what computing them read. */
export class DepTracker {
  private readonly stack: Frame[] = [];
  /** file -> name -> id of the pair; reads are counted in the hundreds of thousands, so they are numbers, not strings. */
  private readonly ids = new Map<string, Map<string, number>>();
  private readonly fileOf: string[] = [];
  private readonly nameOf: string[] = [];

  read(file: string, name: string): void {
    const frame = this.stack[this.stack.length - 1];
    if (frame === undefined) return;
    let names = this.ids.get(file);
    if (names === undefined) this.ids.set(file, (names = new Map()));
    let id = names.get(name);
    if (id === undefined) {
      id = this.fileOf.length;
      names.set(name, id);
      this.fileOf.push(file);
      this.nameOf.push(name);
    }
    (frame.reads ??= []).push(id);
  }

  asked(question: string, answer: string): void {
    const frame = this.stack[this.stack.length - 1];
    if (frame !== undefined) (frame.queries ??= new Map()).set(question, answer);
  }

  /** Runs `compute` in a frame of its own, then adds that frame to the enclosing one. */
  capture<T>(compute: () => T): { value: T; reads: Frame } {
    const frame = new Frame();
    this.stack.push(frame);
    try {
      return { value: compute(), reads: frame };
    } finally {
      this.stack.pop();
      this.stack[this.stack.length - 1]?.absorb(frame);
    }
  }

  /** Repeats the reads of a memoised computation in the current frame. */
  replay(reads: Frame): void {
    this.stack[this.stack.length - 1]?.absorb(reads);
  }

  /** The record of `self`'s resolution; its reads of itself are left out (a changed file is always re-resolved). */
  record(root: Frame, self: string): FileDeps {
    const all = new Set<number>();
    const queries = new Map<string, string>();
    const seen = new Set<Frame>([root]);
    const pending = [root];
    for (let frame = pending.pop(); frame; frame = pending.pop()) {
      if (frame.reads) for (const read of frame.reads) all.add(read);
      if (frame.queries) for (const [q, a] of frame.queries) queries.set(q, a);
      if (frame.nested === undefined) continue;
      for (const inner of frame.nested) {
        if (seen.has(inner)) continue;
        seen.add(inner);
        pending.push(inner);
      }
    }
    const { fileOf, nameOf } = this;
    const order = [...all].filter((id) => fileOf[id] !== self);
    order.sort((a, b) => compareStrings(fileOf[a]!, fileOf[b]!) || compareStrings(nameOf[a]!, nameOf[b]!));
    const reads: Record<string, string[]> = {};
    for (const id of order) (reads[fileOf[id]!] ??= []).push(nameOf[id]!);
    return { reads, queries: [...queries].sort((a, b) => compareStrings(a[0], b[0])) };
  }
}

/** One thing resolution may read of a file: flat values, an import's object given as its JSON. */
type Fact = readonly (string | number | boolean | null | undefined)[];

function sameFacts(a: readonly Fact[] | undefined, b: readonly Fact[] | undefined): boolean {
  if (a === undefined || b === undefined || a.length !== b.length) return a === b;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}

/**
 * Everything resolution may read of a file on behalf of another one, keyed by the name it is looked up
 * by (not lines, docs or call sites). `bindings` gives the names an import binds.
 */
function interfaceFacts(extract: FileExtract | undefined, bindings: (imp: RawImport) => readonly ImportBinding[]): Map<string, Fact[]> {
  const facts = new Map<string, Fact[]>();
  if (!extract) return facts;
  const add = (name: string, fact: Fact): void => {
    const list = facts.get(name);
    if (list) list.push(fact);
    else facts.set(name, [fact]);
  };
  const byId = new Map(extract.entities.map((e) => [e.id, e]));
  const superseded = new Set(extract.superseded);
  for (const e of extract.entities) {
    // Which platforms compile the file decides which of a name's definitions another file's lookup takes.
    add(e.kind === 'module' ? '' : e.name, [
      'e', e.id, e.parentId, e.kind, e.name, e.fqn, e.language, e.signature, e.exported, e.package,
      extract.buildConstraint, superseded.has(e.id),
    ]);
  }
  if (extract.publicNames !== undefined) add('__all__', ['all', ...extract.publicNames]);
  for (const imp of extract.imports) {
    if (imp.wildcard) add('*', ['i', JSON.stringify({ ...imp, line: 0 })]);
    // A lookup of a local name reads only its own binding of the import (Engine.importBindingsIn), so a name
    // added to `from m import (a, b)` changes what another file can observe of `c`, not of `a` or `b`.
    for (const b of bindings(imp)) add(b.local, ['i', imp.fromId, imp.module, imp.reexport === true, b.member, b.specifier]);
  }
  for (const exp of extract.exports) add(exp.name, ['x', exp.local]);
  for (const b of extract.bindings) add(b.variable, ['b', b.scopeId, b.typeName, b.value === true, b.declaredType]);
  for (const ref of extract.refs) {
    if (!isInheritance(ref)) continue;
    add(byId.get(ref.fromId)?.name ?? '', ['r', ref.fromId, ref.kind, ref.receiver, ref.name]);
  }
  // In file order: which of several candidates wins (the first of external fallbacks) can depend on it.
  return facts;
}

/** Names under which another file can observe a difference between two versions of a file. */
export function changedNames(
  before: FileExtract | undefined,
  now: FileExtract | undefined,
  bindings: (imp: RawImport) => readonly ImportBinding[],
): Set<string> {
  const a = interfaceFacts(before, bindings);
  const b = interfaceFacts(now, bindings);
  const names = new Set<string>();
  for (const [name, facts] of a) if (!sameFacts(facts, b.get(name))) names.add(name);
  for (const name of b.keys()) if (!a.has(name)) names.add(name);
  return names;
}
