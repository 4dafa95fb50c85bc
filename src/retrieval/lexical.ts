/**
 * Entity-level lexical seeding: BM25F over each entity's name, fqn, file path, signature, docstring and
 * body terms, plus exact code mentions in the task (identifiers, dotted names, paths, traceback frames)
 * mapped straight to entities. Scores are normalised so the best BM25F match is 1 and a mention adds a
 * fixed amount, which keeps them comparable across queries of any length.
 */
import type { LoadedGraph } from '../graph/memory.js';
import { analyzeText } from './analyzer.js';
import { codeTokens } from './code-tokens.js';
import { Bm25fIndex, type FieldSpec, type QueryTerm } from './bm25f.js';
import { storedLexicalIndex } from './lexical-cache.js';
import { expandWithSynonyms, type SynonymMap } from './synonyms.js';
import { extractMentions, type TaskMentions } from './task-mentions.js';

export interface LexicalSeed {
  nodeIndex: number;
  score: number;
  /** Query terms and mentions (in backticks) that hit this entity. */
  matched: string[];
}

export interface TaskQuery {
  /** Weighted, synonym-expanded query terms. */
  terms: QueryTerm[];
  /** The distinct analyzed words of the task, most weighty first (for display). */
  keywords: string[];
  /** Words of the first line of a multi-line task (its title); empty for a one-line task. */
  headline: string[];
  mentions: TaskMentions;
}

export const ENTITY_FIELDS: readonly FieldSpec[] = [
  { name: 'name', weight: 3, b: 0.2 },
  { name: 'fqn', weight: 1, b: 0.3 },
  { name: 'path', weight: 1.5, b: 0.3 },
  { name: 'signature', weight: 1.5, b: 0.5 },
  { name: 'docstring', weight: 1, b: 0.75 },
  { name: 'terms', weight: 0.5, b: 0.75 },
];

/** Added to a normalised score per mention kind; a BM25F best match is worth 1. */
const MENTION_BOOST = { fqn: 1.5, identifier: 0.8, moduleName: 0.6, path: 1.2, frameFile: 0.8, frameEntity: 1.2 } as const;
/**
 * Mentions of broad targets count for less: a package (`pkg.sub`, its `__init__`) is a namespace, and an
 * exception class is named in every error message while the fix is where it is raised.
 */
const PACKAGE_FACTOR = 0.3;
const EXCEPTION_FACTOR = 0.3;
const EXCEPTION_NAME = /(?:Error|Exception|Warning)$/;
const PACKAGE_FILE = /(?:^|\/)(?:__init__\.py|index\.[jt]sx?|mod\.rs)$/;
/** A name defined more often than this is too generic to count as a mention. */
const MAX_MENTION_CANDIDATES = 12;
/** The first line of a multi-line task is its headline and counts this much more. */
const HEADLINE_WEIGHT = 2;

export interface EntityLexicalIndex {
  bm25: Bm25fIndex;
  /** Every indexed file path, for resolving path mentions. */
  files: string[];
  /** Module entities per identifier used at module level (settings, constants, re-exports). */
  moduleNames: Map<string, number[]>;
}

const indexes = new WeakMap<LoadedGraph, EntityLexicalIndex>();

/**
 * Tokens of an fqn the fqn field keeps, its last ones: an fqn grows with nesting, and 3,000 nested classes
 * would give 3,000 fqns of up to 3,000 tokens each, minutes of index building. No ordinary fqn comes near.
 */
const MAX_FQN_TOKENS = 256;

function entityFields(graph: LoadedGraph, i: number): string[][] {
  const e = graph.entities[i]!;
  const fqnTokens = codeTokens(e.fqn);
  return [
    codeTokens(e.name),
    fqnTokens.length > MAX_FQN_TOKENS ? fqnTokens.slice(-MAX_FQN_TOKENS) : fqnTokens,
    e.kind === 'module' ? codeTokens(e.filePath) : [],
    codeTokens(e.signature),
    codeTokens(e.docstring),
    codeTokens(e.terms),
  ];
}

