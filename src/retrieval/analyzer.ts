/**
 * Identifier-aware analysis shared by the index (code fields) and queries (task text), so both sides
 * produce the same tokens: the whole identifier lowercased, then its stemmed sub-tokens.
 */

/** Function words that carry no meaning in either code or prose. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'again', 'against', 'all', 'also', 'am', 'an', 'and', 'any', 'are',
  'as', 'at', 'be', 'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by',
  'can', 'could', 'did', 'do', 'does', 'doing', 'down', 'during', 'each', 'either', 'etc', 'even',
  'ever', 'every', 'few', 'for', 'further', 'had', 'has', 'have', 'having', 'he', 'her', 'here',
  'hers', 'him', 'his', 'how', 'however', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'itself',
  'just', 'me', 'might', 'more', 'most', 'much', 'must', 'my', 'neither', 'no', 'nor', 'not', 'of',
  'off', 'often', 'on', 'once', 'only', 'or', 'other', 'our', 'ours', 'out', 'over', 'own', 'same',
  'she', 'should', 'since', 'so', 'some', 'such', 'than', 'that', 'the', 'their', 'theirs', 'them',
  'then', 'there', 'these', 'they', 'this', 'those', 'though', 'through', 'thus', 'to', 'too',
  'under', 'until', 'up', 'upon', 'us', 'very', 'was', 'we', 'were', 'what', 'when', 'where',
  'whether', 'which', 'while', 'who', 'whom', 'whose', 'why', 'will', 'with', 'within', 'without',
  'would', 'yet', 'you', 'your', 'yours',
]);

/**
 * Words that are noise in an issue or task description but real names in code (`add`, `get`, `use`,
 * `support`, `error`...). They are dropped only from plain prose words; the same word inside an
 * identifier-shaped token of the task (`add()`, `use_cache`) or in a code field is kept.
 */
export const TASK_NOISE_WORDS: ReadonlySet<string> = new Set([
  'add', 'allow', 'already', 'always', 'another', 'appear', 'appears', 'attempt', 'behavior',
  'behaviour', 'believe', 'bug', 'case', 'cause', 'causes', 'change', 'changed', 'changes', 'correct',
  'correctly', 'currently', 'describe', 'description', 'doesn', 'don', 'easy', 'either', 'enable',
  'ensure', 'example', 'expect', 'expected', 'fail', 'fails', 'failed', 'failing', 'fine', 'fix',
  'fixed', 'fixes', 'following', 'get', 'gets', 'getting', 'give', 'gives', 'going', 'good', 'got',
  'happen', 'happens', 'hi', 'idea', 'implement', 'instead', 'issue', 'issues', 'know', 'like',
  'look', 'looks', 'make', 'makes', 'making', 'many', 'may', 'maybe', 'need', 'needs', 'new',
  'now', 'one', 'please', 'possible', 'probably', 'problem', 'properly', 'really', 'reproduce',
  'result', 'results', 'right', 'run', 'running', 'said', 'say', 'see', 'seem', 'seems', 'something',
  'still', 'sure', 'support', 'supported', 'supports', 'take', 'thank', 'thanks', 'thing', 'think',
  'try', 'trying', 'tried', 'two', 'unexpected', 'use', 'used', 'uses', 'using', 'want', 'way',
  'well', 'wish', 'work', 'working', 'works', 'wrong', 'yes',
]);

/** Declaration keywords and receivers that appear in nearly every signature of their language. */
export const CODE_NOISE_WORDS: ReadonlySet<string> = new Set([
  'async', 'await', 'cls', 'const', 'def', 'export', 'fn', 'func', 'function', 'let', 'pub',
  'public', 'private', 'protected', 'return', 'self', 'static', 'this', 'var', 'void',
]);

// Case and digit boundaries inside one alphanumeric run (algorithms.md §2 step 3), except that a
// plural acronym stays whole: `URLs` -> urls, not ur|ls (the s is not the start of a word).
const SUB_TOKEN_BOUNDARY =
  /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})(?!\p{Lu}s(?!\p{Ll}))|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;
const ALNUM_RUN = /[\p{L}\p{N}]+/gu;
const IDENTIFIER = /[\p{L}\p{N}_$]+/gu;
const DIGITS_ONLY = /^\p{N}+$/u;

