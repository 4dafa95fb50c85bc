/**
 * context_for_task: the files an agent should read for a task, ranked. Entities are seeded lexically
 * (BM25F plus exact mentions), scores flow to callers, callees, bases and importers, and each file is
 * scored from its few best entities plus a whole-file BM25F match, so a file's size does not buy rank.
 */
import type { LoadedGraph } from '../graph/memory.js';
import { componentSiblings, type ArchitectureLike } from './architecture-match.js';
import { scoreFiles } from './file-lexical.js';
import { analyzeTask, entityLexicalIndex, scoreEntities, type LexicalSeed, type TaskQuery } from './lexical.js';
import { propagate, ROLE_ORDER, type Role } from './propagation.js';
import type { SynonymMap } from './synonyms.js';
import { isTestPath, isTestTask } from './test-files.js';

export type { ArchitectureLike } from './architecture-match.js';
export type { Role } from './propagation.js';

export interface TaskEntity {
  fqn: string;
  role: Role;
}

export interface TaskFile {
  file_path: string;
  score: number;
  primary_role: Role;
  entities: TaskEntity[];
  reason: string;
}

export interface ContextForTaskResult {
  task: string;
  keywords: string[];
  num_files: number;
  files: TaskFile[];
  error?: string;
}

export interface ContextForTaskOptions {
  architecture?: ArchitectureLike | null;
  maxFiles?: number;
  synonyms?: SynonymMap;
}

export const DEFAULT_MAX_FILES = 15;
/** Entities scored lexically before propagation and file aggregation. */
const LEXICAL_POOL = 300;
/** Seeds whose matched words are worked out for the reasons shown. */
const EXPLAINED_SEEDS = 40;
/** A normalised lexical score below this is noise, not a match. */
const DIRECT_MIN = 0.25;
/** Seeds that propagate along edges. */
const PROPAGATION_SEEDS = 25;
/** File score = entity part + FILE_TEXT_WEIGHT * whole-file BM25F. */
const FILE_TEXT_WEIGHT = 1;
/** Weights of a file's best, second and third entity. */
const ENTITY_RANK_WEIGHTS = [1, 0.3, 0.1] as const;
/** Test files rank below the code they test unless the task is about tests. */
export const TEST_FILE_FACTOR = 0.5;
const ENTITIES_PER_FILE = 5;
const KEYWORDS_SHOWN = 15;

export interface Relevance {
  score: number;
  role: Role;
  via: number;
  matched: string[];
}

function roleRank(role: Role): number {
  return ROLE_ORDER.indexOf(role);
}

function entityRelevance(graph: LoadedGraph, seeds: readonly LexicalSeed[], architecture: ArchitectureLike | null | undefined, query: TaskQuery): Map<number, Relevance> {
  const relevance = new Map<number, Relevance>();
  const direct = seeds.filter((s) => s.score >= DIRECT_MIN || s.matched.some((m) => m.startsWith('`')));
  for (const s of direct) relevance.set(s.nodeIndex, { score: s.score, role: 'direct match', via: s.nodeIndex, matched: s.matched });
  const propagationSeeds = new Map(direct.slice(0, PROPAGATION_SEEDS).map((s) => [s.nodeIndex, s.score]));
  for (const [node, r] of propagate(graph, propagationSeeds)) {
    const candidate: Relevance = { score: r.score, role: r.role, via: r.via, matched: [] };
    const old = relevance.get(node);
    if (!old) relevance.set(node, candidate);
  }
  if (architecture) {
    for (const { node, strength } of componentSiblings(graph, architecture, query.terms)) {
      const old = relevance.get(node);
      if (old) old.score *= 1 + strength;
      else relevance.set(node, { score: strength * DIRECT_MIN, role: 'component sibling', via: node, matched: [] });
    }
  }
  return relevance;
}

