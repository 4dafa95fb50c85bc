/** Decides whether a file's bytes are source code worth parsing, and decodes them. */

import { loneCrAsLf } from '../util/line-ends.js';

export type ContentSkipReason = 'binary' | 'too-large' | 'minified' | 'invalid-utf8';

export interface ContentLimits {
  /** Files larger than this are skipped (default 1 MiB). */
  maxBytes: number;
  /** Whether minified files are skipped (LanguageSupport.minifiable). */
  minifiable: boolean;
}

export const DEFAULT_MAX_BYTES = 1024 * 1024;

/** A line longer than this is generated or minified code, or data (a long string, an embedded image). */
const MINIFIED_LINE_LENGTH = 2000;
/**
 * A file with such lines whose mean line length is over this is minified: its long lines hold most of it. One long
 * line in a hand-written file (a test string, a long union type in a .d.ts) keeps the mean far below. The bound is
 * GitHub Linguist's for minified files.
 */
const MINIFIED_MEAN_LINE_LENGTH = 110;
/** Sniff window for NUL bytes, as git does. */
const BINARY_SNIFF_BYTES = 8000;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export type ContentVerdict = { ok: true; text: string } | { ok: false; reason: ContentSkipReason };

export function classifyContent(bytes: Uint8Array, limits: ContentLimits): ContentVerdict {
  if (bytes.length > limits.maxBytes) return { ok: false, reason: 'too-large' };
  const sniff = bytes.subarray(0, BINARY_SNIFF_BYTES);
  if (sniff.includes(0)) return { ok: false, reason: 'binary' };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, reason: 'invalid-utf8' };
  }
  // Lines end at '\n' and at a lone '\r' (classic Mac line ends), as extraction counts them.
  if (limits.minifiable && isMinified(loneCrAsLf(text))) return { ok: false, reason: 'minified' };
  return { ok: true, text };
}

function isMinified(text: string): boolean {
  if (text.length <= MINIFIED_LINE_LENGTH) return false;
  let lines = 0;
  let longLine = false;
  for (let start = 0; start <= text.length; lines++) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (end - start > MINIFIED_LINE_LENGTH) longLine = true;
    start = end + 1;
  }
  return longLine && text.length / lines > MINIFIED_MEAN_LINE_LENGTH;
}