/** Harman's S-stemmer plus the local `sses -> ss` rule; the first matching rule applies. */
export function sStem(word: string): string {
  const n = word.length;
  if (n < 3 || !word.endsWith('s')) return word;
  if (word.endsWith('ies')) return word.endsWith('eies') || word.endsWith('aies') ? word : `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('es')) {
    return word.endsWith('aes') || word.endsWith('ees') || word.endsWith('oes') ? word : word.slice(0, -1);
  }
  if (word.endsWith('us') || word.endsWith('ss')) return word;
  return word.slice(0, -1);
}

/** Lowercased sub-tokens of one identifier, unstemmed: `HTTPServerError` -> http, server, error. */
export function splitIdentifier(identifier: string): string[] {
  const out: string[] = [];
  for (const run of identifier.match(ALNUM_RUN) ?? []) {
    for (const part of run.split(SUB_TOKEN_BOUNDARY)) out.push(part.toLowerCase());
  }
  return out;
}

function keepsSubToken(token: string, stop: ReadonlySet<string>): boolean {
  // A lone letter inside a name (`getX` -> x) matches almost everything; digits stay (`utf8`, `base64`).
  if (token.length < 2 && !DIGITS_ONLY.test(token)) return false;
  return !stop.has(token) && !ENGLISH_STOP_WORDS.has(token);
}

/**
 * Tokens of one identifier: the whole identifier lowercased, then each stemmed sub-token. Sub-tokens
 * never keep English stop words (`is_valid` -> valid). A whole prose word that is a stop word is
 * dropped, but a whole code name is kept: `all`, `where`, `only`, `then` are real API names. A one-part
 * identifier whose stem equals itself is emitted once, not twice.
 */
function analyzeIdentifier(identifier: string, stop: ReadonlySet<string>, isCode: boolean, out: string[]): void {
  // A one-character name (`x`, `i`, the `3` of "Python 3") matches too much to be evidence.
  if (identifier.length < 2) return;
  const whole = identifier.toLowerCase();
  const parts = splitIdentifier(identifier);
  if (parts.length === 0) return;
  const wholeKept = !stop.has(whole) && (isCode || !ENGLISH_STOP_WORDS.has(whole));
  if (wholeKept) out.push(whole);
  for (const part of parts) {
    if (!keepsSubToken(part, stop)) continue;
    const stem = DIGITS_ONLY.test(part) ? part : sStem(part);
    if (parts.length === 1 && wholeKept && stem === whole) continue;
    out.push(stem);
  }
}

/**
 * Tokens of a code field (name, fqn, path, signature, identifier terms); keeps duplicates for term
 * frequency. Prose fields (docstrings, comments) read better through analyzeText.
 */
export function analyzeCode(text: string): string[] {
  const out: string[] = [];
  for (const identifier of text.match(IDENTIFIER) ?? []) analyzeIdentifier(identifier, CODE_NOISE_WORDS, true, out);
  return out;
}

const TEXT_CHUNK = /[^\s"'`,;()[\]{}<>]+/g;
const CODE_SHAPED = /[_$]|\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}|[\p{L}_$][.:/][\p{L}_$]|\p{L}\p{N}|^--?\p{L}/u;
const CLI_OPTION = /^--?(\p{L}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)+)$/u;

/**
 * Tokens of free text: a task description, or a docstring. Code-shaped chunks (`QuerySet.filter`, `_repr_html_`, `utf8`, `add(`,
 * `--force-reinstall`) are analyzed like code; plain prose words also drop TASK_NOISE_WORDS.
 * A hyphenated CLI option also yields its snake_case spelling, which is how code usually names it.
 */
export function analyzeText(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(TEXT_CHUNK)) {
    const chunk = match[0];
    const codeShaped = CODE_SHAPED.test(chunk) || text[match.index + chunk.length] === '(';
    const option = CLI_OPTION.exec(chunk);
    if (option) out.push(option[1]!.toLowerCase().replaceAll('-', '_'));
    for (const identifier of chunk.match(IDENTIFIER) ?? []) {
      analyzeIdentifier(identifier, codeShaped ? CODE_NOISE_WORDS : TASK_NOISE_WORDS, codeShaped, out);
    }
  }
  return out;
}
