/**
 * Classic Mac line ends: a carriage return with no line feed after it ends a line, as editors and git show such
 * files, but tree-sitter counts rows by '\n' only (every entity of a file of them would be on line 1).
 */

const LONE_CR = /\r(?!\n)/;
const LONE_CRS = /\r(?!\n)/g;

/**
 * The text with every lone '\r' (one no '\n' follows) replaced by '\n': the same length, so offsets into either text
 * name the same characters, and the same lines, counted by '\n'. CRLF and LF line ends stay as they are; a text
 * without a lone '\r' is returned as it is.
 */
export function loneCrAsLf(text: string): string {
  if (text.indexOf('\r') < 0 || !LONE_CR.test(text)) return text;
  return text.replace(LONE_CRS, '\n');
}
