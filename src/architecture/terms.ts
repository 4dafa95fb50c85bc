/**
 * A small identifier and prose splitter for naming components and for LIMBO's lexical features.
 * Independent of the retrieval analyzer on purpose: architecture runs before retrieval.
 */

const CASE_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;
const NON_ALNUM = /[^\p{L}\p{N}]+/u;

/** English function words plus words every codebase uses, which never characterise a component. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could do does for from has have if in into is it its may ' +
    'might must no not of on or our should so such than that the their them then there these this ' +
    'those to was we were when where which while will with would you your all any each other only ' +
    'also more most some same very just one two new use used uses using get set self cls this ' +
    'init none null nil true false return returns param params arg args kwargs type types value ' +
    'values obj object str int bool string number void data item items val var let const def ' +
    'function func fn class method module test tests name names make given see note todo e g i'
  ).split(' '),
);

/** Lowercased words of an identifier or a piece of prose, split at case and digit boundaries, stop words removed. */
export function splitTerms(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(NON_ALNUM)) {
    if (part === '') continue;
    for (const piece of part.split(CASE_BOUNDARY)) {
      const word = piece.toLowerCase();
      if (word.length < 2 || /^\p{N}+$/u.test(word) || STOP_WORDS.has(word)) continue;
      out.push(word);
    }
  }
  return out;
}
