/**
 * Package clustering: files grouped by the first `depth` segments of their package (Python and Java
 * dotted names, otherwise directory paths). A test tree (the files under a directory named like
 * `tests`, `test`, `__tests__`, `spec`, `js_tests`) does not follow the depth: its packages are often
 * import roots of their own, and one component per small test app says nothing about the architecture.
 * A suite in it (a first-level directory) holding at least max(10, 1%) of the files is a group of its
 * own; the rest of the tree is one group.
 *
 * Automatic depth: the shallowest depth giving at least 5 groups at which no group holds more than
 * half of the code outside test trees while a deeper level would split it; when no depth qualifies,
 * the shallowest depth with the most groups.
 */
import type { FileGraph } from './file-graph.js';
import { testTree } from './test-files.js';

const USEFUL_GROUPS = 5;
const DOMINANT_SHARE = 0.5;
const SUITE_SHARE = 0.01;
const MIN_SUITE_FILES = 10;
function segments(pkg: string): string[] {
  return pkg === '' ? [] : pkg.split(/[./]/);
}

interface Grouping {
  groups: number[][];
  /** Non-test groups that a deeper level would split. */
  splittable: boolean[];
}

/** Each test file's group: its suite (first directory inside the test tree) when large, else the tree. */
function testGroups(fg: FileGraph): Map<number, string> {
  const suiteOf = new Map<number, string>();
  const suiteSize = new Map<string, number>();
  fg.files.forEach((path, f) => {
    const tree = testTree(path);
    if (tree === null) return;
    const inside = path.slice(tree.length + 1).split('/');
    const suite = inside.length > 1 ? `${tree}/${inside[0]}` : tree;
    suiteOf.set(f, suite);
    suiteSize.set(suite, (suiteSize.get(suite) ?? 0) + 1);
  });
  const large = Math.max(MIN_SUITE_FILES, SUITE_SHARE * fg.files.length);
  for (const [f, suite] of suiteOf) if (suiteSize.get(suite)! < large) suiteOf.set(f, testTree(fg.files[f])!);
  return suiteOf;
}

function group(fg: FileGraph, depth: number): Grouping {
  const byKey = new Map<string, { files: number[]; splittable: boolean }>();
  const tests = testGroups(fg);
  fg.packages.forEach((pkg, f) => {
    const tree = tests.get(f) ?? null;
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
