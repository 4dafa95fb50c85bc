/**
 * Snippets of entities as get_context renders them: a one-line header, then the source lines of the
 * entity's span read from the repository at query time (`full`), or the span with every member's body
 * elided to its declaration (`outline`). A file edited since indexing is re-located by the entity's
 * declaration line; a file that is gone falls back to the declaration kept in the index.
 */
import type { LoadedGraph } from '../graph/memory.js';
import type { Entity } from '../graph/types.js';
import { countTokens } from '../util/tokens.js';

export interface SourceFile {
  text: string;
  /** The content differs from what was indexed, so stored line numbers may be off. */
  changedSinceIndexing: boolean;
}

export interface SourceReader {
  /** A repo-relative file as it is now, or undefined when it no longer exists. */
  load(path: string): SourceFile | undefined;
}

export type SnippetVariant = 'full' | 'outline';

/** Where the snippet's text came from. */
export type SnippetFreshness = 'indexed' | 'relocated' | 'from-index';

export interface Snippet {
  node: number;
  variant: SnippetVariant;
  header: string;
  body: string;
  /** header + '\n' + body + '\n': exactly what the caller receives for this node. */
  text: string;
  /** Exact o200k count of `text`. */
  tokens: number;
  startLine: number;
  endLine: number;
  freshness: SnippetFreshness;
}

/** Separates rendered snippets in the full context text. */
export const SNIPPET_SEPARATOR = '\n';

/** Entity indices of each entity's direct members, in source order. */
export function childrenOf(graph: LoadedGraph): readonly (readonly number[])[] {
  const hit = childrenCache.get(graph);
  if (hit) return hit;
  const children: number[][] = graph.entities.map(() => []);
  graph.entities.forEach((e, i) => {
    const parent = e.parentId === null ? undefined : graph.indexOf.get(e.parentId);
    if (parent !== undefined) children[parent]!.push(i);
  });
  for (const list of children) list.sort((a, b) => graph.entities[a]!.startLine - graph.entities[b]!.startLine);
  childrenCache.set(graph, children);
  return children;
}

const childrenCache = new WeakMap<LoadedGraph, number[][]>();
/** Token counts of snippets of unchanged files, which only depend on the index version. */
const tokenCache = new WeakMap<LoadedGraph, Map<string, number>>();

interface FileLines {
  lines: string[];
  changed: boolean;
}

/** Renders snippets for one query, reading each file at most once. */
export class SnippetRenderer {
  private readonly files = new Map<string, FileLines | undefined>();
  private readonly tokens: Map<string, number>;

  constructor(
    private readonly graph: LoadedGraph,
    private readonly source: SourceReader,
  ) {
    let cache = tokenCache.get(graph);
    if (!cache) {
      cache = new Map();
      tokenCache.set(graph, cache);
    }
    this.tokens = cache;
  }

  render(node: number, variant: SnippetVariant): Snippet {
    const entity = this.graph.entities[node]!;
    const file = this.file(entity.filePath);
    const span = file ? locateSpan(entity, file) : undefined;
    if (!file || !span) {
      const body = declaration(entity);
      return this.finish(node, variant, entity, body, entity.startLine, entity.endLine, 'from-index', false);
    }
    const shift = span.start - entity.startLine;
    const lines = file.lines.slice(span.start - 1, span.end);
    const body = variant === 'full' ? lines.join('\n') : this.outlineLines(node, span, shift, file.lines).join('\n');
    const freshness = file.changed ? 'relocated' : 'indexed';
    return this.finish(node, variant, entity, body, span.start, span.end, freshness, !file.changed);
  }

  /** Own lines with every member collapsed to its declaration; an entity without members becomes its declaration. */
  private outlineLines(node: number, span: Span, shift: number, fileLines: string[]): string[] {
    const members = childrenOf(this.graph)[node]!;
    if (members.length === 0) return memberDeclaration(this.graph.entities[node]!, fileLines.slice(span.start - 1, span.end));
    const out: string[] = [];
    let line = span.start;
    for (const child of members) {
      const member = this.graph.entities[child]!;
      const start = member.startLine + shift;
      const end = Math.min(member.endLine + shift, span.end);
      if (start < line || start > span.end) continue;
      while (line < start) out.push(fileLines[line++ - 1]!);
      out.push(...memberDeclaration(member, fileLines.slice(start - 1, end)));
      line = end + 1;
    }
    while (line <= span.end) out.push(fileLines[line++ - 1]!);
    return out;
  }

