/**
 * Exact o200k token counts of many substrings of one text (a file and its nested entity spans)
 * without re-tokenizing every span from scratch.
 *
 * The tokenizer first splits text into pieces with a regex, then counts each piece on its own. A
 * span's pieces equal the whole text's pieces once its own scan reaches a piece boundary of the whole
 * text (the regex has no lookbehind), up to a few characters before the span's end (the regex looks at
 * most three characters past a piece). So a span's count is: its own leading pieces up to the first
 * shared boundary, plus a prefix-sum lookup for the shared middle, plus the tail counted directly.
 */
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { asciiPieceEnd, NOT_ASCII } from '../../util/token-pieces.js';
import { countTokens, forEachPiece, pieceTokens, pieceTokensAt } from '../../util/tokens.js';

/** Characters before a span's end where whole-text pieces may still differ from the span's own. */
const TAIL_MARGIN = 4;
/** Shared scanner: every use sets `lastIndex`. */
const STICKY = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'uy');

/** Where the constructor collects piece ends and running totals before copying them out at their size; grown on demand. */
let scratchEnds = new Int32Array(1 << 16);
let scratchPrefix = new Int32Array((1 << 16) + 1);

export class SpanTokenCounter {
  /** End offset of every piece of the whole text, ascending. */
  private readonly ends: Int32Array;
  /** prefix[i] = tokens in pieces 0..i-1. */
  private readonly prefix: Int32Array;

  constructor(private readonly text: string) {
    let count = 0;
    forEachPiece(text, (end, tokens) => {
      if (count === scratchEnds.length) {
        const ends = new Int32Array(count * 2);
        ends.set(scratchEnds);
        scratchEnds = ends;
        const prefix = new Int32Array(count * 2 + 1);
        prefix.set(scratchPrefix);
        scratchPrefix = prefix;
      }
      scratchEnds[count] = end;
      scratchPrefix[count + 1] = scratchPrefix[count]! + tokens;
      count++;
    });
    this.ends = scratchEnds.slice(0, count);
    this.prefix = scratchPrefix.slice(0, count + 1);
  }

  /** Tokens of the whole text. */
  get total(): number {
    return this.prefix[this.prefix.length - 1]!;
  }

  /** Tokens of text[start, end), equal to countTokens(text.slice(start, end)). */
  count(start: number, end: number): number {
    if (splitsSurrogatePair(this.text, start)) return countTokens(this.text.slice(start, end));
    const limit = end - TAIL_MARGIN;
    let head = 0;
    let syncIndex = -1;
    // Scanning the whole text from `start` gives the span's own pieces as long as they end before `limit`.
    for (let p = start; p < limit; ) {
      // Decided on the span alone where ASCII allows, else by the regex scanning the whole text from `p`.
      let pieceEnd = asciiPieceEnd(this.text, p, end);
      let pieceCount: number;
      if (pieceEnd === NOT_ASCII) {
        STICKY.lastIndex = p;
        const match = STICKY.exec(this.text);
        if (match === null) break;
        pieceEnd = STICKY.lastIndex;
        pieceCount = pieceTokens(match[0]);
      } else pieceCount = pieceTokensAt(this.text, p, pieceEnd);
      if (pieceEnd > limit) break;
      head += pieceCount;
      const at = this.indexOfEnd(pieceEnd);
      if (at >= 0) {
        syncIndex = at;
        break;
      }
      p = pieceEnd;
    }
    if (syncIndex < 0) return countTokens(this.text.slice(start, end));
    const lastIndex = this.lastEndAtOrBefore(limit);
    const tailStart = this.ends[lastIndex]!;
    const middle = this.prefix[lastIndex + 1]! - this.prefix[syncIndex + 1]!;
    return head + middle + countTokens(this.text.slice(tailStart, end));
  }

  /** Index of the piece ending exactly at `offset`, or -1. */
  private indexOfEnd(offset: number): number {
    const i = this.lastEndAtOrBefore(offset);
    return i >= 0 && this.ends[i] === offset ? i : -1;
  }

  /** Index of the last piece ending at or before `offset`, or -1. */
  private lastEndAtOrBefore(offset: number): number {
    let lo = 0;
    let hi = this.ends.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.ends[mid]! <= offset) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}

/** A unicode-mode regex placed inside a surrogate pair backs up to its first half, unlike a scan of the slice. */
function splitsSurrogatePair(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  const before = text.charCodeAt(at - 1);
  return code >= 0xdc00 && code <= 0xdfff && before >= 0xd800 && before <= 0xdbff;
}
