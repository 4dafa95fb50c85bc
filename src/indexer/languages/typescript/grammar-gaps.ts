/**
 * TypeScript the grammar (tree-sitter-typescript 0.23) cannot parse yet, rewritten without moving a byte so the
 * tree's positions still index the original text. One such construct can turn the rest of a file into ERROR nodes:
 * effect's Function.ts (1,385 lines) yields 2 of its 47 definitions without these rewrites.
 */
import { entityId } from '../../extract/ids.js';
import type { FileExtract } from '../../types.js';

/** Variance annotations, `interface Effect<out A, in E>` (upstream issue #370): the keywords become spaces. */
const VARIANCE = /([<,]\s*)((?:const\s+)?)(in\s+out|in|out)(\s+)(?=[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*\s*(?:[,>=]|extends\b))/gu;

/**
 * Generic call signatures of an object type separated by a line break only, `{ <A>(a: A): A ⏎ <B>(b: B): B }`
 * (upstream issue #335), read as type arguments of the previous member's type: a `;` takes the place of the
 * first character of the next line's indentation. Not after what continues an expression or a type (`=`, `=>`, `|`,
 * `?`...), where a generic arrow function may start the next line, and not in TSX, where a JSX tag may.
 */
const NEWLINE_CALL_SIGNATURE = /([^\s;,{([=|&?:])(?<!=>)([ \t]*)(\r?\n)([ \t]+)(?=<[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*(?:\s+extends\b|\s*[,=>]))/gu;

/**
 * `export import fs = require('fs')`, which the grammar cannot read although it reads `export import A = B.C`: the
 * `export` becomes spaces, so the import is kept (its re-export is not).
 */
const EXPORT_IMPORT_REQUIRE = /(?<![\p{ID_Continue}$.])export(?=\s+import\s+[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*\s*=\s*require\s*\()/gu;

/**
 * `export { a, b } ⏎ from './x'`, which the grammar ends at the line break (an import so written it reads): the `}`
 * moves to the end of the white space after it. Every other byte keeps its offset and every line its number.
 */
const EXPORT_LIST_THEN_FROM = /(\bexport\s+(?:type\s+)?\{[^{}]*)\}(\s*\n\s*)(?=from\s*['"])/gu;

/**
 * A member named `abstract` or `accessor` (`interface Node { abstract: boolean }`, `class C { accessor = 1 }`), which
 * the grammar reads as the modifier: it then drops the member and takes its type for a member's name (typescript-eslint's
 * ClassBase.ts and two more of its ast-spec sources parsed with errors). The name is renamed for the parse to one of the same length that
 * no source holds (its first letter a modifier letter), and back in the extract (restoreBridged).
 */
const MEMBER_NAMED_LIKE_MODIFIER =
  /(?<=(?:^|[{;,])[ \t]*(?:(?:public|private|protected|static|readonly|declare|override)[ \t]+)*)(abstract|accessor)(?=[ \t]*[?!]?[ \t]*[:=(<;,}])/gm;
const STAND_IN_LETTER = '\u1d43';
const STAND_INS: readonly (readonly [stand: string, name: string])[] = [
  [`${STAND_IN_LETTER}bstract`, 'abstract'],
  [`${STAND_IN_LETTER}ccessor`, 'accessor'],
];

export function bridgeGrammarGaps(filePath: string, source: string): string {
  let text = source;
  if (!source.includes(STAND_IN_LETTER)) text = text.replace(MEMBER_NAMED_LIKE_MODIFIER, (name: string) => STAND_IN_LETTER + name.slice(1));
  text = text.replace(VARIANCE, (_m, before: string, constant: string, keywords: string, after: string) => before + constant + ' '.repeat(keywords.length) + after);
  text = text.replace(EXPORT_IMPORT_REQUIRE, '      ');
  text = text.replace(EXPORT_LIST_THEN_FROM, (_m, list: string, space: string) => list + space + '}');
  if (!filePath.toLowerCase().endsWith('.tsx')) {
    text = text.replace(NEWLINE_CALL_SIGNATURE, (_m, last: string, space: string, newline: string, indent: string) => last + space + newline + ';' + indent.slice(1));
  }
  return text;
}

/**
 * The extract of a bridged file with the members' own names again: every text of it (names, fqns, signatures) and the
 * ids made from the fqns that held a stand-in.
 */
export function restoreBridged(extract: FileExtract): FileExtract {
  let json = JSON.stringify(extract);
  if (!json.includes(STAND_IN_LETTER)) return extract;
  for (const [stand, name] of STAND_INS) json = json.replaceAll(stand, name);
  const restored = JSON.parse(json) as FileExtract;
  const ids = new Map<string, string>();
  for (const e of restored.entities) {
    const id = entityId(e.filePath, e.fqn, e.kind);
    if (id !== e.id) ids.set(e.id, id);
  }
  if (ids.size === 0) return restored;
  // Ids are 16 hex digits: as quoted JSON strings they cannot be mistaken for anything else.
  for (const [from, to] of ids) json = json.replaceAll(JSON.stringify(from), JSON.stringify(to));
  return JSON.parse(json) as FileExtract;
}
