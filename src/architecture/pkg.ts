/**
 * Package clustering: files grouped by the first `depth` segments of their package (Python and Java
 * dotted names, otherwise directory paths). A test tree (the files under a directory named like
 * `tests`, `test`, `__tests__`, `spec`, `js_tests`) is one group whatever the depth: its packages are
 * often import roots of their own, and one component per test app says nothing about the architecture.
 *
 * Automatic depth: the shallowest depth giving at least 5 groups at which no group holds more than
 * half of the code outside test trees while a deeper level would split it; when no depth qualifies,
 * the shallowest depth with the most groups.
 */
import type { FileGraph } from './file-graph.js';
import { testTree } from './test-files.js';

const USEFUL_GROUPS = 5;
const DOMINANT_SHARE = 0.5;
function segments(pkg: string): string[] {
  return pkg === '' ? [] : pkg.split(/[./]/);
}

interface Grouping {
  groups: number[][];
  /** Non-test groups that a deeper level would split. */
  splittable: boolean[];
}

function group(fg: FileGraph, depth: number): Grouping {
  const byKey = new Map<string, { files: number[]; splittable: boolean }>();
  fg.packages.forEach((pkg, f) => {
    const tree = testTree(fg.files[f]);
    const parts = segments(pkg);
    const key = tree !== null ? `test:${tree}` : `pkg:${parts.slice(0, depth).join('/')}`;
    let g = byKey.get(key);
    if (!g) byKey.set(key, (g = { files: [], splittable: false }));
    g.files.push(f);
    if (tree === null && parts.length > depth) g.splittable = true;
  });
  const values = [...byKey.values()];
  return { groups: values.map((g) => g.files), splittable: values.map((g) => g.splittable) };
}

function dominatedBySplittableGroup(g: Grouping, codeFiles: number): boolean {
  return g.groups.some((files, i) => g.splittable[i] && files.length > DOMINANT_SHARE * codeFiles);
}

export function chooseDepth(fg: FileGraph): number {
  const deepest = Math.max(1, ...fg.packages.map((p) => segments(p).length));
  const codeFiles = fg.files.filter((f) => testTree(f) === null).length;
  let best = 1;
  let bestCount = 0;
  for (let depth = 1; depth <= deepest; depth++) {
    const g = group(fg, depth);
    const count = g.groups.length;
    if (count >= USEFUL_GROUPS && !dominatedBySplittableGroup(g, codeFiles)) return depth;
    if (count > bestCount) [best, bestCount] = [depth, count];
  }
  return best;
}

export function pkgPartition(fg: FileGraph, depth: number): number[][] {
  return group(fg, depth).groups;
}
