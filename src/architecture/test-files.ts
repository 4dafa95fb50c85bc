/**
 * Which files are tests, judged by path: inside a test directory (`tests`, `test`, `__tests__`, `spec`,
 * `testing`, `*_tests`) or named like a test (`test_x.py`, `x_test.go`, `x.test.ts`, `XTest.java`).
 */
import { directoryOf } from './file-graph.js';

const TEST_DIRECTORY = /^(?:__tests__|(?:.+[_-])?tests?|testing|specs?)$/i;
const TEST_FILE = /^(?:test_.*|.*_tests?\.[^.]+|.*\.(?:test|spec)\.[^.]+|conftest\.py|.*Tests?\.java)$/;

/** The path of the outermost test directory holding path, or null. */
export function testTree(path: string): string | null {
  const dirs = directoryOf(path).split('/');
  const at = dirs.findIndex((d) => TEST_DIRECTORY.test(d));
  return at < 0 ? null : dirs.slice(0, at + 1).join('/');
}

export function isTestFile(path: string): boolean {
  return testTree(path) !== null || TEST_FILE.test(path.slice(path.lastIndexOf('/') + 1));
}
