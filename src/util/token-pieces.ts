/**
 * The o200k pre-tokenizer split (gpt-tokenizer's O200K_TOKEN_SPLIT_REGEX) without running the regex on ASCII
 * text. The regex has no lookbehind, so the piece starting at a position depends only on the text from there
 * on: `asciiPieceEnd` decides it by hand while every character it has to look at is ASCII, and says so when
 * it cannot (the caller then asks the regex at that same position). Source code is mostly ASCII, so the regex,
 * and the match object it allocates per piece, is rarely needed.
 *
 *   [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(contraction)?   1
 *   [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(contraction)?   2
 *   \p{N}{1,3}                                                                                  3
 *    ?[^\s\p{L}\p{N}]+[\r\n/]*                                                                  4
 *   \s*[\r\n]+   |   \s+(?!\S)   |   \s+                                                        5, 6, 7
 * contraction: '(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE])
 * On ASCII, uppercase and lowercase letters are disjoint, so alternatives 1 and 2 need no backtracking:
 * a letter run is [A-Z]*[a-z]*, matched whole.
 */

/** ASCII classes: other (punctuation, symbols, controls), upper, lower, digit, blank (\t \v \f space), newline (\r \n). */
const OTHER = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const BLANK = 4;
const NEWLINE = 5;

const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (c >= 65 && c <= 90) CLASS[c] = UPPER;
  else if (c >= 97 && c <= 122) CLASS[c] = LOWER;
  else if (c >= 48 && c <= 57) CLASS[c] = DIGIT;
  else if (c === 10 || c === 13) CLASS[c] = NEWLINE;
  else if (c === 9 || c === 11 || c === 12 || c === 32) CLASS[c] = BLANK;
  else CLASS[c] = OTHER;
}

/** Returned when a character the decision depends on is not ASCII. */
export const NOT_ASCII = -1;

/**
 * End of the o200k piece that starts at `p` in `text.slice(0, limit)` (p < limit), or NOT_ASCII when
 * deciding it would mean looking at a non-ASCII character.
 */
export function asciiPieceEnd(text: string, p: number, limit: number): number {
  const c0 = text.charCodeAt(p);
  if (c0 >= 128) return NOT_ASCII;
  const k0 = CLASS[c0]!;
  // Alternatives 1 and 2: an optional non-letter, non-digit, non-newline prefix, then letters.
  let s = -1;
  if (k0 === UPPER || k0 === LOWER) s = p;
  else if (k0 === OTHER || k0 === BLANK) {
    if (p + 1 < limit) {
      const c1 = text.charCodeAt(p + 1);
      if (c1 >= 128) return NOT_ASCII;
      const k1 = CLASS[c1]!;
      if (k1 === UPPER || k1 === LOWER) s = p + 1;
    }
  }
  if (s >= 0) {
    let i = s;
    let c = 0;
    while (i < limit && (c = text.charCodeAt(i)) < 128 && CLASS[c] === UPPER) i++;
    if (i < limit && c >= 128) return NOT_ASCII;
    while (i < limit && (c = text.charCodeAt(i)) < 128 && CLASS[c] === LOWER) i++;
    if (i < limit && c >= 128) return NOT_ASCII;
    return contractionEnd(text, i, limit);
  }
  // Alternative 3: one to three digits.
  if (k0 === DIGIT) {
    let i = p + 1;
    const max = Math.min(p + 3, limit);
    let c = 0;
    while (i < max && (c = text.charCodeAt(i)) < 128 && CLASS[c] === DIGIT) i++;
    if (i < max && c >= 128) return NOT_ASCII;
    return i;
  }
  // Alternative 4: an optional space, a run of punctuation, then any \r \n and /.
  let punct = -1;
  if (k0 === OTHER) punct = p;
  else if (c0 === 32 && p + 1 < limit) {
    // The character after the space is ASCII and not a letter: the prefix check above looked at it.
    if (CLASS[text.charCodeAt(p + 1)] === OTHER) punct = p + 1;
  }
  if (punct >= 0) {
    let i = punct;
    let c = 0;
    while (i < limit && (c = text.charCodeAt(i)) < 128 && CLASS[c] === OTHER) i++;
    if (i < limit && c >= 128) return NOT_ASCII;
    while (i < limit && ((c = text.charCodeAt(i)) === 10 || c === 13 || c === 47)) i++;
    return i;
  }
  // Alternatives 5 to 7 on a whitespace run [p, e).
  let e = p + 1;
  let lastNewline = k0 === NEWLINE ? p : -1;
  for (; e < limit; e++) {
    const c = text.charCodeAt(e);
    if (c >= 128) return NOT_ASCII;
    const k = CLASS[c]!;
    if (k === NEWLINE) lastNewline = e;
    else if (k !== BLANK) break;
  }
  if (lastNewline >= 0) return lastNewline + 1;
  if (e === limit || e - p === 1) return e;
  return e - 1;
}

function contractionEnd(text: string, i: number, limit: number): number {
  if (i + 1 >= limit || text.charCodeAt(i) !== 39) return i;
  const a = text.charCodeAt(i + 1) | 0x20;
  if (a === 115 || a === 100 || a === 109 || a === 116) return i + 2; // s d m t
  if (i + 2 >= limit) return i;
  const b = text.charCodeAt(i + 2) | 0x20;
  if ((a === 108 && b === 108) || (a === 118 && b === 101) || (a === 114 && b === 101)) return i + 3; // ll ve re
  return i;
}
