/**
 * Exact token counts with the o200k_base BPE (the GPT-4o family's tokenizer), equal to gpt-tokenizer's countTokens.
 * Special-token text such as `<|endoftext|>` inside source code counts as ordinary text, never throws.
 */
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/esm/encodingParams/constants';
import { pieceTokenCount } from './o200k-bpe.js';
import { asciiPieceEnd, NOT_ASCII } from './token-pieces.js';

/**
 * Counting is the library's algorithm (split with the o200k regex, BPE each piece), with a memo of
 * piece -> count: source code repeats its pieces. The memo is an open-addressing table keyed by the piece's
 * characters where they stand in the text, so a hit costs no substring.
 */
const MEMO_LIMIT = 200_000;
const SLOT_BITS = 19;
/** Entry number + 1 per slot, 0 for empty; at most MEMO_LIMIT entries in 2^19 slots. */
let slots = new Int32Array(1 << SLOT_BITS);
let memoKeys: string[] = [];
let memoCounts: number[] = [];

/** Tokens of the piece text[start, end). */
function memoCount(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  const mask = (1 << SLOT_BITS) - 1;
  const length = end - start;
  let slot = h & mask;
  for (let entry = slots[slot]!; entry !== 0; entry = slots[slot]!) {
    const key = memoKeys[entry - 1]!;
    if (key.length === length) {
      let i = 0;
      while (i < length && key.charCodeAt(i) === text.charCodeAt(start + i)) i++;
      if (i === length) return memoCounts[entry - 1]!;
    }
    slot = (slot + 1) & mask;
  }
  const piece = start === 0 && end === text.length ? text : text.slice(start, end);
  const count = pieceTokenCount(piece);
  if (memoKeys.length >= MEMO_LIMIT) {
    slots = new Int32Array(1 << SLOT_BITS);
    memoKeys = [];
    memoCounts = [];
    return memoCount(text, start, end);
  }
  memoKeys.push(piece);
  memoCounts.push(count);
  slots[slot] = memoKeys.length;
  return count;
}

/** Tokens of the piece text[start, end) of the o200k split. */
export function pieceTokensAt(text: string, start: number, end: number): number {
  // Every single byte is a token of its own, so a one-character ASCII piece is one token.
  if (end - start === 1 && text.charCodeAt(start) < 128) return 1;
  return memoCount(text, start, end);
}

/** The split regex, for the pieces `asciiPieceEnd` cannot decide: every use sets `lastIndex` first. */
const SPLIT = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu');

export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  let n = 0;
  forEachPiece(text, (_end, tokens) => (n += tokens));
  return n;
}

/**
 * Calls `visit` with the end offset and token count of every piece of `text`, in order: the pieces
 * the library's split regex finds, found without it on ASCII text.
 */
export function forEachPiece(text: string, visit: (end: number, tokens: number) => void): void {
  const length = text.length;
  for (let p = 0; p < length; ) {
    const end = asciiPieceEnd(text, p, length);
    if (end === NOT_ASCII) {
      SPLIT.lastIndex = p;
      const match = SPLIT.exec(text);
      if (match === null) return;
      p = SPLIT.lastIndex;
      visit(p, pieceTokens(match[0]));
    } else {
      visit(end, pieceTokensAt(text, p, end));
      p = end;
    }
  }
}

/** Tokens of one piece of the o200k split regex (a whole text's count is the sum over its pieces). */
export function pieceTokens(piece: string): number {
  return pieceTokensAt(piece, 0, piece.length);
}
