/**
 * Exact token counts with the o200k_base BPE (the GPT-4o family's tokenizer), via gpt-tokenizer.
 * Special-token text such as `<|endoftext|>` inside source code counts as ordinary text, never throws.
 */
import o200k, { decode, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/esm/encodingParams/constants';
import { asciiPieceEnd, NOT_ASCII } from './token-pieces.js';

interface BpeCore {
  getBpeRankFromString(chunk: string): number | undefined;
  bytePairEncode(chunk: string): number[];
}

const NO_SPECIALS = { disallowedSpecial: new Set<string>() };
const core = (o200k as unknown as { bytePairEncodingCoreProcessor?: Partial<BpeCore> }).bytePairEncodingCoreProcessor;
const bpe: BpeCore | undefined =
  typeof core?.getBpeRankFromString === 'function' && typeof core.bytePairEncode === 'function' ? (core as BpeCore) : undefined;

/**
 * Counting is the library's own algorithm (split with the o200k regex, BPE each piece), with a memo of
 * piece -> count: indexing counts nested spans of the same file, so most pieces repeat.
 */
const MEMO_LIMIT = 200_000;
const memo = new Map<string, number>();

/** The split regex, for the pieces `asciiPieceEnd` cannot decide: every use sets `lastIndex` first. */
const SPLIT = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu');

export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  if (!bpe) return o200k.countTokens(text, NO_SPECIALS);
  let n = 0;
  const length = text.length;
  for (let p = 0; p < length; ) {
    const end = asciiPieceEnd(text, p, length);
    if (end === NOT_ASCII) {
      SPLIT.lastIndex = p;
      const match = SPLIT.exec(text);
      if (match === null) break;
      n += pieceTokens(match[0]);
      p = SPLIT.lastIndex;
    } else {
      n += end - p === 1 ? 1 : pieceTokens(text.slice(p, end));
      p = end;
    }
  }
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
      visit(end, end - p === 1 ? 1 : pieceTokens(text.slice(p, end)));
      p = end;
    }
  }
}

/** Tokens of one piece of the o200k split regex (a whole text's count is the sum over its pieces). */
export function pieceTokens(piece: string): number {
  if (!bpe) return o200k.countTokens(piece, NO_SPECIALS);
  // Every single byte is a token of its own, so a one-character ASCII piece is one token.
  if (piece.length === 1 && piece.charCodeAt(0) < 128) return 1;
  let c = memo.get(piece);
  if (c === undefined) {
    c = bpe.getBpeRankFromString(piece) !== undefined ? 1 : ASCII.test(piece) ? asciiMergeCount(bpe, piece) : bpe.bytePairEncode(piece).length;
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(piece, c);
  }
  return c;
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Number of tokens byte-pair merging leaves of an ASCII piece: the library's merge loop (lowest rank
 * first, leftmost on ties), run on string keys since ASCII bytes and characters coincide. The library
 * itself looks every pair up through bytes and a TextDecoder, which dominates counting new pieces.
 */
function asciiMergeCount(core: BpeCore, piece: string): number {
  const starts: number[] = [];
  for (let i = 0; i <= piece.length; i++) starts.push(i);
  const rank = (i: number): number => {
    const end = starts[i + 2];
    return end === undefined ? Infinity : (core.getBpeRankFromString(piece.slice(starts[i], end)) ?? Infinity);
  };
  const ranks = starts.map((_, i) => rank(i));
  while (starts.length > 1) {
    let lowest = Infinity;
    let at = -1;
    for (let i = 0; i < ranks.length - 1; i++) {
      if (ranks[i]! < lowest) {
        lowest = ranks[i]!;
        at = i;
      }
    }
    if (at < 0) break;
    starts.splice(at + 1, 1);
    ranks.splice(at, 1);
    ranks[at] = rank(at);
    if (at > 0) ranks[at - 1] = rank(at - 1);
  }
  return starts.length - 1;
}

/** The longest prefix of `text` whose own token count is within `maxTokens`. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  if (countTokens(text) <= maxTokens) return text;
  const ids = encode(text, NO_SPECIALS);
  // A decoded prefix can re-tokenize differently at the cut, so search on the re-counted length.
  let lo = 0;
  let hi = Math.min(ids.length, maxTokens);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (countTokens(decode(ids.slice(0, mid))) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  return decode(ids.slice(0, lo));
}
