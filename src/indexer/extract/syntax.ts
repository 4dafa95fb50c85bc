import type { Node } from 'web-tree-sitter';

/** Number of ERROR and MISSING nodes under `root` (0 without walking when the tree is clean). */
export function countSyntaxErrors(root: Node): number {
  if (!root.hasError) return 0;
  let count = 0;
  const cursor = root.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError || node.isMissing) count++;
      if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return count;
      }
    }
  } finally {
    cursor.delete();
  }
}
