import type { Node } from 'web-tree-sitter';
import { spanOf, type Definition } from './builder.js';
import { leadingDoc, type LeadingCommentRule } from './comments.js';
import { cutSignature } from './text.js';

/** Span, signature (up to `bodyStart`) and leading doc comment of a declaration node. */
export function declaredAt(source: string, node: Node, bodyStart: number, docRule: LeadingCommentRule): Pick<Definition, 'span' | 'signature' | 'docstring'> {
  return { span: spanOf(node), signature: cutSignature(source, node.startIndex, bodyStart), docstring: leadingDoc(node, docRule) };
}
