/** Lexical terms of a span: identifiers and comment words, deduplicated, in first-seen order. */

/** Distinct terms kept per entity; names the entity itself defines (see collectTerms' `defined`) come first. */
export const MAX_TERMS = 500;
const FIRST_WORD = /[A-Za-z_][A-Za-z0-9_]*/;

/** `[A-Za-z_]`, the first character of a word. */
function isWordStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
}

/** `[A-Za-z0-9_]`, any other character of a word. */
function isWordPart(code: number): boolean {
  return isWordStart(code) || (code >= 48 && code <= 57);
}

/**
 * Every word of one text, found once: a file's nested spans then share one scan. Words are numbered by
 * their distinct text, so a span's terms are deduplicated with a stamp per number rather than a set of strings.
 */
class TextWords {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  /** Number of each word's text, an index into `distinct`. */
  readonly ids: number[] = [];
  readonly distinct: string[] = [];
  readonly idOf = new Map<string, number>();
  /** The collectTerms call (see `nextStamp`) that last took each distinct word. */
  readonly stamps: Uint32Array;
  private stamp = 0;
  private keywords: ReadonlySet<string> | undefined;
  /** 1 for each distinct word that can be a term under `keywords`: two letters or more, not a keyword. */
  private termWords = new Uint8Array(0);

  constructor(readonly text: string) {
    const { starts, ends, ids, distinct, idOf } = this;
    for (let at = 0; at < text.length; at++) {
      if (!isWordStart(text.charCodeAt(at))) continue;
      const start = at;
      while (++at < text.length && isWordPart(text.charCodeAt(at)));
      const word = text.slice(start, at);
      let id = idOf.get(word);
      if (id === undefined) {
        id = distinct.length;
        idOf.set(word, id);
        distinct.push(word);
      }
      starts.push(start);
      ends.push(at);
      ids.push(id);
    }
    this.stamps = new Uint32Array(distinct.length);
  }

  nextStamp(): number {
    return ++this.stamp;
  }

  canBeTerm(keywords: ReadonlySet<string>): Uint8Array {
    if (this.keywords !== keywords) {
      this.keywords = keywords;
      this.termWords = new Uint8Array(this.distinct.length);
      this.distinct.forEach((word, id) => {
        if (word.length >= 2 && !keywords.has(word)) this.termWords[id] = 1;
      });
    }
    return this.termWords;
  }

  /** Index of the first word ending after `offset`. */
  firstEndingAfter(offset: number): number {
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ends[mid]! <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The words of the text last asked about (extraction asks about one file's spans in a row). */
let lastText: TextWords | undefined;

/**
 * Terms from `source` within [start, end) minus the `holes` (sorted, non-overlapping [start, end) ranges),
 * as a scan of each remaining range on its own finds them. Keywords and one-letter words are left out;
 * string contents are kept since they are often error messages or names worth finding. At most MAX_TERMS
 * distinct terms: first the names in `defined` (what the span binds at its own level, such as a settings
 * module's variables, which no other entity carries), then the others in source order.
 */
export function collectTerms(
  source: string,
  start: number,
  end: number,
  keywords: ReadonlySet<string>,
  holes: readonly (readonly [number, number])[] = [],
  defined: readonly string[] = [],
): string {
  if (lastText?.text !== source) lastText = new TextWords(source);
  const text = lastText;
  const { starts, ends, ids, distinct, stamps } = text;
  const canBeTerm = text.canBeTerm(keywords);
  const stamp = text.nextStamp();
  const terms: string[] = [];
  /** Terms that are no word of the text: defined names it does not hold, parts of words cut by the range. */
  let others: Set<string> | undefined;
  /** False once the term limit is reached. */
  const addWord = (id: number): boolean => {
    if (canBeTerm[id] === 0 || stamps[id] === stamp) return true;
    stamps[id] = stamp;
    terms.push(distinct[id]!);
    return terms.length < MAX_TERMS;
  };
  const add = (word: string): boolean => {
    const id = text.idOf.get(word);
    if (id !== undefined) return addWord(id);
    if (word.length < 2 || keywords.has(word) || others?.has(word) === true) return true;
    (others ??= new Set()).add(word);
    terms.push(word);
    return terms.length < MAX_TERMS;
  };
  for (const word of defined) if (!add(word)) return terms.join(' ');
  const scan = (from: number, to: number): boolean => {
    if (to <= from) return true;
    for (let i = text.firstEndingAfter(from); i < starts.length && starts[i]! < to; i++) {
      if (starts[i]! >= from && ends[i]! <= to) {
        if (!addWord(ids[i]!)) return false;
        continue;
      }
      // A word cut by the range: its part inside, as a scan of the range alone reads it.
      const part = FIRST_WORD.exec(source.slice(Math.max(starts[i]!, from), Math.min(ends[i]!, to)));
      if (part !== null && !add(part[0])) return false;
    }
    return true;
  };
  let cursor = start;
  for (const [holeStart, holeEnd] of holes) {
    if (!scan(cursor, Math.min(holeStart, end))) return terms.join(' ');
    cursor = Math.max(cursor, holeEnd);
  }
  scan(cursor, end);
  return terms.join(' ');
}
