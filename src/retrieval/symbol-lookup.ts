/** Finding the entities a user names: a file path, or a symbol by fqn, name or fqn suffix. */
import type { LoadedGraph } from '../graph/memory.js';
import type { Entity } from '../graph/types.js';
import { UserError } from '../util/errors.js';

/** Repo-relative POSIX form of a user-typed path (`./a\\b.py` -> `a/b.py`). */
export function normalizePath(path: string): string {
  return path.trim().replaceAll('\\', '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

/** Entity indices of an indexed file, module first; UserError when the index has no such file. */
export function fileEntities(graph: LoadedGraph, path: string): number[] {
  const nodes = graph.byFile.get(normalizePath(path));
  if (!nodes || nodes.length === 0) throw new UserError(`file ${path} is not in the index (a repo-relative path is expected)`);
  return nodes;
}

export type SymbolMatch = 'fqn' | 'name' | 'suffix';

export interface SymbolMatches {
  nodes: number[];
  match: SymbolMatch;
}

const SEPARATORS = ['.', ':', '/', '#'];

/**
 * Entities named `symbol`: an exact fqn wins, then an exact simple name, then an fqn ending in
 * `.symbol` (so `QuerySet.filter` finds `django.db.models.query.QuerySet.filter`). `path` keeps only
 * entities of that file. UserError when nothing matches.
 */
export function findSymbol(graph: LoadedGraph, symbol: string, path?: string): SymbolMatches {
  const wanted = symbol.trim();
  if (!wanted) throw new UserError('a symbol name is required');
  const inFile = path === undefined ? undefined : new Set(fileEntities(graph, path));
  const keep = (nodes: readonly number[] | undefined): number[] => (nodes ?? []).filter((i) => !inFile || inFile.has(i));
  const byFqn = keep(graph.byFqn.get(wanted));
  if (byFqn.length) return { nodes: byFqn, match: 'fqn' };
  const byName = keep(graph.byName.get(wanted));
  if (byName.length) return { nodes: byName, match: 'name' };
  const candidates = inFile ? [...inFile] : graph.entities.map((_, i) => i);
  const suffix = candidates.filter((i) => {
    const fqn = graph.entities[i]!.fqn;
    return fqn.endsWith(wanted) && SEPARATORS.includes(fqn[fqn.length - wanted.length - 1] ?? '');
  });
  if (suffix.length) return { nodes: suffix, match: 'suffix' };
  throw new UserError(`no entity named ${wanted}${path === undefined ? '' : ` in ${path}`} in the index`);
}

/**
 * The single entity named `symbol`; UserError listing the candidates when the name is ambiguous. `narrow` names the
 * caller's option that gives `path` (`--file PATH`), for that message.
 */
export function findOneSymbol(graph: LoadedGraph, symbol: string, path?: string, narrow?: string): number {
  const { nodes } = findSymbol(graph, symbol, path);
  if (nodes.length > 1) throw ambiguousName(symbol, nodes.map((i) => graph.entities[i]!), narrow);
  return nodes[0]!;
}

const MAX_CANDIDATES = 10;

/**
 * The one-line error for a name several entities match: each as `fqn (path:line)`, then how to pick one. Entities
 * of one file never share an fqn (the indexer suffixes `#2`), so a full name, `narrow` (the option that gives the
 * defining file) or both together always single one out; the advice names only what does.
 */
export function ambiguousName(query: string, found: readonly Entity[], narrow = 'the path of its file'): UserError {
  const listed = found.slice(0, MAX_CANDIDATES).map((e) => `${e.fqn} (${e.filePath}:${e.startLine})`).join(', ');
  const more = found.length > MAX_CANDIDATES ? `, and ${found.length - MAX_CANDIDATES} more` : '';
  const byFqn = new Set(found.map((e) => e.fqn)).size === found.length;
  const byFile = new Set(found.map((e) => e.filePath)).size === found.length;
  const advice = byFqn && byFile ? `use a full name or add ${narrow}` : byFqn ? 'use a full name' : byFile ? `add ${narrow} to pick one` : `use a full name and add ${narrow}`;
  return new UserError(`${query} is ambiguous (${found.length} matches: ${listed}${more}); ${advice}`);
}
