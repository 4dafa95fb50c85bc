/**
 * Names and one-line responsibilities for clusters of files, described by their non-test files with
 * entities when they have any (tests use a component's vocabulary but would outnumber it).
 *
 * Name: a single file's path without extension; otherwise the deepest directory holding at least half
 * of the files, minus the directory every file of the repository shares; when that leaves nothing, the
 * directory holding most of its files, and for that shared directory itself, its last segment.
 * Clusters sharing a name are told apart by their most distinctive term, then by a number.
 * Responsibility: the four most distinctive terms (topics.ts, plural repeats dropped), then the three
 * entities other files depend on most, e.g. "Request, response, cookie, header: HttpRequest, HttpResponse, QueryDict".
 */
import type { Entity } from '../graph/types.js';
import type { TermCorpus } from './corpus.js';
import type { FileGraph } from './file-graph.js';
import { compareStrings } from '../util/compare.js';
import { commonDirectory, directoryOf } from './file-graph.js';
import { isTestFile } from './test-files.js';
import { distinctiveTerms, termBag } from './topics.js';

export interface Description {
  name: string;
  responsibility: string;
}

const RESPONSIBILITY_TERMS = 4;
const KEY_ENTITIES = 3;
const KIND_RANK: Record<string, number> = { class: 0, interface: 0, enum: 1, type_alias: 1, function: 2, method: 3 };

function relativeTo(root: string, path: string): string {
  if (root === '') return path;
  return path === root ? '' : path.startsWith(root + '/') ? path.slice(root.length + 1) : path;
}

/**
 * A single file: its path without extension. Otherwise the deepest directory holding at least half of
 * the entities (files without any count as one, so data files of a few constants do not name a component),
 * or when that is the shared root, the directory holding most files.
 */
function baseName(files: string[], weights: number[], root: string): string {
  if (files.length === 1) return relativeTo(root, stripExtension(files[0]));
  let dir = majorityDirectory(files, weights);
  if (relativeTo(root, dir) === '') {
    const counts = new Map<string, number>();
    for (const f of files) counts.set(directoryOf(f), (counts.get(directoryOf(f)) ?? 0) + 1);
    dir = [...counts].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))[0][0];
  }
  const relative = relativeTo(root, dir);
  if (relative !== '') return relative;
  // Inside the repository's shared directory itself, its own last segment reads better than nothing.
  if (dir !== '') return dir.split('/').pop()!;
  const stems = files.slice(0, 2).map(stripExtension);
  return files.length > 2 ? `${stems.join(', ')}, …` : stems.join(', ');
}

function stripExtension(path: string): string {
  return path.replace(/\.[^./]+$/, '');
}

function majorityDirectory(files: string[], weights: number[]): string {
  const counts = new Map<string, number>();
  let total = 0;
  files.forEach((f, i) => {
    total += weights[i];
    for (let dir = directoryOf(f); ; dir = directoryOf(dir)) {
      counts.set(dir, (counts.get(dir) ?? 0) + weights[i]);
      if (dir === '') break;
    }
  });
  const depth = (d: string) => (d === '' ? 0 : d.split('/').length);
  const held = [...counts].filter(([, n]) => 2 * n >= total);
  held.sort((a, b) => depth(b[0]) - depth(a[0]) || b[1] - a[1] || compareStrings(a[0], b[0]));
  return held[0][0];
}

/** Plural and singular forms say the same thing: keep the first of them. */
function withoutRepeats(terms: string[]): string[] {
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = t.endsWith('s') ? t.slice(0, -1) : t;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function keyEntities(entities: Entity[], fg: FileGraph): Entity[] {
  const incoming = (e: Entity) => fg.incomingByEntity.get(e.id) ?? 0;
  const ranked = [...entities].sort(
    (a, b) => incoming(b) - incoming(a) || KIND_RANK[a.kind] - KIND_RANK[b.kind] || compareStrings(a.fqn, b.fqn),
  );
  const seen = new Set<string>();
  // One-letter names come from minified or generated code and tell a reader nothing.
  return ranked.filter((e) => e.name.length > 1 && !seen.has(e.name) && seen.add(e.name)).slice(0, KEY_ENTITIES);
}

/** Methods read better with their class: `QuerySet.filter`. */
function displayName(e: Entity): string {
  return e.kind === 'method' ? e.fqn.split(/[.:]/).slice(-2).join('.') : e.name;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function describeClusters(clusters: number[][], fg: FileGraph, corpus: TermCorpus): Description[] {
  const root = commonDirectory(fg.files);
  const described = clusters.map((c) => {
    const code = c.filter((f) => !isTestFile(fg.files[f]) && fg.entities[f].length > 0);
    return code.length > 0 ? code : c;
  });
  const terms = described.map((c) => withoutRepeats(distinctiveTerms(termBag(c, corpus), corpus, 8).map((t) => t.term)));
  const responsibilities = described.map((c, i) => {
    const names = keyEntities(
      c.flatMap((f) => fg.entities[f]),
      fg,
    ).map(displayName);
    const words = terms[i].slice(0, RESPONSIBILITY_TERMS).join(', ');
    if (words === '') return names.join(', ');
    return names.length === 0 ? capitalise(words) : `${capitalise(words)}: ${names.join(', ')}`;
  });

  const bases = described.map((c) =>
    baseName(
      c.map((f) => fg.files[f]),
      c.map((f) => Math.max(1, fg.entities[f].length)),
      root,
    ),
  );
  const byBase = new Map<string, number[]>();
  bases.forEach((b, i) => byBase.set(b, [...(byBase.get(b) ?? []), i]));
  const names = [...bases];
  for (const members of byBase.values()) {
    if (members.length < 2) continue;
    const used = new Set<string>();
    for (const i of members) {
      const term = terms[i].find((t) => !used.has(t));
      if (term === undefined) continue;
      used.add(term);
      names[i] = `${bases[i]} (${term})`;
    }
  }
  const taken = new Map<string, number>();
  const unique = names.map((n) => {
    const seen = (taken.get(n) ?? 0) + 1;
    taken.set(n, seen);
    return seen === 1 ? n : `${n} #${seen}`;
  });
  return unique.map((name, i) => ({ name, responsibility: responsibilities[i] }));
}