function moduleLevelNames(graph: LoadedGraph): Map<string, number[]> {
  const names = new Map<string, number[]>();
  graph.entities.forEach((e, i) => {
    if (e.kind !== 'module') return;
    for (const word of e.terms.split(' ')) {
      if (!word) continue;
      const list = names.get(word);
      // A module's words come together, so a repeat finds the module already last in its list.
      if (list === undefined) names.set(word, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  });
  return names;
}

/** The entity index of a graph, built once per LoadedGraph object. */
export function entityLexicalIndex(graph: LoadedGraph): EntityLexicalIndex {
  let index = indexes.get(graph);
  if (!index) {
    const bm25 = storedLexicalIndex(graph, 'entities', ENTITY_FIELDS, graph.entities.map((e) => e.id), () => {
      const docs = graph.entities.map((_, i) => entityFields(graph, i));
      return new Bm25fIndex(ENTITY_FIELDS, docs);
    });
    index = { bm25, files: [...graph.byFile.keys()], moduleNames: moduleLevelNames(graph) };
    indexes.set(graph, index);
  }
  return index;
}

/** Task text -> weighted query terms: repeats count logarithmically, the headline counts double. */
export function analyzeTask(task: string, synonyms?: SynonymMap): TaskQuery {
  const lines = task.split('\n');
  const firstLine = lines.findIndex((l) => l.trim() !== '');
  const headline = lines.length > 1 && firstLine >= 0 ? new Set(analyzeText(lines[firstLine]!)) : new Set<string>();
  const counts = new Map<string, number>();
  for (const token of analyzeText(task)) counts.set(token, (counts.get(token) ?? 0) + 1);
  const base: QueryTerm[] = [...counts].map(([term, n]) => ({
    term,
    weight: (1 + Math.log(n)) * (headline.has(term) ? HEADLINE_WEIGHT : 1),
  }));
  const terms = expandWithSynonyms(base, synonyms);
  const keywords = [...base].sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term)).map((t) => t.term);
  return { terms, keywords, headline: [...headline], mentions: extractMentions(task) };
}

/** Files whose path ends with the mentioned path, trying ever shorter suffixes of an absolute path. */
export function filesForPath(files: readonly string[], mention: string): string[] {
  const parts = mention.split('/').filter((p) => p !== '' && p !== '.' && p !== '..');
  for (let start = 0; start < parts.length; start++) {
    const suffix = parts.slice(start).join('/');
    const hits = files.filter((f) => f === suffix || f.endsWith(`/${suffix}`));
    if (hits.length > 0) return hits;
  }
  return [];
}

/** Entities whose fqn is the dotted name or ends with it at a segment boundary. */
export function entitiesForDotted(graph: LoadedGraph, dotted: string): number[] {
  const exact = graph.byFqn.get(dotted);
  if (exact) return exact;
  const last = dotted.slice(dotted.lastIndexOf('.') + 1);
  return (graph.byName.get(last) ?? []).filter((i) => graph.entities[i]!.fqn.endsWith(`.${dotted}`));
}

/**
 * Terms found in more than half the documents are left out of the search: their idf is below ln 2, so
 * they barely move the ranking, but their postings (a package name in every fqn) dominate query time.
 * When every term is that common (a short query on a small repository), they are all the signal there is.
 */
export function selectiveTerms(index: Bm25fIndex, terms: readonly QueryTerm[]): QueryTerm[] {
  const present = terms.filter((t) => index.docFrequency(t.term) > 0);
  const selective = present.filter((t) => index.docFrequency(t.term) * 2 <= index.docCount);
  return selective.length > 0 ? selective : present;
}

type Boosts = Map<number, { score: number; labels: string[] }>;

function boost(boosts: Boosts, node: number, amount: number, label: string): void {
  const b = boosts.get(node);
  if (b) {
    b.score += amount;
    if (!b.labels.includes(label)) b.labels.push(label);
  } else boosts.set(node, { score: amount, labels: [label] });
}

function moduleOf(graph: LoadedGraph, file: string): number | undefined {
  const nodes = graph.byFile.get(file);
  if (!nodes) return undefined;
  return nodes.find((i) => graph.entities[i]!.kind === 'module') ?? nodes[0];
}

