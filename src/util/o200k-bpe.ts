/**
 * Token count of one piece of the o200k split, by the same byte-pair merge as gpt-tokenizer, on a vocabulary
 * of our own that looks tokens up by the bytes where they stand: no substring, no TextDecoder per candidate
 * pair. The vocabulary is read from the library's own data file (`gpt-tokenizer/data/o200k_base.tiktoken`,
 * one base64 token and its rank per line) on first use, in ~50-60 ms of CPU, where the library's encoder
 * costs each thread ~0.2 s (compiling its 2.4 MB module of literals, then a Map of 200k strings).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MinHeap } from './heap.js';

const VOCABULARY_FILE = createRequire(import.meta.url).resolve('gpt-tokenizer/data/o200k_base.tiktoken');

/** Rank of no token: sorts after every real rank. */
const NONE = 0x7fffffff;

class Vocabulary {
  /** Slot -> entry + 1 (0 for empty), open addressing on the hash of the token's bytes. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** Rank of each two-byte token by its bytes (first << 8 | second): every merge starts with those pairs. */
  private readonly twoByteRanks = new Int32Array(1 << 16).fill(NONE);

  /** Token i is bytes[starts[i], starts[i + 1]) with rank ranks[i]. */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly starts: Int32Array,
    private readonly ranks: Int32Array,
  ) {
    const count = ranks.length;
    let size = 1;
    while (size < count * 2) size <<= 1;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let i = 0; i < count; i++) {
      // The library never finds a token that starts with a byte order mark (see lookUpPair), so neither do we.
      if (startsWithByteOrderMark(bytes, starts[i]!, starts[i + 1]!)) continue;
      if (starts[i + 1]! - starts[i]! === 2) this.twoByteRanks[(bytes[starts[i]!]! << 8) | bytes[starts[i]! + 1]!] = ranks[i]!;
      let slot = hash(bytes, starts[i]!, starts[i + 1]!) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = i + 1;
    }
  }

  /** Rank of the token whose bytes are src[start, end), or NONE. */
  rank(src: Uint8Array, start: number, end: number): number {
    const length = end - start;
    if (length === 2) return this.twoByteRanks[(src[start]! << 8) | src[start + 1]!]!;
    const { bytes, starts, slots, mask } = this;
    for (let slot = hash(src, start, end) & mask, entry = slots[slot]!; entry !== 0; slot = (slot + 1) & mask, entry = slots[slot]!) {
      const at = starts[entry - 1]!;
      if (starts[entry]! - at !== length) continue;
      let i = 0;
      while (i < length && bytes[at + i] === src[start + i]) i++;
      if (i === length) return this.ranks[entry - 1]!;
    }
    return NONE;
  }
}

function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h ^ (h >>> 16);
}

const BASE64 = new Int8Array(128).fill(-1);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].forEach((c, i) => (BASE64[c.charCodeAt(0)] = i));

/** Parses the `.tiktoken` format: lines of `<base64 bytes> <rank>`. */
function loadVocabulary(): Vocabulary {
  const file = readFileSync(VOCABULARY_FILE);
  // A line is at least 7 bytes ("AA== 0\n"): enough room without counting them first.
  const maxLines = Math.ceil(file.length / 7);
  const bytes = new Uint8Array(file.length);
  const starts = new Int32Array(maxLines + 1);
  const ranks = new Int32Array(maxLines);
  let out = 0;
  let count = 0;
  for (let p = 0; p < file.length; p++) {
    starts[count] = out;
    // Base64 quads until the space; '=' padding ends the bits early.
    let bits = 0;
    let held = 0;
    for (let c = file[p]!; c !== 32; c = file[++p]!) {
      if (c === 61) continue;
      const value = BASE64[c] ?? -1;
      if (value < 0) throw new Error(`codectx: unexpected byte ${c} in ${VOCABULARY_FILE}`);
      bits = (bits << 6) | value;
      held += 6;
      if (held >= 8) {
        held -= 8;
        bytes[out++] = (bits >>> held) & 0xff;
      }
    }
    let rank = 0;
    for (let c = file[++p]!; p < file.length && c !== 10; c = file[++p]!) rank = rank * 10 + (c - 48);
    ranks[count++] = rank;
  }
  starts[count] = out;
  return new Vocabulary(bytes.subarray(0, out), starts.subarray(0, count + 1), ranks.subarray(0, count));
}

let vocabulary: Vocabulary | undefined;

/** UTF-8 bytes of the piece being counted, and the merge's working arrays; grown on demand. */
let pieceBytes = new Uint8Array(256);
let mergeStarts = new Int32Array(257);
let mergeRanks = new Int32Array(257);

const encoder = new TextEncoder();

/**
 * Tokens of one piece of the o200k split, equal to gpt-tokenizer's count of it: one when the piece is a token,
 * else the number of parts its byte-pair merge leaves. (The library looks the whole piece up as a string, so a
 * piece with a lone surrogate, encoded as U+FFFD, is never a token to it; but the bytes of every token with
 * U+FFFD merge back into that one token, as the tests check, so looking up bytes gives the same count.)
 */
