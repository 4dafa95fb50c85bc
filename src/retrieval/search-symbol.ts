/**
 * search_symbol: entities for a name or phrase, ranked in tiers (exact name or fqn, prefix, all words,
 * close spelling); inside a tier definitions that are types and public, outside tests, with short fqns
 * come first.
 */
import type { LoadedGraph } from '../graph/memory.js';
import type { EntityKind } from '../graph/types.js';
import { analyzeCode, analyzeText, splitIdentifier } from './analyzer.js';
import { isTestPath } from './test-files.js';

export type SymbolMatchKind = 'exact' | 'prefix' | 'token' | 'fuzzy';

export interface SymbolMatch {
  fqn: string;
  name: string;
  kind: EntityKind;
  file_path: string;
  line: number;
  match: SymbolMatchKind;
  score: number;
}

export interface SearchSymbolOptions {
  /** Only exact name or fqn (suffix) matches. */
  exact?: boolean;
  limit?: number;
}

export const DEFAULT_SYMBOL_LIMIT = 20;

const TIER_SCORE: Record<SymbolMatchKind, number> = { exact: 4, prefix: 3, token: 2, fuzzy: 1 };
const KIND_BONUS: Partial<Record<EntityKind, number>> = { class: 0.3, interface: 0.3, enum: 0.25, type_alias: 0.2, function: 0.2, method: 0.1 };

interface NameTable {
  lower: string[];
  tokens: Set<string>[];
}

const tables = new WeakMap<LoadedGraph, NameTable>();

function nameTable(graph: LoadedGraph): NameTable {
  let table = tables.get(graph);
  if (!table) {
    table = {
      lower: graph.entities.map((e) => e.name.toLowerCase()),
      tokens: graph.entities.map((e) => new Set(analyzeCode(e.name))),
    };
    tables.set(graph, table);
  }
  return table;
}

/** Levenshtein distance, giving up (returning max + 1) once it must exceed `max`. */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

function classify(graph: LoadedGraph, table: NameTable, i: number, query: string, lower: string, words: readonly string[], exactOnly: boolean): { kind: SymbolMatchKind; closeness: number } | null {
  const e = graph.entities[i]!;
  if (e.name === query || e.fqn === query || e.fqn.endsWith(`.${query}`)) return { kind: 'exact', closeness: 1 };
  if (table.lower[i] === lower) return { kind: 'exact', closeness: 0.8 };
  if (exactOnly) return null;
  const name = table.lower[i]!;
  if (lower.length >= 2 && name.startsWith(lower)) return { kind: 'prefix', closeness: lower.length / name.length };
  if (words.length > 0) {
    const tokens = table.tokens[i]!;
    const found = words.filter((w) => tokens.has(w)).length;
    if (found === words.length) return { kind: 'token', closeness: words.length / Math.max(tokens.size, 1) };
  }
  const max = lower.length >= 8 ? 2 : lower.length >= 4 ? 1 : 0;
  if (max > 0) {
    const d = boundedEditDistance(lower, name, max);
    if (d <= max) return { kind: 'fuzzy', closeness: 1 - d / (max + 1) };
  }
  return null;
}

export function searchSymbol(graph: LoadedGraph, name: string, options: SearchSymbolOptions = {}): SymbolMatch[] {
  const query = name.trim();
  if (!query) return [];
  const lower = query.toLowerCase();
  // Sub-words only (`QuerySet` -> query, set), so `RawQuerySet` matches on words though not on the whole.
  const words = [...new Set(analyzeText(splitIdentifier(query).join(' ')))];
  const table = nameTable(graph);
  const out: SymbolMatch[] = [];
  for (let i = 0; i < graph.entities.length; i++) {
    const hit = classify(graph, table, i, query, lower, words, options.exact ?? false);
    if (!hit) continue;
    const e = graph.entities[i]!;
    const standing = (KIND_BONUS[e.kind] ?? 0) + (e.exported ? 0.1 : 0) + (isTestPath(e.filePath) ? 0 : 0.2) + 0.1 / e.fqn.split('.').length;
    out.push({
      fqn: e.fqn,
      name: e.name,
      kind: e.kind,
      file_path: e.filePath,
      line: e.startLine,
      match: hit.kind,
      score: Math.round((TIER_SCORE[hit.kind] + 0.4 * hit.closeness + standing * 0.5) * 1000) / 1000,
    });
  }
  out.sort((a, b) => b.score - a.score || a.fqn.localeCompare(b.fqn));
  return out.slice(0, options.limit ?? DEFAULT_SYMBOL_LIMIT);
}
