/** Text helpers shared by every language: whitespace normalisation, signature cutting, comment cleanup. */

export const SIGNATURE_MAX_CHARS = 300;

export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The declaration text from `start` up to `bodyStart` (or `end` when there is no body), whitespace
 * normalised, without the trailing punctuation that opens the body (`:`, `{`, `=>`, `=`, `;`).
 */
export function cutSignature(source: string, start: number, bodyStart: number): string {
  // Parameter lists split over lines leave `( a` and `b )` behind once whitespace is collapsed.
  let sig = normalizeWhitespace(source.slice(start, bodyStart)).replace(/([([]) /g, '$1').replace(/ ([)\]])/g, '$1');
  for (;;) {
    const trimmed = sig.replace(/\s*(=>|[:{=;])$/, '');
    if (trimmed === sig) break;
    sig = trimmed;
  }
  return sig.length > SIGNATURE_MAX_CHARS ? sig.slice(0, SIGNATURE_MAX_CHARS).trimEnd() : sig;
}

/** Removes common leading indentation (ignoring blank lines) and surrounding blank lines. */
export function dedentLines(lines: string[]): string {
  return trimBlankLines(dedent(lines)).join('\n');
}

function dedent(lines: string[]): string[] {
  let indent = Infinity;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const lead = line.length - line.trimStart().length;
    if (lead < indent) indent = lead;
  }
  if (!Number.isFinite(indent)) indent = 0;
  return lines.map((line) => line.slice(indent).trimEnd());
}

function trimBlankLines(lines: string[]): string[] {
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && lines[first]!.trim() === '') first++;
  while (last >= first && lines[last]!.trim() === '') last--;
  return lines.slice(first, last + 1);
}

/** A Python string literal's content as a docstring: prefixes and quotes removed, then cleandoc'ed. */
export function cleanPythonDocstring(literal: string): string {
  const body = literal.replace(/^[rRuUbBfF]*/, '');
  const quote = body.startsWith('"""') || body.startsWith("'''") ? 3 : 1;
  const inner = body.slice(quote, body.length >= 2 * quote ? body.length - quote : body.length);
  const lines = inner.replace(/\t/g, '        ').split(/\r?\n/);
  // Like inspect.cleandoc: the first line is stripped, the rest dedented together.
  const [first = '', ...rest] = lines;
  return trimBlankLines([first.trim(), ...dedent(rest)]).join('\n');
}

/** Content of a comment with its markers removed: `/** ... *\/`, `/* ... *\/`, `///`, `//!`, `//`, `#`. */
export function cleanComment(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('/*')) {
    const inner = trimmed.replace(/^\/\*+!?/, '').replace(/\*+\/$/, '');
    const lines = inner.split(/\r?\n/).map((line) => line.replace(/^\s*\*(?!\/) ?/, ''));
    return dedentLines(lines);
  }
  const lines = trimmed.split(/\r?\n/).map((line) => line.trim().replace(/^(\/\/[\/!]?|#) ?/, ''));
  return dedentLines(lines);
}

/**
 * Index just past the bracket closing the one at `open`, or -1 when it never closes. `opens` and `closes` are the
 * brackets counted, in a language's notation; a `>` right after `=` (an arrow) closes nothing.
 */
export function closingBracket(text: string, open: number, opens: string, closes: string): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (opens.includes(c)) depth++;
    else if (closes.includes(c) && !(c === '>' && text[i - 1] === '=') && --depth === 0) return i + 1;
  }
  return -1;
}

/** The items of a list's inside, split at the commas outside brackets (`opens`, `closes`), trimmed. */
export function topLevelItems(inside: string, opens: string, closes: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= inside.length; i++) {
    const c = inside[i] ?? '';
    if (c !== '' && opens.includes(c)) depth++;
    else if (c !== '' && closes.includes(c)) depth--;
    else if ((c === ',' && depth === 0) || i === inside.length) {
      out.push(inside.slice(start, i).trim());
      start = i + 1;
    }
  }
  return out;
}
