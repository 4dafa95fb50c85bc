/** Lexical terms of a span: identifiers and comment words, deduplicated, in first-seen order. */

/** Distinct terms kept per entity; names the entity itself defines (see collectTerms' `defined`) come first. */
export const MAX_TERMS = 500;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/g;
const FIRST_WORD = /[A-Za-z_][A-Za-z0-9_]*/;

/** Every word of one text, found once: a file's nested spans then share one scan. */
class TextWords {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly words: string[] = [];

  constructor(readonly text: string) {
    WORD.lastIndex = 0;
    for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
      this.starts.push(m.index);
      this.ends.push(WORD.lastIndex);
      this.words.push(m[0]);
    }
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
  const { starts, ends, words } = lastText;
  const seen = new Set<string>();
  /** False once the term limit is reached. */
  const add = (word: string): boolean => {
    if (word.length < 2 || keywords.has(word) || seen.has(word)) return true;
    seen.add(word);
    return seen.size < MAX_TERMS;
  };
  for (const word of defined) if (!add(word)) return [...seen].join(' ');
  const scan = (from: number, to: number): boolean => {
    if (to <= from) return true;
    for (let i = lastText!.firstEndingAfter(from); i < starts.length && starts[i]! < to; i++) {
      if (starts[i]! >= from && ends[i]! <= to) {
        if (!add(words[i]!)) return false;
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
    if (!scan(cursor, Math.min(holeStart, end))) return [...seen].join(' ');
    cursor = Math.max(cursor, holeEnd);
  }
  scan(cursor, end);
  return [...seen].join(' ');
}
