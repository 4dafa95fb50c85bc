/**
 * Java the grammar (tree-sitter-java 0.23) cannot parse, rewritten without moving a byte so the tree's positions
 * still index the original text: signatures, docstrings and snippets are cut from the original.
 */

/**
 * Type annotations on a varargs parameter's array, `String @Nullable ... names` (JSR 308; every nullable varargs
 * parameter in JSpecify code such as spring-framework's, 58 of its files): the parameter list becomes an ERROR.
 * The annotations, with their arguments, become spaces (line breaks kept), leaving `String ... names`.
 */
const VARARGS_ANNOTATIONS = /(?<=[\p{ID_Continue}$>\]\s])((?:@\s*[\p{ID_Start}_$][\p{ID_Continue}$]*(?:\s*\.\s*[\p{ID_Start}_$][\p{ID_Continue}$]*)*\s*(?:\([^()]*\)\s*)?)+)(?=\.\.\.)/gu;

export function bridgeGrammarGaps(_filePath: string, source: string): string {
  return source.replace(VARARGS_ANNOTATIONS, (annotations: string) => annotations.replace(/[^\r\n]/g, ' '));
}
