/** What a name denotes during resolution. */
import type { Entity } from '../../graph/types.js';
import type { LanguageGroup } from './language.js';

export type Sym =
  | { kind: 'entity'; entity: Entity }
  /** A variable holding an instance of an in-repo class (`c = Collector()`). */
  | { kind: 'instance'; type: Entity }
  /** An instance of one of several in-repo classes (a variable assigned instances of different classes). */
  | { kind: 'union'; types: readonly Entity[] }
  /** An in-repo module; `files` share one namespace (several for a Go package, none for a Python namespace package). */
  | { kind: 'module'; group: LanguageGroup; files: readonly string[]; key: string }
  /** Outside the repository; `symbol` is the dotted path inside `module` ('' for the module itself). */
  | { kind: 'external'; module: string; symbol: string }
  /**
   * A variable that is another name for a definition (`const make = Factory.create`): it behaves as the
   * definition, but a call of it is a call of the variable, which is no entity.
   */
  | { kind: 'alias'; of: Extract<Sym, { kind: 'entity' }> }
  /** A local whose value is unknown (a parameter, a variable assigned from a call). */
  | { kind: 'opaque' }
  /**
   * Several candidates: never pick one. `overloads`: they are methods of one class sharing the name (Java
   * overloads), whose declared return types still type a call's result when they agree.
   */
  | { kind: 'ambiguous'; overloads?: readonly Entity[] };

const OPAQUE: Sym = { kind: 'opaque' };
const AMBIGUOUS: Sym = { kind: 'ambiguous' };
export const opaque = (): Sym => OPAQUE;
export const ambiguous = (): Sym => AMBIGUOUS;

export function isTypeLike(entity: Entity): boolean {
  return entity.kind === 'class' || entity.kind === 'interface' || entity.kind === 'enum';
}

function identity(sym: Sym): string {
  switch (sym.kind) {
    case 'entity':
      return `e:${sym.entity.id}`;
    case 'instance':
      return `i:${sym.type.id}`;
    case 'union':
      return `u:${sym.types.map((t) => t.id).join(',')}`;
    case 'module':
      return `m:${sym.group}:${sym.key}`;
    case 'external':
      return `x:${sym.module}\0${sym.symbol}`;
    case 'alias':
      return `a:${sym.of.entity.id}`;
    default:
      return sym.kind;
  }
}

/**
 * Whether two symbols denote the same thing. Memoised lookups hand out the objects an earlier lookup built, so
 * object identity would make an answer depend on which file asked first.
 */
export function sameSym(a: Sym, b: Sym): boolean {
  return a === b || identity(a) === identity(b);
}

/**
 * One denotation out of candidates found at the same level: the single distinct one, the first
 * external when all are outside the repo (try/except import fallbacks), the union when all are
 * instances of in-repo classes, otherwise ambiguous.
 */
export function unify(candidates: readonly Sym[]): Sym | null {
  if (candidates.length === 0) return null;
  const distinct = new Map<string, Sym>();
  for (const candidate of candidates) distinct.set(identity(candidate), candidate);
  if (distinct.size === 1) return candidates[0]!;
  if (candidates.every((c) => c.kind === 'external')) return candidates[0]!;
  if (candidates.every((c) => c.kind === 'instance' || c.kind === 'union')) {
    const types = new Map<string, Entity>();
    for (const c of candidates) for (const t of c.kind === 'instance' ? [c.type] : c.kind === 'union' ? c.types : []) types.set(t.id, t);
    return { kind: 'union', types: [...types.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) };
  }
  return AMBIGUOUS;
}
