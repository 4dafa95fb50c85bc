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
  return RECEIVER.test(compact) ? compact : '?';
}

/**
 * A name path of identifiers as any supported language writes them, Unicode letters included (`Größe`, `Δx`,
 * `名前`): a letter, `_` or `$`, then letters, digits, marks, `_`, `$` and the joiners JavaScript allows. On
 * ASCII it is `[A-Za-z_$][\w$]*`.
 */
const RECEIVER = /^(?:[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*|super\(\))(?:(?:\.|::)[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*)*$/u;

/**
 * CamelCase words made of ASCII only and with no non-ASCII character next to them: a word (a run of `[\w$]`)
 * that starts with an upper-case letter (after underscores) and holds a lower-case one. Every non-ASCII
 * character counts as a word's here, so a word that holds or touches one is left to `CAMEL_CASE`.
 */
const ASCII_CLASS_NAME = /(?<![\w$\u0080-\uffff])_*[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*(?![\w$\u0080-\uffff])/g;
/** A word of any identifier characters, Unicode letters included, at a given start. */
const WORD = /[\p{ID_Continue}$\u200c\u200d]+/uy;
/** The CamelCase test on a whole word: `Größe`, `Δx`, `Ölfass`; caseless names (`名前`) tell nothing, and are left out. */
const CAMEL_CASE = /^_*\p{Lu}[\p{ID_Continue}\u200c\u200d]*\p{Ll}[\p{ID_Continue}\u200c\u200d]*$/u;
const NON_ASCII = /[^\x00-\x7f]/g;

/** Whether the ASCII character `code` is a word's (`[\w$]`). */
function isAsciiWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36;
}

/**
 * Start indexes of CamelCase words: candidates for class names used as values.
 * ALL_CAPS constants are left out. The caller checks the syntax node at each position.
 * Most source text is ASCII: one ASCII-only scan finds almost every word, and only the words holding or
 * touching a non-ASCII character are tested with Unicode classes (scanning a whole text with those is many
 * times slower once it holds any character beyond Latin-1).
 */
export function classNameCandidates(source: string): number[] {
  const out: number[] = [];
  ASCII_CLASS_NAME.lastIndex = 0;
  for (let m = ASCII_CLASS_NAME.exec(source); m !== null; m = ASCII_CLASS_NAME.exec(source)) out.push(m.index);
  const touched: number[] = [];
  /** End of the last word tested; the scan resumes there, so each word is tested once. */
  let testedEnd = -1;
  /** Tests the word starting at `start`, if one does; whether one did. */
  const testWord = (start: number): boolean => {
    WORD.lastIndex = start;
    const word = WORD.exec(source);
    if (word === null) return false;
    testedEnd = WORD.lastIndex;
    if (CAMEL_CASE.test(word[0])) touched.push(start);
    return true;
  };
  NON_ASCII.lastIndex = 0;
  for (let m = NON_ASCII.exec(source); m !== null; m = NON_ASCII.exec(source)) {
    const at = m.index;
    // The word starting before the character (its characters before `at` are ASCII: a non-ASCII one would have
    // been tested with the word) and going on through the character, if it is a word's, or ending before it.
    let start = at;
    if (at !== testedEnd) while (start > 0 && isAsciiWordChar(source.charCodeAt(start - 1))) start--;
    const holds = testWord(start) && testedEnd > at;
    // After a character no word holds, the word starting next.
    const size = source.codePointAt(at)! > 0xffff ? 2 : 1;
    if (!holds) testWord(at + size);
    NON_ASCII.lastIndex = Math.max(at + size, testedEnd);
  }
  return touched.length === 0 ? out : mergeSorted(out, touched);
}

function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]! < b[j]!) ? a[i++]! : b[j++]!);
  return out;
}
