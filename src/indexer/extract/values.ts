import type { Node } from 'web-tree-sitter';
import type { FileBuilder } from './builder.js';
import { classNameCandidates } from './paths.js';

/**
 * Records a 'value' reference for each CamelCase identifier that plays no other role: not already
 * claimed (definition names, callees, types), not under a declaring parent, not the callee of a call.
 */
export function addValueRefs(
  root: Node,
  source: string,
  b: FileBuilder,
  claimed: ReadonlySet<number>,
  identifierTypes: ReadonlySet<string>,
  skipParents: ReadonlySet<string>,
): void {
  for (const pos of classNameCandidates(source)) {
    if (claimed.has(pos)) continue;
    const node = root.descendantForIndex(pos);
    if (node === null || node.startIndex !== pos || !identifierTypes.has(node.type)) continue;
    const parent = node.parent;
    if (parent === null || skipParents.has(parent.type)) continue;
    b.ref(pos, node.startPosition.row + 1, 'value', '', node.text);
  }
}