export function pieceTokenCount(piece: string): number {
  const vocab = (vocabulary ??= loadVocabulary());
  if (pieceBytes.length < piece.length * 3) pieceBytes = new Uint8Array(piece.length * 3);
  let length = 0;
  while (length < piece.length) {
    const c = piece.charCodeAt(length);
    if (c >= 128) {
      length = encoder.encodeInto(piece, pieceBytes).written;
      break;
    }
    pieceBytes[length++] = c;
  }
  if (vocab.rank(pieceBytes, 0, length) !== NONE) return 1;
  return length > LONG_PIECE ? mergedPartsOfLongPiece(vocab, pieceBytes, length) : mergedParts(vocab, pieceBytes, length);
}

/**
 * Bytes above which a piece is merged with a heap rather than by scanning every pair per merge: the scan is
 * quadratic, minutes for one 500 KB identifier. Both merge the same pairs in the same order.
 */
const LONG_PIECE = 256;

/**
 * Parts left by byte-pair merging bytes[0, length): the library's loop, merging the adjacent pair of lowest
 * rank first (leftmost on ties) until no pair is a token.
 */
function mergedParts(vocab: Vocabulary, bytes: Uint8Array, length: number): number {
  if (mergeStarts.length <= length) {
    mergeStarts = new Int32Array(length + 1);
    mergeRanks = new Int32Array(length + 1);
  }
  const starts = mergeStarts;
  const ranks = mergeRanks;
  /** Rank of merging parts i and i + 1 while there are `parts` parts. */
  const pairRank = (i: number, parts: number): number => (i + 1 < parts ? lookUpPair(vocab, bytes, length, starts[i]!, starts[i + 2]!) : NONE);
  let parts = length;
  for (let i = 0; i <= length; i++) starts[i] = i;
  for (let i = 0; i < parts; i++) ranks[i] = pairRank(i, parts);
  while (parts > 1) {
    let lowest = NONE;
    let at = -1;
    for (let i = 0; i < parts - 1; i++) {
      if (ranks[i]! < lowest) {
        lowest = ranks[i]!;
        at = i;
      }
    }
    if (at < 0) break;
    starts.copyWithin(at + 1, at + 2, parts + 1);
    ranks.copyWithin(at, at + 1, parts);
    parts--;
    ranks[at] = pairRank(at, parts);
    if (at > 0) ranks[at - 1] = pairRank(at - 1, parts);
  }
  return parts;
}

/**
 * The parts `mergedParts` leaves, in O(n log n): the parts are a linked list of their first bytes, and a binary
 * heap holds (rank, first byte) of every pair, lowest rank then leftmost first; an entry whose part has merged
 * or been re-ranked since it was pushed is stale (its version is old) and skipped.
 */
function mergedPartsOfLongPiece(vocab: Vocabulary, bytes: Uint8Array, length: number): number {
  const next = new Int32Array(length);
  const prev = new Int32Array(length);
  const version = new Int32Array(length);
  const alive = new Uint8Array(length).fill(1);
  for (let i = 0; i < length; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const heap = new MinHeap(3 * length + 1);
  const stride = length + 1;
  /** Re-ranks the pair starting at part `at` (no pair if it is the last part) and pushes it. */
  const rank = (at: number): void => {
    version[at] = version[at]! + 1;
    const second = next[at]!;
    if (second >= length) return;
    const r = lookUpPair(vocab, bytes, length, at, next[second]!);
    if (r !== NONE) heap.push(r * stride + at, version[at]!);
  };
  for (let i = 0; i < length; i++) rank(i);
  let parts = length;
  while (heap.size > 0) {
    const key = heap.peekKey();
    const v = heap.pop();
    const at = key % stride;
    if (!alive[at] || version[at] !== v) continue;
    const second = next[at]!;
    alive[second] = 0;
    next[at] = next[second]!;
    if (next[at]! < length) prev[next[at]!] = at;
    parts--;
    rank(at);
    if (prev[at]! >= 0) rank(prev[at]!);
  }
  return parts;
}

/**
 * Rank the library finds for the pair bytes[start, end) of a piece `length` bytes long. It turns valid UTF-8 back
 * into a string with a TextDecoder, which drops a leading byte order mark: a pair starting with U+FEFF (and
 * ending on a character boundary, so valid) is looked up without it, and the tokens that start with one, which
 * the library keeps as bytes for that reason, are never found.
 */
function lookUpPair(vocab: Vocabulary, bytes: Uint8Array, length: number, start: number, end: number): number {
  const characterEnd = end === length || (bytes[end]! & 0xc0) !== 0x80;
  return vocab.rank(bytes, characterEnd && startsWithByteOrderMark(bytes, start, end) ? start + 3 : start, end);
}

function startsWithByteOrderMark(bytes: Uint8Array, start: number, end: number): boolean {
  return end - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf;
}

/** Rank gpt-tokenizer's merge finds for the bytes of a whole piece, or undefined: for tests against the library. */
export function pairRankOf(bytes: Uint8Array): number | undefined {
  const rank = lookUpPair((vocabulary ??= loadVocabulary()), bytes, bytes.length, 0, bytes.length);
  return rank === NONE ? undefined : rank;
}

/** The parts the scanning merge and the heap merge leave from `bytes`, which must be the same: for tests. */
export function mergedPartsBothWays(bytes: Uint8Array): [number, number] {
  const vocab = (vocabulary ??= loadVocabulary());
  return [mergedParts(vocab, bytes, bytes.length), mergedPartsOfLongPiece(vocab, bytes, bytes.length)];
}
