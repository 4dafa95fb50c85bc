import type { Node } from 'web-tree-sitter';
import type { FileBuilder } from './builder.js';
import { classNameCandidates } from './paths.js';

/**
 * Records a 'value' reference for each CamelCase identifier that plays no other role: not already
 * claimed (definition names, callees, types) and not under one of `skipParents` (declarations,
 * imports, call nodes whose only identifier child is the callee). `receiverOf` names the object
 * when the identifier is a member (`models.Model`); returning null drops the candidate.
 */
export function addValueRefs(
  root: Node,
  source: string,
  b: FileBuilder,
  claimed: ReadonlySet<number>,
  identifierTypes: ReadonlySet<string>,
  skipParents: ReadonlySet<string>,
  receiverOf: (node: Node, parent: Node, parentType: string) => string | null = () => '',
): void {
  for (const pos of classNameCandidates(source)) {
    if (claimed.has(pos)) continue;
    const node = root.descendantForIndex(pos);
    if (node === null || node.startIndex !== pos || !identifierTypes.has(node.type)) continue;
    const parent = node.parent;
    if (parent === null) continue;
    const parentType = parent.type;
    if (skipParents.has(parentType)) continue;
    const receiver = receiverOf(node, parent, parentType);
    if (receiver !== null) b.ref(pos, node.startPosition.row + 1, 'value', receiver, node.text);
  }
}
