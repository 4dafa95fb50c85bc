/** Re-parsing a changed file with its kept tree gives exactly the tree and extraction of a parse from scratch. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Node, Tree } from 'web-tree-sitter';
import { KeptTrees } from '../../src/indexer/kept-trees.js';
import { languageForPath } from '../../src/indexer/languages/index.js';
import { detectLayout } from '../../src/indexer/layout.js';
import { extractFile, parserFor } from '../../src/indexer/parse.js';

/** Every node, named or not, with its type, span and positions, in document order. */
function shape(root: Node): string[] {
  const out: string[] = [];
  const cursor = root.walk();
  for (;;) {
    const n = cursor.currentNode;
    out.push(`${n.type}${n.isMissing ? '!' : ''} ${n.startIndex}-${n.endIndex} ${n.startPosition.row}:${n.startPosition.column}-${n.endPosition.row}:${n.endPosition.column}`);
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return out;
  }
}

async function freshTree(path: string, source: string): Promise<Tree> {
  const parser = await parserFor(languageForPath(path)!.grammarFor(path));
  return parser.parse(source)!;
}

const VERSIONS: Record<string, string[]> = {
  'pkg/shop.py': [
    'class Cart:\n    """A cart."""\n\n    def add(self, item):\n        self.items.append(item)\n\n    def total(self):\n        return sum(self.items)\n',
    'import os\n\nclass Cart:\n    """A cart."""\n\n    def add(self, item):\n        self.items.append(item)\n\n    def clear(self):\n        self.items = []\n\n    def total(self):\n        return sum(i.price for i in self.items)  # Größe 😀',
    // A syntax error: the reused parse is done again from scratch, and its tree is not kept.
    'import os\n\nclass Cart:\n    def add(self, item:\n        self.items.append(item)\n',
    'import os\n\nclass Cart:\n    def add(self, item):\n        self.items.append(item)\n',
  ],
  'web/view.ts': [
    'export function render(s: string): string {\n  return s;\n}\n\nexport class View {\n  show(): void {}\n}\n',
    'import { x } from "./x";\nexport function render(s: string, n = 1): string {\n  return s.repeat(n);\n}\n\nexport class View extends Base {\n  show(): void { render("é"); }\n  hide(): void {}\n}\n',
  ],
  'web/app.tsx': ['export const App = () => <div>{1}</div>;\n', 'export const App = () => <div>\n  {items.map((i) => <Item key={i} />)}\n</div>;\n'],
  'lib/util.js': ['function a() { return 1; }\nmodule.exports = { a };\n', 'function a() { return 1; }\nfunction b() { return a() + 1; }\nmodule.exports = { a, b };\n'],
  'main.go': [
    'package main\n\nfunc main() {\n\tprintln("x")\n}\n',
    'package main\n\nimport "fmt"\n\ntype T struct{ N int }\n\nfunc (t T) Get() int { return t.N }\n\nfunc main() {\n\tfmt.Println(T{}.Get())\n}\n',
  ],
  'src/main/java/a/App.java': [
    'package a;\n\npublic class App {\n  void run() {}\n}\n',
    'package a;\n\nimport java.util.List;\n\npublic class App {\n  void run() { stop(List.of()); }\n  void stop(List<String> l) {}\n}\n',
  ],
  'src/lib.rs': ['pub fn a() -> i32 { 1 }\n', 'pub struct S;\n\nimpl S {\n    pub fn get(&self) -> i32 { a() }\n}\n\npub fn a() -> i32 { 1 }\n'],
};

test('each version of a file parsed with the tree of the one before has the tree and extraction of a fresh parse', async () => {
  for (const [path, versions] of Object.entries(VERSIONS)) {
    const layout = detectLayout([path], () => null);
    const trees = new KeptTrees(1 << 20);
    const key = '/repo/' + path;
    /** Whether each parse found a tree to reuse: the first take of a parse (keeping a tree takes too). */
    const taken: boolean[] = [];
    let first: boolean | undefined;
    const take = trees.take.bind(trees);
    trees.take = (k: string) => {
      const kept = take(k);
      first ??= kept !== undefined;
      return kept;
    };
    for (const [i, source] of versions.entries()) {
      first = undefined;
      const reused = await extractFile(path, source, layout, { trees, key });
      taken.push(first === true);
      assert.deepEqual(reused, await extractFile(path, source, layout), `${path} version ${i}: extraction`);
      const fresh = await freshTree(path, source);
      const kept = take(key);
      assert.equal(kept !== undefined, !fresh.rootNode.hasError, `${path} version ${i}: a tree is kept unless it has errors`);
      if (kept !== undefined) {
        assert.equal(kept.source, source);
        assert.deepEqual(shape(kept.tree.rootNode), shape(fresh.rootNode), `${path} version ${i}: tree`);
        trees.keep(key, kept.source, kept.tree);
      }
      fresh.delete();
    }
    // Every version after the first found the tree of the one before, except the one after a syntax error.
    assert.deepEqual(
      taken,
      versions.map((_, i) => i > 0 && !(path.endsWith('.py') && i === 3)),
      path,
    );
    trees.setBudget(0);
  }
});

test('kept trees stay within the budget of source size, the least recently kept deleted first', () => {
  const deleted: string[] = [];
  const tree = (name: string): Tree => ({ delete: () => deleted.push(name) }) as unknown as Tree;
  const trees = new KeptTrees(10);
  trees.keep('a', '1234', tree('a'));
  trees.keep('b', '1234', tree('b'));
  assert.equal(trees.count, 2);
  trees.keep('c', '1234', tree('c'));
  assert.deepEqual(deleted, ['a']);
  assert.equal(trees.take('a'), undefined);
  assert.equal(trees.take('b')?.source, '1234');
  trees.keep('b', '12', tree('b2'));
  trees.keep('big', '12345678901', tree('big'));
  assert.deepEqual(deleted, ['a', 'big'], 'a tree over the whole budget is not kept');
  trees.keep('c', '123', tree('c2'));
  assert.deepEqual(deleted, ['a', 'big', 'c'], 'keeping a file again deletes its older tree');
  trees.drop(['b']);
  assert.deepEqual(deleted, ['a', 'big', 'c', 'b2']);
  trees.setBudget(0);
  assert.deepEqual(deleted, ['a', 'big', 'c', 'b2', 'c2']);
  assert.equal(trees.count, 0);
});
