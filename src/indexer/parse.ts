/** Parsing entry points: one Parser per grammar, cached; safe to use inside a worker thread. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Edit, Language, Parser, type Tree } from 'web-tree-sitter';
import { languageForPath } from './languages/index.js';
import type { LanguageSupport } from './languages/types.js';
import { FileBuilder } from './extract/builder.js';
import { countSyntaxErrors } from './extract/syntax.js';
import type { FileExtract, ProjectLayout } from './types.js';
import { loneCrAsLf } from '../util/line-ends.js';
import type { KeptTrees } from './kept-trees.js';
import { textEdits } from './text-edits.js';

let initialized: Promise<void> | undefined;
const parsers = new Map<string, Promise<Parser>>();

function grammarDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
}

/** The parser for a grammar wasm file name ('tree-sitter-python.wasm'), created once. */
export function parserFor(grammar: string): Promise<Parser> {
  let parser = parsers.get(grammar);
  if (parser === undefined) {
    parser = (async () => {
      initialized ??= Parser.init();
      await initialized;
      const language = await Language.load(join(grammarDir(), grammar));
      const created = new Parser();
      created.setLanguage(language);
      return created;
    })();
    parsers.set(grammar, parser);
  }
  return parser;
}

function supportFor(filePath: string): LanguageSupport {
  const support = languageForPath(filePath);
  if (support === undefined) throw new Error(`codectx: no language support for ${filePath}`);
  return support;
}

async function parseWith(support: LanguageSupport, filePath: string, source: string, old?: Tree): Promise<Tree> {
  const parser = await parserFor(support.grammarFor(filePath));
  const tree = parser.parse(source, old);
  if (tree === null) throw new Error(`codectx: tree-sitter returned no tree for ${filePath}`);
  return tree;
}

/**
 * The tree of `source`, reusing the unchanged parts of `kept` (edited to match) when given. A reused parse that
 * finds syntax errors is done again from scratch: error recovery may take another path without the old tree,
 * and the result must not depend on what was parsed before.
 */
async function parseText(support: LanguageSupport, filePath: string, source: string, kept: { source: string; tree: Tree } | undefined): Promise<Tree> {
  if (kept === undefined) return parseWith(support, filePath, source);
  let tree: Tree;
  try {
    for (const edit of textEdits(kept.source, source)) kept.tree.edit(new Edit(edit));
    tree = await parseWith(support, filePath, source, kept.tree);
  } finally {
    kept.tree.delete();
  }
  if (!tree.rootNode.hasError) return tree;
  tree.delete();
  return parseWith(support, filePath, source);
}

/** The file's tree and the text it was parsed from: the file's, or, when that has syntax errors, its grammar-gap rewrite if that has fewer. */
async function parseBridged(support: LanguageSupport, filePath: string, source: string, reuse: TreeReuse | undefined): Promise<{ tree: Tree; text: string }> {
  const tree = await parseText(support, filePath, source, reuse?.trees.take(reuse.key));
  if (!tree.rootNode.hasError || support.bridgeGrammarGaps === undefined) return { tree, text: source };
  const bridged = support.bridgeGrammarGaps(filePath, source);
  if (bridged === source) return { tree, text: source };
  const other = await parseWith(support, filePath, bridged);
  if (countSyntaxErrors(other.rootNode) < countSyntaxErrors(tree.rootNode)) {
    tree.delete();
    return { tree: other, text: bridged };
  }
  other.delete();
  return { tree, text: source };
}

/** Trees kept from earlier parses, and the key of this file's (its absolute path). */
export interface TreeReuse {
  trees: KeptTrees;
  key: string;
}

/**
 * Entities, imports, references and bindings of one file. Throws only when the path's language is unsupported.
 * A lone '\r' (a classic Mac line end) is read as '\n' throughout, so the file gives what its LF version gives:
 * tree-sitter's rows, signatures, docstrings, token counts; the snippets get_context reads back agree (api/context.ts).
 * With `reuse`, the file's kept tree is reused and its new tree kept if it has no syntax errors; the result is
 * the same either way.
 */
export async function extractFile(filePath: string, text: string, layout: ProjectLayout, reuse?: TreeReuse): Promise<FileExtract> {
  const source = loneCrAsLf(text);
  const support = supportFor(filePath);
  const { tree, text: parsedText } = await parseBridged(support, filePath, source, reuse);
  try {
    const extract = support.extract({ filePath, source, tree, root: tree.rootNode, layout });
    return parsedText !== source && support.restoreBridged !== undefined ? support.restoreBridged(extract) : extract;
  } catch (error) {
    // A bug in one language's extraction must not stop indexing: keep the file as a bare module.
    process.emitWarning(`codectx: extraction failed for ${filePath}: ${String(error)}`);
    return moduleOnly(support, filePath, source, layout, countSyntaxErrors(tree.rootNode));
  } finally {
    if (reuse !== undefined && !tree.rootNode.hasError) reuse.trees.keep(reuse.key, parsedText, tree);
    else tree.delete();
  }
}

function moduleOnly(support: LanguageSupport, filePath: string, source: string, layout: ProjectLayout, syntaxErrors: number): FileExtract {
  const { moduleFqn, package: pkg } = support.moduleInfo(filePath, layout);
  return new FileBuilder({
    filePath,
    language: support.id,
    source,
    moduleFqn,
    moduleName: moduleFqn,
    package: pkg,
    defPrefix: moduleFqn,
    sep: '.',
    moduleDoc: '',
    moduleExported: true,
    keywords: new Set(),
  }).build(syntaxErrors);
}

/** Parses and discards the tree: the raw-parse baseline for benchmarks. */
export async function parseOnly(filePath: string, source: string): Promise<void> {
  const tree = await parseWith(supportFor(filePath), filePath, source);
  tree.delete();
}
