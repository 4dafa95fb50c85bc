/**
 * Exact token counts with the o200k_base BPE (the GPT-4o family's tokenizer), equal to gpt-tokenizer's countTokens.
 * Special-token text such as `<|endoftext|>` inside source code counts as ordinary text, never throws.
 */
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/esm/encodingParams/constants';
import { pieceTokenCount } from './o200k-bpe.js';
import { memoize, memoizedCount } from './piece-memo.js';
import { asciiPieceEnd, NOT_ASCII } from './token-pieces.js';

/**
 * Counting is the library's algorithm (split with the o200k regex, BPE each piece), with a memo of
 * piece -> count: source code repeats its pieces.
 */
function memoCount(text: string, start: number, end: number): number {
  const known = memoizedCount(text, start, end);
  if (known >= 0) return known;
  const count = pieceTokenCount(start === 0 && end === text.length ? text : text.slice(start, end));
  memoize(text, start, end, count);
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
