/**
 * Cutting text to a token budget, with gpt-tokenizer's encoder (loaded only by the modules that cut: it costs
 * ~0.15 s to build, which counting alone does without).
 */
import { decode, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens } from './tokens.js';

const NO_SPECIALS = { disallowedSpecial: new Set<string>() };

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
