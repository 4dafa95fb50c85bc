/**
 * Package clustering: files grouped by the first `depth` segments of their package (Python and Java
 * dotted names, otherwise directory paths).
 *
 * Automatic depth: the shallowest depth giving at least 5 groups (a single group, as a shared root
 * package gives, says nothing); when no depth reaches 5, the depth with the most groups.
 */
import type { FileGraph } from './file-graph.js';

const USEFUL_GROUPS = 5;

function segments(pkg: string): string[] {
  return pkg === '' ? [] : pkg.split(/[./]/);
}

function group(fg: FileGraph, depth: number): number[][] {
  const groups = new Map<string, number[]>();
  fg.packages.forEach((pkg, f) => {
    const key = segments(pkg).slice(0, depth).join('/');
    groups.set(key, [...(groups.get(key) ?? []), f]);
  });
  return [...groups.values()];
}

export function chooseDepth(fg: FileGraph): number {
  const deepest = Math.max(1, ...fg.packages.map((p) => segments(p).length));
  let best = 1;
  let bestCount = 0;
  for (let depth = 1; depth <= deepest; depth++) {
    const count = group(fg, depth).length;
    if (count >= USEFUL_GROUPS) return depth;
    if (count > bestCount) [best, bestCount] = [depth, count];
  }
  return best;
}

export function pkgPartition(fg: FileGraph, depth: number): number[][] {
  return group(fg, depth);
}
