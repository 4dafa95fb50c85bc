/** Splits a callee or type path as written ('a.b.c', 'super().m', 'crate::x::Y') into receiver and name. */
export function splitPath(text: string, sep: string): { receiver: string; name: string; nameOffset: number } {
  const at = text.lastIndexOf(sep);
  if (at < 0) return { receiver: '', name: text, nameOffset: 0 };
  const raw = text.slice(0, at);
  // Line continuations (`a.\<newline>b`) and whitespace around the separator are not part of the name.
  const after = text.slice(at + sep.length);
  const name = after.replace(/^[\s\\]+/, '');
  return { receiver: simpleReceiver(raw), name: name.trimEnd(), nameOffset: at + sep.length + after.length - name.length };
}

/** The receiver as written when it is a name path or `super()`; '?' for any other expression. */
export function simpleReceiver(raw: string): string {
  // Generic arguments (`Registry::<u32>`, `Vec<T>`) do not change which type is meant.
  const compact = raw.replace(/[\s\\]+/g, '').replace(/(::)?<[^<>]*>/g, '');
  // Python 2 style `super(Cls, self)` means the same as `super()`.
  if (/^super\(.*\)$/.test(compact)) return 'super()';
  return /^(?:[A-Za-z_$][\w$]*|super\(\))(?:(?:\.|::)[A-Za-z_$][\w$]*)*$/.test(compact) ? compact : '?';
}

const CLASS_NAME = /(?<![\w$])_*[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*(?![\w$])/g;

/**
 * Start indexes of CamelCase words: candidates for class names used as values.
 * ALL_CAPS constants are left out. The caller checks the syntax node at each position.
 */
export function classNameCandidates(source: string): number[] {
  const out: number[] = [];
  CLASS_NAME.lastIndex = 0;
  for (let m = CLASS_NAME.exec(source); m !== null; m = CLASS_NAME.exec(source)) out.push(m.index);
  return out;
}
