/**
 * What Go source says in its own notation: the type of a signature's first result, the type parameters it
 * declares, the name path of a type, the name an import binds.
 */
import { closingBracket, SIGNATURE_MAX_CHARS, topLevelItems } from '../../extract/text.js';

const NAME = /^[\p{L}_][\p{L}\p{Nd}_]*/u;
/** A type name as a path: `T`, `pkg.T`. */
const TYPE_PATH = /^[\p{L}_][\p{L}\p{Nd}_]*(?:\.[\p{L}_][\p{L}\p{Nd}_]*)?$/u;

/** A named result or parameter, `err error`, `b *T`: a name other than a type keyword (`chan T`), then its type. */
const NAMED_ITEM = /^(?!(?:chan|func|map|struct|interface)(?![\p{L}\p{Nd}_]))[\p{L}_][\p{L}\p{Nd}_]*\s+[^\s.]/u;

/** Predeclared types: never defined in a repository. */
export const PREDECLARED_TYPES: ReadonlySet<string> = new Set(
  ('any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string ' +
    'uint uint8 uint16 uint32 uint64 uintptr').split(' '),
);

/** Index just past the bracket closing the one at `open` (`(`, `[`, `{`), or -1. */
function closing(text: string, open: number): number {
  return closingBracket(text, open, '([{', ')]}');
}

/** The items of a bracketed list's inside, split at its top-level commas and trimmed. */
function items(inside: string): string[] {
  return topLevelItems(inside, '([{', ')]}');
}

/**
 * The name path of a type written in Go (`*pkg.T`, `Box[int]`, `(T)` -> `pkg.T`, `Box`, `T`); '' for what no
 * name denotes (slices, maps, channels, functions, literal structs and interfaces) and for predeclared types.
 */
export function goTypePath(type: string): string {
  let t = type.trim();
  for (;;) {
    const inner = t.startsWith('*') ? t.slice(1).trim() : t.startsWith('(') && closing(t, 0) === t.length ? t.slice(1, -1).trim() : null;
    if (inner === null) break;
    t = inner;
  }
  // Type arguments do not change which type is meant.
  const open = t.indexOf('[');
  if (open > 0 && closing(t, open) === t.length) t = t.slice(0, open);
  return TYPE_PATH.test(t) && !PREDECLARED_TYPES.has(t) ? t : '';
}

/**
 * Where the parameter list of a Go function signature opens, or -1: `func (r *R) Name[T any](`,
 * `func Name(`, `f := func(`, `var f = func(`, and an interface method's `Name(`. Also where a type
 * parameter list opens (the receiver's for a method), or -1.
 */
function parameterList(signature: string): { params: number; typeParams: number } {
  const none = { params: -1, typeParams: -1 };
  let i: number;
  let typeParams = -1;
  if (signature.startsWith('func')) {
    i = 4;
    while (signature[i] === ' ') i++;
    if (signature[i] === '(') {
      // A method's receiver: `(r *Box[T])` declares the type parameters T.
      const end = closing(signature, i);
      if (end < 0) return none;
      const bracket = signature.lastIndexOf('[', end);
      if (bracket > i) typeParams = bracket;
      i = end;
      while (signature[i] === ' ') i++;
    }
  } else {
    // A function literal bound to a name, or an interface method (`Name(`).
    const literal = /^[^(]*?=\s*func\s*(?=\()/.exec(signature);
    if (literal) return { params: literal[0].length, typeParams: -1 };
    i = 0;
  }
  const name = NAME.exec(signature.slice(i));
  if (name === null) return none;
  i += name[0].length;
  if (signature[i] === '[') {
    typeParams = i;
    i = closing(signature, i);
    if (i < 0) return none;
  }
  return signature[i] === '(' ? { params: i, typeParams } : { params: -1, typeParams };
}

/**
 * The type of the first result a Go function signature declares, as a name path (`*pkg.T` and `(t *T, err error)`
 * give `pkg.T` and `T`); null without results, for a result no name denotes, or when the signature may have been
 * cut short.
 */
export function goResultType(signature: string): string | null {
  const { params } = parameterList(signature);
  if (params < 0) return null;
  const end = closing(signature, params);
  if (end < 0) return null;
  const result = signature.slice(end).trim();
  if (result === '') return null;
  let first: string;
  if (result.startsWith('(')) {
    if (closing(result, 0) !== result.length) return null;
    const list = items(result.slice(1, -1));
    // Named results (`(t *T, err error)`, `(a, b *T)`): a name, then its type, or a name sharing the next item's type.
    const named = list.some((item) => NAMED_ITEM.test(item));
    first = list[0] ?? '';
    if (named) {
      const typed = list.find((item) => NAMED_ITEM.test(item)) ?? '';
      first = typed.slice(typed.search(/\s/)).trim();
    }
  } else {
    // A result at the end of a signature that was cut may be cut too.
    if (signature.length >= SIGNATURE_MAX_CHARS - 1) return null;
    first = result;
  }
  const path = goTypePath(first);
  return path === '' ? null : path;
}

/** The type parameters a Go declaration's signature declares: `func F[K comparable, V any]`, `func (b *Box[T]) M`, `type Box[T any] struct`. */
export function goTypeParameters(signature: string): string[] {
  let open: number;
  if (signature.startsWith('type ')) {
    const name = NAME.exec(signature.slice(5).trimStart());
    open = name === null ? -1 : signature.indexOf(name[0], 5) + name[0].length;
    if (signature[open] !== '[') return [];
  } else open = parameterList(signature).typeParams;
  if (open < 0) return [];
  const end = closing(signature, open);
  if (end < 0) return [];
  const names: string[] = [];
  for (const item of items(signature.slice(open + 1, end - 1))) {
    const name = NAME.exec(item)?.[0];
    if (name !== undefined) names.push(name);
  }
  return names;
}

/**
 * The name an import of `path` binds without an alias, as far as the path tells: its last element, skipping a major
 * version (`.../v2`) and dropping a `go-` prefix, a `.go`/`-go` suffix and dashes (`github.com/mattn/go-sqlite3` ->
 * `sqlite3`). The package clause may name it otherwise; the path is what an importer sees.
 */
export function packageName(path: string): string {
  const parts = path.split('/');
  const last = /^v\d+$/.test(parts[parts.length - 1] ?? '') && parts.length > 1 ? parts[parts.length - 2]! : parts[parts.length - 1]!;
  return last.replace(/^go-/, '').replace(/[.-]go$/, '').replace(/-/g, '');
}
