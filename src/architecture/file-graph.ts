/** The file-level view of a DepGraph that every clustering algorithm works on. */
import { compareStrings } from '../util/compare.js';
import type { DepGraph, Entity } from '../graph/types.js';

export interface FileGraph {
  /** Repo-relative paths, sorted; a file's index is its position here. */
  files: string[];
  indexOf: Map<string, number>;
  /** The package of each file's entities ('' when unknown). */
  packages: string[];
  /** Non-module entities per file, sorted by fqn. */
  entities: Entity[][];
  /** Dependency weight (summed edge counts, `contains` excluded) from a file to each other file. */
  out: Map<number, number>[];
  in: Map<number, number>[];
  /** Summed count of dependency edges reaching each entity from other files, by entity id. */
  incomingByEntity: Map<string, number>;
}

export function isDependencyEdge(kind: string): boolean {
  return kind !== 'contains';
}

export function buildFileGraph(graph: DepGraph): FileGraph {
  const files = [...new Set(graph.entities.map((e) => e.filePath))].sort();
  const indexOf = new Map(files.map((f, i) => [f, i]));
  const packages: string[] = files.map(() => '');
  const entities: Entity[][] = files.map(() => []);
  const fileOfEntity = new Map<string, number>();
  for (const e of graph.entities) {
    const f = indexOf.get(e.filePath)!;
    fileOfEntity.set(e.id, f);
    if (e.kind === 'module' || packages[f] === '') packages[f] = e.package;
    if (e.kind !== 'module') entities[f].push(e);
  }
  for (const list of entities) list.sort((x, y) => compareStrings(x.fqn, y.fqn));

  const out = files.map(() => new Map<number, number>());
  const inn = files.map(() => new Map<number, number>());
  const incomingByEntity = new Map<string, number>();
  for (const edge of graph.edges) {
    if (!isDependencyEdge(edge.kind)) continue;
    const s = fileOfEntity.get(edge.source);
    const t = fileOfEntity.get(edge.target);
    if (s === undefined || t === undefined || s === t) continue;
    out[s].set(t, (out[s].get(t) ?? 0) + edge.count);
    inn[t].set(s, (inn[t].get(s) ?? 0) + edge.count);
    incomingByEntity.set(edge.target, (incomingByEntity.get(edge.target) ?? 0) + edge.count);
  }
  // Key order follows edge order; sorting makes every later iteration independent of the input order.
  const sorted = (m: Map<number, number>) => new Map([...m].sort((a, b) => a[0] - b[0]));
  return { files, indexOf, packages, entities, out: out.map(sorted), in: inn.map(sorted), incomingByEntity };
}


export function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The longest directory every path lies in ('' when they share none). */
export function commonDirectory(paths: string[]): string {
  const dirs = paths.map((p) => directoryOf(p).split('/').filter((s) => s !== ''));
  const first = dirs[0] ?? [];
  let n = first.length;
  for (const d of dirs) {
    let i = 0;
    while (i < n && i < d.length && d[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n).join('/');
}
