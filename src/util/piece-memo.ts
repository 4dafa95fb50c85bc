/**
 * A memo of o200k piece -> token count, keyed by the piece's characters where they stand in the text, so a
 * hit costs no substring. Source code repeats its pieces, and most are short: up to 8 ASCII characters pack
 * exactly into two 28-bit words stored in the slot itself, so their probe compares three ints; longer or
 * non-ASCII pieces are keyed by a hash and compared with their characters, kept in one array.
 */

const LIMIT = 200_000;
/**
 * Ints per slot: tag, key word 1, key word 2, count. The tag is 0 for an empty slot, 1-8 for a packed key (its
 * length; the words are its characters, 7 bits each), PACKED_MAX + length for a hashed key (the words are
 * its hash and where its characters start in keyChars).
 */
const SLOT = 4;
const PACKED_MAX = 8;
let slotBits = 16;
let table = new Int32Array(SLOT << slotBits);
let keyChars = new Uint16Array(1 << 16);
let keyCharsUsed = 0;
let entries = 0;

/** The key of the last piece `memoizedCount` did not find, for `memoize` to insert. */
const missed = { tag: 0, word1: 0, word2: 0 };

/** The memoized count of the piece text[start, end), or -1 (then `memoize` records it). */
export function memoizedCount(text: string, start: number, end: number): number {
  const length = end - start;
  if (length <= PACKED_MAX) {
    const split = Math.min(end, start + 4);
    let lo = 0;
    let hi = 0;
    let bits = 0;
    for (let i = start; i < split; i++) {
      const c = text.charCodeAt(i);
      lo = (lo << 7) | c;
      bits |= c;
    }
    for (let i = split; i < end; i++) {
      const c = text.charCodeAt(i);
      hi = (hi << 7) | c;
      bits |= c;
    }
    if (bits < 128) return packedCount(length, lo, hi);
  }
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return hashedCount(text, start, end, h);
}

function packedCount(length: number, lo: number, hi: number): number {
  const mask = (1 << slotBits) - 1;
  for (let slot = homeOf(length, lo, hi) & mask; ; slot = (slot + 1) & mask) {
    const at = slot * SLOT;
    const tag = table[at]!;
    if (tag === length && table[at + 1] === lo && table[at + 2] === hi) return table[at + 3]!;
    if (tag === 0) return miss(length, lo, hi);
  }
}

function hashedCount(text: string, start: number, end: number, h: number): number {
  const length = end - start;
  const mask = (1 << slotBits) - 1;
  for (let slot = homeOf(PACKED_MAX + length, h, 0) & mask; ; slot = (slot + 1) & mask) {
    const at = slot * SLOT;
    const tag = table[at]!;
    if (tag === 0) return miss(PACKED_MAX + length, h, 0);
    if (tag !== PACKED_MAX + length || table[at + 1] !== h) continue;
    const key = table[at + 2]!;
    let i = 0;
    while (i < length && keyChars[key + i] === text.charCodeAt(start + i)) i++;
    if (i === length) return table[at + 3]!;
  }
}

function miss(tag: number, word1: number, word2: number): number {
  missed.tag = tag;
  missed.word1 = word1;
  missed.word2 = word2;
  return -1;
}

/** Where the probe for a key starts (before masking). */
function homeOf(tag: number, word1: number, word2: number): number {
  const h = tag <= PACKED_MAX ? Math.imul(word1 ^ Math.imul(word2 ^ tag, 0x9e3779b1), 0x85ebca6b) : word1;
  return h ^ (h >>> 16);
}

/** Records the count of text[start, end), the piece `memoizedCount` just did not find. */
export function memoize(text: string, start: number, end: number, count: number): void {
  if (entries >= LIMIT) {
    table.fill(0);
    keyCharsUsed = 0;
    entries = 0;
  }
  if (2 * (entries + 1) > 1 << slotBits) grow();
  const { tag, word1 } = missed;
  let word2 = missed.word2;
  if (tag > PACKED_MAX) {
    const length = end - start;
    if (keyCharsUsed + length > keyChars.length) {
      const grown = new Uint16Array(Math.max(keyChars.length * 2, keyCharsUsed + length));
      grown.set(keyChars.subarray(0, keyCharsUsed));
      keyChars = grown;
    }
    for (let i = 0; i < length; i++) keyChars[keyCharsUsed + i] = text.charCodeAt(start + i);
    word2 = keyCharsUsed;
    keyCharsUsed += length;
  }
  const at = freeSlot(homeOf(tag, word1, word2)) * SLOT;
  table[at] = tag;
  table[at + 1] = word1;
  table[at + 2] = word2;
  table[at + 3] = count;
  entries++;
}

/** Doubles the table, moving each slot by its key ints. */
function grow(): void {
  const old = table;
  slotBits++;
  table = new Int32Array(SLOT << slotBits);
  for (let at = 0; at < old.length; at += SLOT) {
    if (old[at] !== 0) table.set(old.subarray(at, at + SLOT), freeSlot(homeOf(old[at]!, old[at + 1]!, old[at + 2]!)) * SLOT);
  }
}

/** The first empty slot on the probe path that starts at `home` (before masking). */
function freeSlot(home: number): number {
  const mask = (1 << slotBits) - 1;
  let slot = home & mask;
  while (table[slot * SLOT] !== 0) slot = (slot + 1) & mask;
  return slot;
}
