/**
 * TypeScript the grammar (tree-sitter-typescript 0.23) cannot parse yet, rewritten without moving a byte so the
 * tree's positions still index the original text. One such construct can turn the rest of a file into ERROR nodes:
 * effect's Function.ts (1,385 lines) yields 2 of its 47 definitions without these rewrites.
 */

/** Variance annotations, `interface Effect<out A, in E>` (upstream issue #370): the keywords become spaces. */
const VARIANCE = /([<,]\s*)((?:const\s+)?)(in\s+out|in|out)(\s+)(?=[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*\s*(?:[,>=]|extends\b))/gu;

/**
 * Generic call signatures of an object type separated by a line break only, `{ <A>(a: A): A ⏎ <B>(b: B): B }`
 * (upstream issue #335), read as type arguments of the previous member's type: a `;` takes the place of the
 * first character of the next line's indentation. Not after what continues an expression or a type (`=`, `=>`, `|`,
 * `?`...), where a generic arrow function may start the next line, and not in TSX, where a JSX tag may.
 */
const NEWLINE_CALL_SIGNATURE = /([^\s;,{([=|&?:])(?<!=>)([ \t]*)(\r?\n)([ \t]+)(?=<[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*(?:\s+extends\b|\s*[,=>]))/gu;

export function bridgeGrammarGaps(filePath: string, source: string): string {
  let text = source.replace(VARIANCE, (_m, before: string, constant: string, keywords: string, after: string) => before + constant + ' '.repeat(keywords.length) + after);
  if (!filePath.toLowerCase().endsWith('.tsx')) {
    text = text.replace(NEWLINE_CALL_SIGNATURE, (_m, last: string, space: string, newline: string, indent: string) => last + space + newline + ';' + indent.slice(1));
  }
  return text;
}
