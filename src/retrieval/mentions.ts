/**
 * Exact mentions of code in free text (a task or issue description): traceback frames, file paths,
 * Python module paths and code-shaped identifiers, with character offsets so a ranker can weight them.
 * Earlier kinds claim their text first: a frame's path is not reported again as a path, and URLs
 * (after frames, which may use file://) claim theirs without being reported.
 */

interface Span {
  /** Offset of the first character in the text. */
  start: number;
  /** Offset just past the last character. */
  end: number;
  /** The matched text. */
  text: string;
}

/** `File "x/y.py", line 12, in f` (Python) or `at f (x/y.js:10:5)` (JavaScript; Java-style frames too). */
export interface FrameMention extends Span {
  kind: 'frame';
  path: string;
  line: number;
  column?: number;
  /** Function named by the frame ('<module>' and anonymous frames give none). */
  symbol?: string;
}

/** `pkg/db/models/query.py`, `src/x.ts:12`, `setup.py`. */
export interface PathMention extends Span {
  kind: 'path';
  /** Without a leading `./` or `file://`. */
  path: string;
  line?: number;
  column?: number;
}

/** `pkg.db.models`: a dotted name made only of lowercase segments, not called, not on self/cls/this. */
export interface ModuleMention extends Span {
  kind: 'module';
  module: string;
  parts: string[];
}

export type IdentifierShape = 'dotted' | 'snake' | 'camel' | 'plain';

/** `QuerySet.filter`, `_repr_html_`, `HTTPServerError`, `foo()`, or any name in backticks. */
export interface IdentifierMention extends Span {
  kind: 'identifier';
  name: string;
  /** The dotted segments (one for a simple name). */
  parts: string[];
  shape: IdentifierShape;
  /** Written as a call: directly followed by `(`. */
  call: boolean;
  /** Written inside backticks. */
  quoted: boolean;
}

export type Mention = FrameMention | PathMention | ModuleMention | IdentifierMention;

/** Extensions that make a bare `name.ext` a file rather than a dotted name. */
export const SOURCE_EXTENSIONS: ReadonlySet<string> = new Set([
  'c', 'cc', 'cfg', 'cjs', 'cpp', 'cs', 'css', 'go', 'h', 'hpp', 'html', 'ini', 'ipynb', 'java', 'js',
  'json', 'jsx', 'kt', 'md', 'mjs', 'php', 'py', 'pyi', 'pyx', 'rb', 'rs', 'rst', 'scala', 'sh', 'sql',
  'swift', 'toml', 'ts', 'tsx', 'txt', 'vue', 'xml', 'yaml', 'yml',
]);

