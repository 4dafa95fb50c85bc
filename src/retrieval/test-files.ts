/** Which files are tests, and whether a task is about tests rather than the code under test. */
import type { TaskQuery } from './lexical.js';

const TEST_DIR = /(?:^|\/)(?:tests?|testing|__tests__|spec|specs)\//;
const TEST_FILE = /(?:^|\/)(?:test_[^/]*|[^/]*_tests?\.[a-z]+|[^/]*\.(?:test|spec)\.[a-z]+|conftest\.py|[^/]*Tests?\.java)$/;
const TEST_WORDS: ReadonlySet<string> = new Set(['test', 'tests', 'testing', 'testcase', 'unittest', 'fixture']);

export function isTestPath(path: string): boolean {
  return TEST_DIR.test(path) || TEST_FILE.test(path);
}

/**
 * The task is about tests when its headline (or a one-line task) says so. Tests mentioned in the body
 * ("a test in tests/x.py reproduces it") do not make it one: the fix is still in the code under test.
 */
export function isTestTask(query: TaskQuery): boolean {
  const words = query.headline.length > 0 ? query.headline : query.terms.map((t) => t.term);
  return words.some((w) => TEST_WORDS.has(w));
}
