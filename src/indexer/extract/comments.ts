import type { Node } from 'web-tree-sitter';
import { cleanComment } from './text.js';

export interface LeadingCommentRule {
  /** Node types that are comments in this grammar. */
  commentTypes: ReadonlySet<string>;
  /** Whether a comment text counts as documentation (`/**`, `///`, any `//`...). */
  isDoc: (text: string) => boolean;
  /** Sibling node types to step over between the doc and the declaration (attributes, decorators). */
  skipTypes?: ReadonlySet<string>;
}

/**
 * The doc comment directly above `node`: the nearest preceding doc comment (or run of line comments)
 * that ends on the line just above the declaration or on its first line; '' when there is none.
 * Consecutive line comments form one block; a block comment ends the search.
 */
export function leadingDoc(node: Node, rule: LeadingCommentRule): string {
  let row = node.startPosition.row;
  const parts: string[] = [];
  for (let prev = node.previousSibling; prev !== null; prev = prev.previousSibling) {
    if (rule.skipTypes?.has(prev.type)) {
      if (parts.length > 0) break;
      row = prev.startPosition.row;
      continue;
    }
    if (!rule.commentTypes.has(prev.type) || prev.endPosition.row < row - 1) break;
    const text = prev.text.trimEnd();
    if (!rule.isDoc(text)) break;
    const isBlock = text.startsWith('/*');
    if (isBlock && parts.length > 0) break;
    parts.unshift(text);
    row = prev.startPosition.row;
    if (isBlock) break;
  }
  return parts.length === 0 ? '' : cleanComment(parts.join('\n'));
}
