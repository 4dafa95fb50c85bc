/** Exact token counts with the o200k_base BPE (the GPT-4o family's tokenizer). */
import { countTokens as countO200k, decode, encode } from 'gpt-tokenizer/encoding/o200k_base';

/** Source code is plain text: special-token strings such as `<|endoftext|>` are counted as ordinary text, never rejected. */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  return text.length === 0 ? 0 : countO200k(text, PLAIN_TEXT);
}

/** The longest prefix of `text` whose own token count is within `maxTokens`. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  if (countTokens(text) <= maxTokens) return text;
  const ids = encode(text, PLAIN_TEXT);
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
