/** Architecture recovery: cluster the files of a DepGraph, then name and connect the clusters. */
import type { DepGraph } from '../graph/types.js';
import { acdcPartition } from './acdc.js';
import { buildTermCorpus } from './corpus.js';
import type { FileGraph } from './file-graph.js';
import { compareStrings } from '../util/compare.js';
import { buildFileGraph, isDependencyEdge } from './file-graph.js';
import { limboPartition } from './limbo.js';
import { louvainPartition } from './louvain.js';
import { describeClusters } from './naming.js';
import { adoptIsolatedFiles, canonical, defaultClusterCount } from './partition.js';
import { chooseDepth, pkgPartition } from './pkg.js';
import type { Architecture, Component, RecoverOptions } from './types.js';
import { wcaPartition } from './wca.js';

export function recover(graph: DepGraph, options: RecoverOptions): Architecture {
  if (options.pkgDepth !== undefined && !(Number.isInteger(options.pkgDepth) && options.pkgDepth >= 1)) {
    throw new RangeError(`pkgDepth must be a positive integer, got ${options.pkgDepth}`);
  }
  if (options.numClusters !== undefined && !(Number.isInteger(options.numClusters) && options.numClusters >= 1)) {
    throw new RangeError(`numClusters must be a positive integer, got ${options.numClusters}`);
  }
  if (options.similarity !== undefined && options.similarity !== 'uem' && options.similarity !== 'uenm') {
    throw new RangeError(`similarity must be 'uem' or 'uenm', got ${String(options.similarity)}`);
  }
  const fg = buildFileGraph(graph);
  const corpus = buildTermCorpus(graph, fg);
  const params: Record<string, string | number> = {};
  let clusters: number[][];
  switch (options.algorithm) {
    case 'pkg': {
      const depth = options.pkgDepth ?? chooseDepth(fg);
      params.pkgDepth = depth;
      clusters = pkgPartition(fg, depth);
      break;
    }
    case 'acdc':
      clusters = adoptIsolatedFiles(fg, acdcPartition(fg));
      break;
    case 'wca': {
      const k = options.numClusters ?? defaultClusterCount(fg.files.length);
      const similarity = options.similarity ?? 'uem';
      Object.assign(params, { numClusters: k, similarity });
      clusters = adoptIsolatedFiles(fg, wcaPartition(graph, fg, k, similarity));
      break;
    }
    case 'limbo': {
      const k = options.numClusters ?? defaultClusterCount(fg.files.length);
      params.numClusters = k;
      clusters = adoptIsolatedFiles(fg, limboPartition(fg, corpus, k));
      break;
    }
    case 'louvain':
      clusters = adoptIsolatedFiles(fg, louvainPartition(fg));
      break;
    default:
      throw new RangeError(`unknown algorithm ${String(options.algorithm)}`);
  }
  // Files holding only module-level code have no entity to report; they would make empty components.
  const kept = canonical(clusters).filter((c) => c.some((f) => fg.entities[f].length > 0));
  const descriptions = describeClusters(kept, fg, corpus);
  const dependsOn = componentDependencies(graph, fg, kept);
  const components: Component[] = kept.map((files, i) => ({
    name: descriptions[i].name,
    responsibility: descriptions[i].responsibility,
    entities: files.flatMap((f) => fg.entities[f].map((e) => e.fqn)).sort(compareStrings),
    files: files.map((f) => fg.files[f]).sort(compareStrings),
    depends_on: [...dependsOn[i]].map((j) => descriptions[j].name).sort(compareStrings),
  }));
  components.sort((a, b) => compareStrings(a.name, b.name));
  return { algorithm: options.algorithm, params, components };
}

function componentDependencies(graph: DepGraph, fg: FileGraph, clusters: number[][]): Set<number>[] {
  const clusterOfFile = new Map<number, number>();
  clusters.forEach((c, i) => c.forEach((f) => clusterOfFile.set(f, i)));
  const clusterOfEntity = new Map<string, number>();
  for (const e of graph.entities) {
    const c = clusterOfFile.get(fg.indexOf.get(e.filePath)!);
    if (c !== undefined) clusterOfEntity.set(e.id, c);
  }
  const deps = clusters.map(() => new Set<number>());
  for (const edge of graph.edges) {
    if (!isDependencyEdge(edge.kind)) continue;
    const s = clusterOfEntity.get(edge.source);
    const t = clusterOfEntity.get(edge.target);
    if (s !== undefined && t !== undefined && s !== t) deps[s].add(t);
  }
  return deps;
}
