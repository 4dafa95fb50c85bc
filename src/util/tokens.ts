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
  const count = bpeCount(piece);
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

function bpeCount(piece: string): number {
  if (!bpe) return o200k.countTokens(piece, NO_SPECIALS);
  return bpe.getBpeRankFromString(piece) !== undefined ? 1 : ASCII.test(piece) ? asciiMergeCount(bpe, piece) : bpe.bytePairEncode(piece).length;
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
  if (!bpe) return o200k.countTokens(text, NO_SPECIALS);
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
