/**
 * Exact token counts with the o200k_base BPE (the GPT-4o family's tokenizer), via gpt-tokenizer.
 * Special-token text such as `<|endoftext|>` inside source code counts as ordinary text, never throws.
 */
import o200k, { decode, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/esm/encodingParams/constants';

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

export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  if (!bpe) return o200k.countTokens(text, NO_SPECIALS);
  let n = 0;
  for (const m of text.matchAll(O200K_TOKEN_SPLIT_REGEX)) {
    const piece = m[0];
    let c = memo.get(piece);
    if (c === undefined) {
      c = bpe.getBpeRankFromString(piece) !== undefined ? 1 : bpe.bytePairEncode(piece).length;
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(piece, c);
    }
    n += c;
  }
  return n;
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
