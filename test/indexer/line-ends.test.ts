/** Classic Mac line ends (a '\r' with no '\n' after it): such a file is read as its LF version, by extraction and snippets alike. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { repoSourceReader } from '../../src/api/context.js';
import { openRepo } from '../../src/api/repo.js';
import { classifyContent } from '../../src/indexer/content.js';
import { SnippetRenderer } from '../../src/retrieval/snippets.js';
import { loneCrAsLf } from '../../src/util/line-ends.js';
import { extractSource } from '../extract/helpers.js';
import { makeTree, removeTree } from '../helpers/tmp.js';

const PYTHON = [
  'import os',
  '',
  'class Store:',
  '    """Keeps rows.',
  '',
  '    Indented detail.',
  '    """',
  '    def get(self, key):',
  '        return os.path.join(key)',
  '',
  '# helper',
  'def load():',
  '    Store().get(1)',
  '',
].join('\n');

const TYPESCRIPT = [
  "import { join } from 'node:path';",
  '/** Keeps rows.',
  ' * Detail. */',
  'export class Store {',
  '  get(key: string): string {',
  '    return join(key);',
  '  }',
  '}',
  '',
  'export function load(): void {',
  '  new Store().get("k");',
  '}',
  '',
].join('\n');

const cr = (text: string): string => text.replace(/\n/g, '\r');

test('a file with lone-CR line ends gives what its LF version gives: entities, lines, docstrings, references, token counts', async () => {
  for (const [path, text] of [['store.py', PYTHON], ['src/store.ts', TYPESCRIPT]] as const) {
    const lf = await extractSource(path, text);
    assert.ok(lf.entities.some((e) => e.startLine > 1), path);
    assert.deepEqual(await extractSource(path, cr(text)), lf, path);
    // Line ends mixed in one file (LF, lone CR, CRLF) still number the same lines.
    let n = 0;
    const mixed = text.replace(/\n/g, () => ['\n', '\r', '\r\n'][n++ % 3]!);
    const lines = (await extractSource(path, mixed)).entities.map((e) => `${e.fqn} ${e.startLine}-${e.endLine}`);
    assert.deepEqual(lines, lf.entities.map((e) => `${e.fqn} ${e.startLine}-${e.endLine}`), path);
  }
});

test('only lone CRs change: CRLF and LF text is read as it is', () => {
  const crlf = PYTHON.replace(/\n/g, '\r\n');
  assert.equal(loneCrAsLf(crlf), crlf);
  assert.equal(loneCrAsLf(PYTHON), PYTHON);
  assert.equal(loneCrAsLf('a\rb\r\nc\n\rd\r'), 'a\nb\r\nc\n\nd\n');
});

test('a file of lone-CR lines is not taken for minified code', () => {
  const long = cr('export function f(x: number): number {\n  return x + 1;\n}\n'.repeat(70));
  assert.ok(long.length > 2000);
  assert.deepEqual(classifyContent(new TextEncoder().encode(long), { maxBytes: 100_000, minifiable: true }), { ok: true, text: long });
});

test('the snippet of an entity in a lone-CR file is its code', async () => {
  const repo = makeTree({ 'store.py': cr(PYTHON), 'src/store.ts': cr(TYPESCRIPT) });
  const handle = await openRepo({ repo, update: true });
  try {
    const graph = handle.graph();
    const renderer = new SnippetRenderer(graph, repoSourceReader(handle.repo, handle.store));
    for (const [fqn, text] of [['store.Store.get', PYTHON], ['src/store:Store', TYPESCRIPT], ['src/store:load', TYPESCRIPT]] as const) {
      const node = graph.byFqn.get(fqn)?.[0];
      assert.ok(node !== undefined, fqn);
      const entity = graph.entities[node];
      const snippet = renderer.render(node, 'full');
      assert.equal(snippet.freshness, 'indexed');
      assert.equal(snippet.body, text.split('\n').slice(entity!.startLine - 1, entity!.endLine).join('\n'));
    }
    assert.equal(renderer.render(graph.byFqn.get('store.Store.get')![0]!, 'full').body, '    def get(self, key):\n        return os.path.join(key)');
  } finally {
    handle.close();
    removeTree(repo);
  }
});
