/** Which files are tests, and whether a task is about tests rather than the code under test. */
import type { TaskQuery } from './lexical.js';

const TEST_DIR = /(?:^|\/)(?:tests?|testing|__tests__|spec|specs)\//;
const TEST_FILE = /(?:^|\/)(?:test_[^/]*|[^/]*_tests?\.[a-z]+|[^/]*\.(?:test|spec)\.[a-z]+|conftest\.py|[^/]*Tests?\.java)$/;
const TEST_WORDS: ReadonlySet<string> = new Set(['test', 'tests', 'testing', 'testcase', 'unittest', 'fixture']);

export function isTestPath(path: string): boolean {
  return TEST_DIR.test(path) || TEST_FILE.test(path);
}

/**
 * The task names tests among its strongest terms (its headline). A test file mentioned in passing
 * ("a test in tests/x.py reproduces it") does not make it one: the fix is still in the code under test.
 */
export function isTestTask(query: TaskQuery): boolean {
  const strongest = Math.max(0, ...query.terms.map((t) => t.weight));
  return query.terms.some((t) => TEST_WORDS.has(t.term) && t.weight >= strongest / 2 && t.weight > 1);
}
