/**
 * The stored graph loaded into memory with integer node indices, for queries that walk it many times
 * (ranking, PPR, paths). Loaded once per index version and shared by every query on that version.
 */
import { readEdgeCache, writeEdgeCache } from './edge-cache.js';
import type { DepGraph, Edge, Entity } from './types.js';
import type { IndexStore } from './store.js';

export interface LoadedGraph {
  /** Index version of the store this was loaded from. */
  version: number;
  /** The index folder it was loaded from (files derived from it may be kept there); absent for graphs built in memory. */
  indexDir?: string;
  entities: Entity[];
  edges: Edge[];
  externals: DepGraph['externals'];
  indexOf: Map<string, number>;
  /** Node indices of each file's entities, in source order (the module entity first). */
  byFile: Map<string, number[]>;
  /** Node indices per simple name. */
  byName: Map<string, number[]>;
  /** Node indices per fqn (several only in the rare case of colliding module names). */
  byFqn: Map<string, number[]>;
  /** Edge positions (into `edges`) leaving / entering each node. */
  out: number[][];
  in: number[][];
  /** Edge endpoints as node indices, parallel to `edges`. */
  edgeSource: Int32Array;
  edgeTarget: Int32Array;
}

export function buildLoadedGraph(graph: DepGraph, version: number): LoadedGraph {
  const { entities, edges, externals } = graph;
  const indexOf = new Map<string, number>();
  const byFile = new Map<string, number[]>();
  const byName = new Map<string, number[]>();
  const byFqn = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string, v: number): void => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  entities.forEach((e, i) => {
    indexOf.set(e.id, i);
    push(byFile, e.filePath, i);
    push(byName, e.name, i);
    push(byFqn, e.fqn, i);
  });
  const out: number[][] = entities.map(() => []);
  const inc: number[][] = entities.map(() => []);
  const kept: Edge[] = [];
  // Each end is looked up once: spring-framework's 494,000 edges make these the load's costliest map lookups.
  const sources = new Int32Array(edges.length);
  const targets = new Int32Array(edges.length);
  for (const e of edges) {
    const s = indexOf.get(e.source);
    const t = indexOf.get(e.target);
    if (s === undefined || t === undefined) continue;
    const p = kept.length;
    kept.push(e);
    sources[p] = s;
    targets[p] = t;
    out[s]!.push(p);
    inc[t]!.push(p);
  }
  const edgeSource = sources.slice(0, kept.length);
  const edgeTarget = targets.slice(0, kept.length);
  return { version, entities, edges: kept, externals, indexOf, byFile, byName, byFqn, out, in: inc, edgeSource, edgeTarget };
}

const cache = new Map<string, LoadedGraph>();
const entityCache = new Map<string, LoadedGraph>();
/** The open store each cached graph reads its external references from when first asked (see loadGraph). */
const externalsSource = new WeakMap<LoadedGraph, IndexStore>();

/**
 * The in-memory graph of the index in `indexDir`, reloaded only when the index version changed. Its external
 * references are read when first asked for: only get_dependencies and architecture recovery want them, and a
 * one-shot query spared them loads faster (Django: ~90 ms of a ~0.6 s load, 33,000 rows). They come from the
 * store the graph was last asked for through, which is open then.
 */
export function loadGraph(store: IndexStore, indexDir: string): LoadedGraph {
  const version = store.indexVersion();
  const hit = cache.get(indexDir);
  if (hit && hit.version === version) {
    externalsSource.set(hit, store);
    return hit;
  }
  const entities = store.entities();
  const kept = readEdgeCache(indexDir, version, entities);
  const loaded: LoadedGraph = { ...buildLoadedGraph({ entities, edges: kept ?? store.edges(), externals: [] }, version), indexDir };
  if (kept === null) writeEdgeCache(indexDir, version, entities, loaded.edges, loaded.indexOf);
  let externals: DepGraph['externals'] | undefined;
  Object.defineProperty(loaded, 'externals', {
    enumerable: true,
    get: () => (externals ??= externalsSource.get(loaded)!.externals()),
  });
  externalsSource.set(loaded, store);
  cache.set(indexDir, loaded);
  return loaded;
}

/**
 * The entities of the index in `indexDir` as a graph without edges, for queries that follow none (search_symbol):
 * the full graph when this process holds it at the index's version, else the entities alone, which load in a
 * fraction of the time on a large repository (spring-framework: ~1 s of the full graph's ~4 s).
 */
export function loadEntityGraph(store: IndexStore, indexDir: string): LoadedGraph {
  const version = store.indexVersion();
  const full = cache.get(indexDir);
  if (full && full.version === version) return full;
  const hit = entityCache.get(indexDir);
  if (hit && hit.version === version) return hit;
  const loaded = buildLoadedGraph({ entities: store.entities(), edges: [], externals: [] }, version);
  entityCache.set(indexDir, loaded);
  return loaded;
}
