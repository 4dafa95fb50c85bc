/** Helpers on partitions of file indices, shared by the clustering algorithms. */
import type { FileGraph } from './file-graph.js';
import { compareStrings } from '../util/compare.js';
import { commonDirectory, directoryOf } from './file-graph.js';

/** A file with no dependency edge to or from another file. */
export function isIsolated(fg: FileGraph, file: number): boolean {
  return fg.out[file].size === 0 && fg.in[file].size === 0;
}

/** Default cluster count for WCA and LIMBO: √(files/2), a common rule of thumb, at least 2. */
export function defaultClusterCount(fileCount: number): number {
  return Math.max(1, Math.min(fileCount, Math.max(2, Math.round(Math.sqrt(fileCount / 2)))));
}

/** Sorts members and clusters (by first member) and drops empty clusters, so output order is canonical. */
export function canonical(clusters: number[][]): number[][] {
  return clusters
    .filter((c) => c.length > 0)
    .map((c) => [...c].sort((a, b) => a - b))
    .sort((a, b) => a[0] - b[0]);
}

/**
 * Structure says nothing about files without dependencies, so a singleton cluster of such a file joins
 * the cluster holding most files under its nearest directory that holds clustered files, looking no
 * higher than the repository's shared root (joining an unrelated top-level part would mislead). Files
 * left over are grouped by directory.
 */
export function adoptIsolatedFiles(fg: FileGraph, clusters: number[][]): number[][] {
  const kept: number[][] = [];
  const loose: number[] = [];
  for (const c of clusters) {
    if (c.length === 1 && isIsolated(fg, c[0])) loose.push(c[0]);
    else kept.push([...c]);
  }
  const root = commonDirectory(fg.files);
  // Files of each cluster under every directory below the root, counted before any adoption.
  const underDirectory = new Map<string, Map<number, number>>();
  kept.forEach((c, ci) => {
    for (const f of c) {
      for (const dir of ancestorsBelow(fg.files[f], root)) {
        let counts = underDirectory.get(dir);
        if (!counts) underDirectory.set(dir, (counts = new Map()));
        counts.set(ci, (counts.get(ci) ?? 0) + 1);
      }
    }
  });
  const leftover = new Map<string, number[]>();
  for (const f of loose) {
    const counts = ancestorsBelow(fg.files[f], root)
      .map((dir) => underDirectory.get(dir))
      .find((c) => c !== undefined);
    if (counts) {
      let best = -1;
      for (const [ci, n] of counts) if (best < 0 || n > counts.get(best)! || (n === counts.get(best)! && ci < best)) best = ci;
      kept[best].push(f);
    } else {
      const dir = directoryOf(fg.files[f]);
      leftover.set(dir, [...(leftover.get(dir) ?? []), f]);
    }
  }
  const dirs = [...leftover.keys()].sort(compareStrings);
  return canonical([...kept, ...dirs.map((d) => leftover.get(d)!)]);
}

/** The directories holding path, innermost first, strictly below root. */
function ancestorsBelow(path: string, root: string): string[] {
  const out: string[] = [];
  for (let dir = directoryOf(path); dir.length > root.length && dir !== ''; dir = directoryOf(dir)) out.push(dir);
  return out;
}
