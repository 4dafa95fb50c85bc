/**
 * Which files of a repository a session looks at: a sub-directory scope, languages, excluded directories and
 * tests. The index always covers the whole repository; a filter narrows the graph a session hands to queries.
 */
import type { DepGraph, LanguageId } from '../graph/types.js';

export interface FileFilter {
  /** Root-relative POSIX directory the session is confined to; '' for the whole repository. */
  scope: string;
  /** Only these languages; empty for all. */
  languages: readonly LanguageId[];
  excludeTests: boolean;
  /** Root-relative POSIX directories left out. */
  excludeDirs: readonly string[];
}

export const NO_FILTER: FileFilter = { scope: '', languages: [], excludeTests: false, excludeDirs: [] };

const TEST_DIRS = new Set(['test', 'tests', '__tests__', 'testing', 'spec', 'specs']);
const TEST_FILE = /(^test_.*\.py$|_test\.(py|go)$|^conftest\.py$|\.(test|spec)\.[cm]?[jt]sx?$|Tests?\.java$|_tests?\.rs$)/;

/** Test code by the usual conventions: a test directory anywhere on the path, or a test file name. */
export function isTestPath(path: string): boolean {
  const parts = path.split('/');
  const name = parts.pop() ?? '';
  return parts.some((p) => TEST_DIRS.has(p)) || TEST_FILE.test(name);
}

function under(path: string, dir: string): boolean {
  return dir === '' || path === dir || path.startsWith(`${dir}/`);
}

export function passesFilter(filter: FileFilter, path: string, language: string): boolean {
  if (!under(path, filter.scope)) return false;
  if (filter.languages.length > 0 && !filter.languages.includes(language as LanguageId)) return false;
  if (filter.excludeTests && isTestPath(path)) return false;
  return !filter.excludeDirs.some((d) => d !== '' && under(path, d));
}

export function isNoFilter(filter: FileFilter): boolean {
  return filter.scope === '' && filter.languages.length === 0 && !filter.excludeTests && filter.excludeDirs.length === 0;
}

/** The part of the graph whose entities live in files the filter keeps; edges and externals follow their ends. */
export function filterGraph(graph: DepGraph, filter: FileFilter): DepGraph {
  if (isNoFilter(filter)) return graph;
  const entities = graph.entities.filter((e) => passesFilter(filter, e.filePath, e.language));
  const kept = new Set(entities.map((e) => e.id));
  return {
    entities,
    edges: graph.edges.filter((e) => kept.has(e.source) && kept.has(e.target)),
    externals: graph.externals.filter((x) => kept.has(x.source)),
  };
}
