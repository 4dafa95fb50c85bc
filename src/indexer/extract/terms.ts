/** Lexical terms of a span: identifiers and comment words, deduplicated, in first-seen order. */

export const MAX_TERMS = 500;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/g;

/**
 * Terms from `source` within [start, end) minus the `holes` (sorted, non-overlapping [start, end) ranges).
 * Keywords and one-letter words are left out; string contents are kept since they are often
 * error messages or names worth finding.
 */
export function collectTerms(
  source: string,
  start: number,
  end: number,
  keywords: ReadonlySet<string>,
  holes: readonly (readonly [number, number])[] = [],
): string {
  const seen = new Set<string>();
  let cursor = start;
  const scan = (from: number, to: number): boolean => {
    if (to <= from) return true;
    WORD.lastIndex = 0;
    const text = source.slice(from, to);
    for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
      const word = m[0];
      if (word.length < 2 || keywords.has(word) || seen.has(word)) continue;
      seen.add(word);
      if (seen.size >= MAX_TERMS) return false;
    }
    return true;
  };
  for (const [holeStart, holeEnd] of holes) {
    if (!scan(cursor, Math.min(holeStart, end))) return [...seen].join(' ');
    cursor = Math.max(cursor, holeEnd);
  }
  scan(cursor, end);
  return [...seen].join(' ');
}
