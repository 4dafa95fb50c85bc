/**
 * Go the grammar (@vscode/tree-sitter-wasm's tree-sitter-go) cannot parse, rewritten without moving a byte so the
 * tree's positions still index the original text: signatures, docstrings and snippets are cut from the original.
 */

/**
 * `new(expr)` (Go 1.26: a pointer to a new variable holding the value, `new(int64(300))`, `new(Config{Port: 80})`):
 * the grammar takes `new`'s argument for a type, and an expression that is none breaks the statement. `new`
 * becomes three spaces, leaving the parenthesized expression, whose value the variable then holds (as `&Config{}`
 * gives a Config). A `new` whose argument reads as a type (`new(T)`, `new(*pkg.T)`, `new([]T)`, `new(map[K]V)`)
 * is left: there the grammar is right.
 */
export function bridgeGrammarGaps(_filePath: string, source: string): string {
  const pieces: string[] = [];
  let copied = 0;
  NEW_CALL.lastIndex = 0;
  for (let m = NEW_CALL.exec(source); m !== null; m = NEW_CALL.exec(source)) {
    const open = m.index + m[0].length - 1;
    const close = closingParen(source, open);
    if (close < 0 || TYPE.test(source.slice(open + 1, close).trim())) continue;
    pieces.push(source.slice(copied, m.index), '   ');
    copied = m.index + 3;
  }
  if (pieces.length === 0) return source;
  pieces.push(source.slice(copied));
  return pieces.join('');
}

/** `new(`, not as a member (`x.new(`) or part of a longer name (`renew(`). */
const NEW_CALL = /(?<![\p{ID_Continue}.]\s*)new\s*\(/gu;

const NAME = String.raw`[\p{ID_Start}_][\p{ID_Continue}]*`;
/**
 * What reads as a type: pointers, arrays and slices of a (qualified, possibly instantiated) name, or a type that
 * starts with a keyword (map, chan, func, struct, interface).
 */
const TYPE = new RegExp(
  String.raw`^(?:\*\s*|\[[^\]]*\]\s*)*(?:(?:map\s*\[|(?:<-\s*)?chan\b|func\s*\(|struct\s*\{|interface\s*\{)[\s\S]*|${NAME}(?:\s*\.\s*${NAME})?(?:\s*\[[^\]]*\])?)$`,
  'u',
);

/** Arguments longer than this are left as they are: each `new(` scans at most this far, whatever the file holds. */
const MAX_ARGUMENT = 1024;

/**
 * Index of the `)` closing the `(` at `open`, skipping brackets, braces, strings and runes; -1 when it is not
 * closed within MAX_ARGUMENT characters.
 */
function closingParen(source: string, open: number): number {
  let depth = 0;
  const end = Math.min(source.length, open + MAX_ARGUMENT);
  for (let i = open; i < end; i++) {
    const c = source[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) return c === ')' ? i : -1;
    } else if (c === '"' || c === "'") {
      for (i++; i < end && source[i] !== c && source[i] !== '\n'; i++) if (source[i] === '\\') i++;
    } else if (c === '`') {
      i = source.indexOf('`', i + 1);
      if (i < 0 || i >= end) return -1;
    }
  }
  return -1;
}
