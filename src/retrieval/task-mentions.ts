/**
 * Exact code mentions in free task text: identifiers written the way code spells them, dotted names,
 * file paths and traceback frames. Each maps straight to entities or files, so it outweighs prose words.
 */

export interface TracebackFrame {
  path: string;
  line: number;
  func: string;
}

export interface TaskMentions {
  /** Identifier-shaped words (`_repr_html_`, `QuerySet`, `get_queryset`, `filter()`), unique, in order. */
  identifiers: string[];
  /** Dotted names (`QuerySet.filter`, `django.db.models.query`), unique, in order. */
  dotted: string[];
  /** File paths with a source extension (`db/models/query.py`, `query.py`) outside frames, unique, in order. */
  paths: string[];
  frames: TracebackFrame[];
}

const FRAME_PYTHON = /File "([^"\n]+)", line (\d+)(?:, in ([\w<>.$]+))?/g;
// `at f (path/x.ts:12:5)`, `at path/x.js:3:1` (V8) and `path/x.go:12 +0x..` style positions.
const FRAME_COLON = /(?:at\s+([\w$.<>]+)\s+\()?((?:[\w.@~-]+\/)*[\w.@-]+\.(?:py|pyi|ts|tsx|js|jsx|mjs|cjs|go|java|rs)):(\d+)/g;
const PATH = /(?:[\w.@~-]+[/\\])*[\w@-][\w.@-]*\.(?:py|pyi|ts|tsx|js|jsx|mjs|cjs|go|java|rs)\b/g;
const DOTTED = /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+/g;
const WORD = /[A-Za-z_$][\w$]*/g;
// snake_case, dunder, CamelCase with an inner capital, camelCase, ALLCAPS_WITH_UNDERSCORE.
const CODE_IDENTIFIER = /_|[a-z][A-Z]|[A-Z][a-z]+[A-Z]|\$/;
const SOURCE_EXTENSION = /\.(?:py|pyi|ts|tsx|js|jsx|mjs|cjs|go|java|rs)$/;

function pushUnique(list: string[], seen: Set<string>, value: string): void {
  if (seen.has(value)) return;
  seen.add(value);
  list.push(value);
}

/** Backslashes to slashes, no leading `/` or `./`. */
export function normalizeMentionPath(path: string): string {
  return path.replaceAll('\\', '/').replace(/^(?:\.?\/)+/, '');
}

export function extractMentions(text: string): TaskMentions {
  const frames: TracebackFrame[] = [];
  for (const m of text.matchAll(FRAME_PYTHON)) {
    frames.push({ path: normalizeMentionPath(m[1]!), line: Number(m[2]), func: m[3] ?? '' });
  }
  for (const m of text.matchAll(FRAME_COLON)) {
    frames.push({ path: normalizeMentionPath(m[2]!), line: Number(m[3]), func: m[1] ?? '' });
  }

  const paths: string[] = [];
  // A frame's path is already a (stronger) frame mention.
  const seenPaths = new Set<string>();
  for (const m of text.matchAll(PATH)) {
    const path = normalizeMentionPath(m[0]);
    if (!frames.some((f) => f.path.endsWith(path))) pushUnique(paths, seenPaths, path);
  }

  const dotted: string[] = [];
  const seenDotted = new Set<string>();
  for (const m of text.matchAll(DOTTED)) {
    const name = m[0];
    // A file name (`query.py`) is a path mention, not a dotted code name.
    if (SOURCE_EXTENSION.test(name)) continue;
    pushUnique(dotted, seenDotted, name);
  }

  const identifiers: string[] = [];
  const seenIds = new Set<string>();
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const calls = text[m.index + word.length] === '(';
    const quoted = text[m.index - 1] === '`' && text[m.index + word.length] === '`';
    if (word.length < 3 && !calls) continue;
    if (CODE_IDENTIFIER.test(word) || calls || quoted) pushUnique(identifiers, seenIds, word);
  }
  return { identifiers, dotted, paths, frames };
}
