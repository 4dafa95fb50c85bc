/**
 * Names and one-line responsibilities for clusters of files.
 *
 * Name: the cluster's common directory (a single file's path without extension), minus the directory
 * every file of the repository shares; when that is empty, the directory holding most of its files,
 * and for that shared directory itself, its last segment.
 * Clusters sharing a name are told apart by their most distinctive term, then by a number.
 * Responsibility: the four most distinctive terms (topics.ts), then the three entities other files
 * depend on most, e.g. "Request, response, cookie, header: HttpRequest, HttpResponse, QueryDict".
 */
import type { Entity } from '../graph/types.js';
import type { TermCorpus } from './corpus.js';
import type { FileGraph } from './file-graph.js';
import { commonDirectory, compareStrings, directoryOf } from './file-graph.js';
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

function baseName(files: string[], root: string): string {
  if (files.length === 1) return relativeTo(root, files[0].replace(/\.[^./]+$/, ''));
  let dir = commonDirectory(files);
  if (relativeTo(root, dir) === '') {
    const counts = new Map<string, number>();
    for (const f of files) counts.set(directoryOf(f), (counts.get(directoryOf(f)) ?? 0) + 1);
    dir = [...counts].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))[0][0];
  }
  const relative = relativeTo(root, dir);
  // Inside the repository's shared directory itself, its own last segment reads better than nothing.
  return relative !== '' ? relative : dir !== '' ? dir.split('/').pop()! : '(root)';
}

function keyEntities(entities: Entity[], fg: FileGraph): Entity[] {
  const incoming = (e: Entity) => fg.incomingByEntity.get(e.id) ?? 0;
  const ranked = [...entities].sort(
    (a, b) => incoming(b) - incoming(a) || KIND_RANK[a.kind] - KIND_RANK[b.kind] || compareStrings(a.fqn, b.fqn),
  );
  const seen = new Set<string>();
  return ranked.filter((e) => !seen.has(e.name) && seen.add(e.name)).slice(0, KEY_ENTITIES);
}

/** Methods read better with their class: `QuerySet.filter`. */
function displayName(e: Entity): string {
  return e.kind === 'method' ? e.fqn.split('.').slice(-2).join('.') : e.name;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function describeClusters(clusters: number[][], fg: FileGraph, corpus: TermCorpus): Description[] {
  const root = commonDirectory(fg.files);
  const terms = clusters.map((c) => distinctiveTerms(termBag(c, corpus), corpus, 8).map((t) => t.term));
  const responsibilities = clusters.map((c, i) => {
    const names = keyEntities(
      c.flatMap((f) => fg.entities[f]),
      fg,
    ).map(displayName);
    const words = terms[i].slice(0, RESPONSIBILITY_TERMS).join(', ');
    if (words === '') return names.join(', ');
    return names.length === 0 ? capitalise(words) : `${capitalise(words)}: ${names.join(', ')}`;
  });

  const bases = clusters.map((c) => baseName(c.map((f) => fg.files[f]), root));
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
