import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageId } from '../../graph/types.js';
import type { FileExtract, ProjectLayout } from '../types.js';

/** Everything codectx knows about one language; each lives in `src/indexer/languages/<lang>/`. */
export interface LanguageSupport {
  id: LanguageId;
  /** File extensions with the dot, lowercase: ['.ts', '.tsx', '.mts', '.cts']. */
  extensions: readonly string[];
  /**
   * Whether this language's files are minified in practice (bundles shipped next to the sources): only those are
   * checked for minified content. In other languages long lines are generated code worth indexing.
   */
  minifiable: boolean;
  /** Grammar wasm file (in @vscode/tree-sitter-wasm/wasm) to parse this file with. */
  grammarFor(filePath: string): string;
  /** Module FQN and package of a file. */
  moduleInfo(filePath: string, layout: ProjectLayout): { moduleFqn: string; package: string };
  /**
   * The source with constructs the grammar cannot parse rewritten, every byte offset kept. Tried on a file that
   * parses with syntax errors; its tree replaces the first when it has fewer.
   */
  bridgeGrammarGaps?(filePath: string, source: string): string;
  /** Undoes, in an extract of bridged text, the renames bridgeGrammarGaps made (names the grammar misreads). */
  restoreBridged?(extract: FileExtract): FileExtract;
  /** Extract entities, imports, references and bindings from a parsed file. */
  extract(input: ExtractInput): FileExtract;
}

export interface ExtractInput {
  filePath: string;
  source: string;
  tree: Tree;
  root: Node;
  layout: ProjectLayout;
}