function describe(graph: LoadedGraph, top: readonly [number, Relevance][]): string {
  const words: string[] = [];
  for (const [, r] of top) for (const m of r.matched) if (!words.includes(m) && words.length < 4) words.push(m);
  const parts: string[] = [];
  if (words.length > 0) parts.push(`matches ${words.map((w) => (w.startsWith('`') ? w : `'${w}'`)).join(', ')}`);
  const relations: string[] = [];
  for (const [node, r] of top) {
    if (r.role === 'direct match' || r.via === node || relations.length >= 2) continue;
    const other = graph.entities[r.via]!.name;
    const text = r.role === 'dependent of match' ? `depends on ${other}` : r.role === 'dependency of match' ? `depended on by ${other}` : '';
    if (text && !relations.includes(text)) relations.push(text);
  }
  if (top.some(([, r]) => r.role === 'component sibling') && relations.length === 0) relations.push('in a component the task names');
  return [...parts, ...relations].join('; ') || 'related to the task';
}

function shownKeywords(graph: LoadedGraph, query: TaskQuery): string[] {
  const { bm25 } = entityLexicalIndex(graph);
  const weight = new Map(query.terms.map((t) => [t.term, t.weight]));
  return query.keywords
    .filter((k) => bm25.docFrequency(k) > 0)
    .map((k) => ({ k, w: (weight.get(k) ?? 0) * bm25.idf(k) }))
    .sort((a, b) => b.w - a.w)
    .slice(0, KEYWORDS_SHOWN)
    .map((x) => x.k);
}

export interface RankedFile {
  file: string;
  score: number;
  /** The file's relevant entities with their relevance, most relevant first. */
  entries: [number, Relevance][];
}

export interface RankFilesOptions {
  architecture?: ArchitectureLike | null;
  /** Test files count TEST_FILE_FACTOR as much (unless the task is about tests). */
  demoteTests: boolean;
}

/** Every file with a relevant entity or a whole-file text match, best first. */
export function rankTaskFiles(graph: LoadedGraph, query: TaskQuery, options: RankFilesOptions): RankedFile[] {
  const seeds = scoreEntities(graph, query, LEXICAL_POOL, EXPLAINED_SEEDS);
  const relevance = entityRelevance(graph, seeds, options.architecture, query);

  const perFile = new Map<string, [number, Relevance][]>();
  for (const entry of relevance) {
    const file = graph.entities[entry[0]]!.filePath;
    const list = perFile.get(file);
    if (list) list.push(entry);
    else perFile.set(file, [entry]);
  }
  const fileText = scoreFiles(graph, query.terms);
  for (const file of fileText.keys()) if (!perFile.has(file)) perFile.set(file, []);

  const scored = [...perFile].map(([file, entries]): RankedFile => {
    entries.sort((a, b) => b[1].score - a[1].score);
    let score = FILE_TEXT_WEIGHT * (fileText.get(file) ?? 0);
    entries.slice(0, ENTITY_RANK_WEIGHTS.length).forEach(([, r], k) => (score += ENTITY_RANK_WEIGHTS[k]! * r.score));
    if (options.demoteTests && isTestPath(file)) score *= TEST_FILE_FACTOR;
    return { file, entries, score };
  });
  return scored.sort((a, b) => b.score - a.score || a.file.localeCompare(b.file));
}

/** Whether a parsed task has anything to search for. */
function isSearchable(query: TaskQuery): boolean {
  const { mentions } = query;
  return query.terms.length > 0 || mentions.paths.length + mentions.frames.length + mentions.dotted.length + mentions.identifiers.length > 0;
}

export function contextForTask(graph: LoadedGraph, task: string, options: ContextForTaskOptions = {}): ContextForTaskResult {
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const query = analyzeTask(task, options.synonyms);
  if (!isSearchable(query)) {
    return { task, keywords: [], num_files: 0, files: [], error: 'No searchable keywords found' };
  }
  const scored = rankTaskFiles(graph, query, { architecture: options.architecture, demoteTests: !isTestTask(query) });

  const files: TaskFile[] = scored.slice(0, maxFiles).map(({ file, entries, score }) => {
    const shown = [...entries]
      .sort((a, b) => roleRank(a[1].role) - roleRank(b[1].role) || b[1].score - a[1].score)
      .filter(([node]) => graph.entities[node]!.kind !== 'module' || entries.length === 1)
      .slice(0, ENTITIES_PER_FILE);
    const best = entries[0];
    return {
      file_path: file,
      score: Math.round(score * 1000) / 1000,
      primary_role: best ? best[1].role : 'direct match',
      entities: shown.map(([node, r]) => ({ fqn: graph.entities[node]!.fqn, role: r.role })),
      reason: best ? describe(graph, entries.slice(0, 3)) : 'its text as a whole matches the task',
    };
  });
  return { task, keywords: shownKeywords(graph, query), num_files: files.length, files };
}