  private finish(
    node: number, variant: SnippetVariant, entity: Entity, body: string,
    startLine: number, endLine: number, freshness: SnippetFreshness, cacheable: boolean,
  ): Snippet {
    const header = renderHeader(entity, variant, startLine, endLine, freshness);
    const text = `${header}\n${body}\n`;
    const key = `${node}:${variant}`;
    let tokens = cacheable ? this.tokens.get(key) : undefined;
    if (tokens === undefined) {
      tokens = countTokens(text);
      if (cacheable) this.tokens.set(key, tokens);
    }
    return { node, variant, header, body, text, tokens, startLine, endLine, freshness };
  }

  private file(path: string): FileLines | undefined {
    if (this.files.has(path)) return this.files.get(path);
    const loaded = this.source.load(path);
    const lines = loaded ? { lines: loaded.text.split(/\r?\n/), changed: loaded.changedSinceIndexing } : undefined;
    this.files.set(path, lines);
    return lines;
  }
}

function renderHeader(entity: Entity, variant: SnippetVariant, startLine: number, endLine: number, freshness: SnippetFreshness): string {
  const notes = [
    variant === 'outline' ? 'outline, bodies elided' : '',
    freshness === 'relocated' ? 'file changed since indexing' : '',
    freshness === 'from-index' ? 'source unavailable, declaration from the index' : '',
  ].filter(Boolean);
  return `## ${entity.filePath}:${startLine}-${endLine} ${entity.kind} ${entity.fqn}${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

interface Span {
  start: number;
  end: number;
}

/**
 * The entity's line span in the file as it is now. Unchanged files use the indexed span; in a changed
 * file the span moves to the occurrence of the declaration's first line nearest the indexed start.
 */
function locateSpan(entity: Entity, file: FileLines): Span | undefined {
  const count = file.lines.length;
  if (entity.kind === 'module') return { start: 1, end: Math.max(1, count - (file.lines[count - 1] === '' ? 1 : 0)) };
  const length = entity.endLine - entity.startLine;
  if (!file.changed) {
    return entity.startLine <= count ? { start: entity.startLine, end: Math.min(entity.endLine, count) } : undefined;
  }
  const anchor = entity.signature.split('\n')[0]!.trim();
  if (!anchor) return undefined;
  let best: number | undefined;
  for (let i = 0; i < count; i++) {
    if (!file.lines[i]!.includes(anchor)) continue;
    if (best === undefined || Math.abs(i + 1 - entity.startLine) < Math.abs(best - entity.startLine)) best = i + 1;
  }
  if (best === undefined) return undefined;
  return { start: best, end: Math.min(count, best + length) };
}

/** The declaration kept in the index, for a file that can no longer be read. */
function declaration(entity: Entity): string {
  const doc = entity.docstring ? `\n${entity.docstring}` : '';
  return `${entity.signature || entity.name}${doc}`;
}

/** The line where the declaration starts (after decorators): the signature's first line, else the name. */
function declarationLineIndex(entity: Entity, lines: readonly string[]): number {
  const anchor = entity.signature.split('\n')[0]!.trim();
  const bySignature = anchor ? lines.findIndex((l) => l.includes(anchor)) : -1;
  return bySignature >= 0 ? bySignature : lines.findIndex((l) => l.includes(entity.name));
}

/** A member's lines up to the end of its declaration (decorators included), then `...` in place of the body. */
function memberDeclaration(member: Entity, lines: readonly string[]): string[] {
  const first = Math.max(0, declarationLineIndex(member, lines));
  const declarationLines = Math.max(1, member.signature.split('\n').length);
  const kept = lines.slice(0, Math.min(lines.length, first + declarationLines));
  if (kept.length === lines.length) return [...kept];
  const indent = /^\s*/.exec(lines[first] ?? '')![0];
  return [...kept, `${indent}    ...`];
}