const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>()"'`]+/gi;
const PYTHON_FRAME = /File "([^"\n]+)", line (\d+)(?:, in ([^\s,]+))?/g;
const JS_FRAME = /\bat\s+(?:(?:async\s+)?([\w$.<>]+(?:\s+\[as\s+[\w$]+\])?)\s*\()?((?:file:\/\/)?[^\s():]+):(\d+)(?::(\d+))?\)?/g;
const PATH = /(?<![\w./@-])((?:\.{1,2}\/|\/)?(?:[\w.@-]+\/)+[\w.@-]*[\w@-]|\w[\w-]*(?:\.[\w-]+)*\.[A-Za-z]\w*)(?::(\d+)(?::(\d+))?)?/g;
const BACKTICKS = /`([^`\n]+)`/g;
const DOTTED = /(?<![\w$.])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?![\w$])/g;
const NAME = /(?<![\w$.])[A-Za-z_$][\w$]*(?![\w$])/g;
const LOWER_SEGMENT = /^[a-z_][a-z0-9_]*$/;
const DUNDER = /^__\w+__$/;
/** First segments that make a dotted name an attribute access rather than a module path. */
const RECEIVERS: ReadonlySet<string> = new Set(['self', 'cls', 'this', 'super']);
const CAMEL = /[a-z0-9][A-Z]|[A-Z]{2,}[a-z]|^[A-Z][a-z0-9]+[A-Z]/;

export function findMentions(text: string): Mention[] {
  const claimed = new Uint8Array(text.length);
  const free = (start: number, end: number): boolean => {
    for (let i = start; i < end; i++) if (claimed[i]) return false;
    return true;
  };
  const claim = (start: number, end: number): void => {
    claimed.fill(1, start, end);
  };
  const mentions: Mention[] = [];

  for (const m of text.matchAll(PYTHON_FRAME)) {
    const end = m.index + m[0].length;
    if (!free(m.index, end) || m[1]!.startsWith('<')) continue;
    claim(m.index, end);
    const symbol = m[3] !== undefined && !m[3].startsWith('<') ? m[3] : undefined;
    mentions.push({ kind: 'frame', start: m.index, end, text: m[0], path: m[1]!, line: Number(m[2]), ...(symbol ? { symbol } : {}) });
  }
  for (const m of text.matchAll(JS_FRAME)) {
    const end = m.index + m[0].length;
    const path = normalisePath(m[2]!);
    if (!free(m.index, end) || !looksLikeFile(path)) continue;
    claim(m.index, end);
    const symbol = m[1]?.replace(/\s+\[as\s+[\w$]+\]$/, '');
    mentions.push({
      kind: 'frame', start: m.index, end, text: m[0], path, line: Number(m[3]),
      ...(m[4] !== undefined ? { column: Number(m[4]) } : {}),
      ...(symbol && symbol !== '<anonymous>' ? { symbol } : {}),
    });
  }

  for (const m of text.matchAll(URL)) claim(m.index, m.index + m[0].length);
  for (const m of text.matchAll(PATH)) {
    const raw = m[1]!;
    const end = m.index + m[0].length;
    if (!isPath(raw) || !free(m.index, end)) continue;
    claim(m.index, end);
    mentions.push({
      kind: 'path', start: m.index, end, text: m[0], path: normalisePath(raw),
      ...(m[2] !== undefined ? { line: Number(m[2]) } : {}),
      ...(m[3] !== undefined ? { column: Number(m[3]) } : {}),
    });
  }

  const quoted = new Uint8Array(text.length);
  for (const m of text.matchAll(BACKTICKS)) quoted.fill(1, m.index, m.index + m[0].length);

  for (const m of text.matchAll(DOTTED)) {
    const end = m.index + m[0].length;
    const parts = m[0].split('.');
    // `e.g`, `i.e` and other runs of single letters are prose abbreviations; `name.py` is a file.
    if (!free(m.index, end) || parts.every((p) => p.length === 1) || SOURCE_EXTENSIONS.has(parts[parts.length - 1]!)) continue;
    claim(m.index, end);
    const call = text[end] === '(';
    const isQuoted = quoted[m.index] === 1;
    if (!call && !RECEIVERS.has(parts[0]!) && parts.every((p) => LOWER_SEGMENT.test(p) && !DUNDER.test(p))) {
      mentions.push({ kind: 'module', start: m.index, end, text: m[0], module: m[0], parts });
    } else {
      mentions.push({ kind: 'identifier', start: m.index, end, text: m[0], name: m[0], parts, shape: 'dotted', call, quoted: isQuoted });
    }
  }

  for (const m of text.matchAll(NAME)) {
    const end = m.index + m[0].length;
    if (!free(m.index, end)) continue;
    const name = m[0];
    const call = text[end] === '(';
    const isQuoted = quoted[m.index] === 1;
    const shape: IdentifierShape = /[A-Za-z0-9]_|_[A-Za-z0-9]/.test(name) ? 'snake' : CAMEL.test(name) ? 'camel' : 'plain';
    if (shape === 'plain' && !call && !isQuoted) continue;
    claim(m.index, end);
    mentions.push({ kind: 'identifier', start: m.index, end, text: name, name, parts: [name], shape, call, quoted: isQuoted });
  }

  return mentions.sort((a, b) => a.start - b.start);
}

function normalisePath(raw: string): string {
  return raw.replace(/^file:\/\//, '').replace(/^(?:\.\/)+/, '');
}

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function looksLikeFile(path: string): boolean {
  return SOURCE_EXTENSIONS.has(extensionOf(path)) || path.includes('/');
}

/**
 * A bare name needs a known source extension; a slash path needs one too unless it is clearly a path
 * (explicitly relative or absolute, or three segments or more), which keeps `and/or` out.
 */
function isPath(raw: string): boolean {
  if (!/[A-Za-z]/.test(raw)) return false;
  if (SOURCE_EXTENSIONS.has(extensionOf(raw))) return true;
  if (!raw.includes('/')) return false;
  return /^(?:\.{1,2}\/|\/)/.test(raw) || raw.split('/').filter(Boolean).length >= 3;
}