/** Exact mentions mapped to entities, each with the boost it earns. */
export function mentionBoosts(graph: LoadedGraph, mentions: TaskMentions): Boosts {
  const boosts: Boosts = new Map();
  const { files, moduleNames } = entityLexicalIndex(graph);
  const shared = (n: number): number => 1 / Math.sqrt(n);
  const breadth = (i: number): number => {
    const e = graph.entities[i]!;
    if (e.kind === 'module' && PACKAGE_FILE.test(e.filePath)) return PACKAGE_FACTOR;
    return e.kind === 'class' && EXCEPTION_NAME.test(e.name) ? EXCEPTION_FACTOR : 1;
  };

  const resolvedNames = new Set<string>();
  for (const dotted of mentions.dotted) {
    let hits = entitiesForDotted(graph, dotted);
    // `obj.method` where obj is a variable: fall back to the last two, then the last segment.
    const segments = dotted.split('.');
    if (hits.length === 0 && segments.length > 2) hits = entitiesForDotted(graph, segments.slice(-2).join('.'));
    if (hits.length === 0 || hits.length > MAX_MENTION_CANDIDATES) continue;
    for (const i of hits) boost(boosts, i, MENTION_BOOST.fqn * shared(hits.length) * breadth(i), `\`${dotted}\``);
    resolvedNames.add(segments[segments.length - 1]!);
  }
  for (const name of mentions.identifiers) {
    if (resolvedNames.has(name)) continue;
    const hits = graph.byName.get(name) ?? [];
    if (hits.length > MAX_MENTION_CANDIDATES) continue;
    for (const i of hits) boost(boosts, i, MENTION_BOOST.identifier * shared(hits.length) * breadth(i), `\`${name}\``);
    if (hits.length > 0) continue;
    // Not a definition: a module-level name (a setting, a constant) found in few modules.
    const modules = moduleNames.get(name) ?? [];
    if (modules.length === 0 || modules.length > MAX_MENTION_CANDIDATES) continue;
    for (const i of modules) boost(boosts, i, MENTION_BOOST.moduleName * shared(modules.length), `\`${name}\``);
  }
  for (const path of mentions.paths) {
    const hits = filesForPath(files, path);
    if (hits.length === 0 || hits.length > MAX_MENTION_CANDIDATES) continue;
    for (const f of hits) {
      const m = moduleOf(graph, f);
      if (m !== undefined) boost(boosts, m, MENTION_BOOST.path * shared(hits.length), `\`${path}\``);
    }
  }
  for (const frame of mentions.frames) {
    const hits = filesForPath(files, frame.path);
    if (hits.length === 0 || hits.length > MAX_MENTION_CANDIDATES) continue;
    for (const f of hits) {
      const m = moduleOf(graph, f);
      const label = `\`${frame.path.split('/').pop()}:${frame.line}\``;
      if (m !== undefined) boost(boosts, m, MENTION_BOOST.frameFile * shared(hits.length), label);
      if (!frame.func || frame.func === '<module>') continue;
      for (const i of graph.byFile.get(f) ?? []) {
        if (graph.entities[i]!.name === frame.func) boost(boosts, i, MENTION_BOOST.frameEntity * shared(hits.length), label);
      }
    }
  }
  return boosts;
}

/** Query terms found in an entity's fields. */
export function matchedTerms(graph: LoadedGraph, node: number, terms: readonly QueryTerm[]): string[] {
  const present = new Set(entityFields(graph, node).flat());
  return terms.filter((t) => present.has(t.term)).map((t) => t.term);
}

/**
 * Entities scored against a parsed task: normalised BM25F plus mention boosts, best first. Matched terms
 * are listed for the first `explained` seeds only (re-analysing fields costs more than scoring them).
 */
export function scoreEntities(graph: LoadedGraph, query: TaskQuery, limit: number, explained = limit): LexicalSeed[] {
  const { bm25 } = entityLexicalIndex(graph);
  const hits = bm25.search(selectiveTerms(bm25, query.terms));
  const top = hits[0]?.score ?? 0;
  const norm = (score: number): number => (top > 0 ? score / top : 0);
  const boosts = mentionBoosts(graph, query.mentions);
  // Hits come best first, so only the first `limit` and the boosted ones can make the cut.
  const scores = new Map<number, number>();
  for (let k = 0; k < hits.length && k < limit; k++) scores.set(hits[k]!.doc, norm(hits[k]!.score));
  if (boosts.size > 0) {
    for (const h of hits) if (boosts.has(h.doc) && !scores.has(h.doc)) scores.set(h.doc, norm(h.score));
  }
  for (const [node, b] of boosts) scores.set(node, (scores.get(node) ?? 0) + b.score);
  const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
  return ranked.map(([nodeIndex, score], rank) => ({
    nodeIndex,
    score,
    matched: [...(boosts.get(nodeIndex)?.labels ?? []), ...(rank < explained ? matchedTerms(graph, nodeIndex, query.terms) : [])],
  }));
}
