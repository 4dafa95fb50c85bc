import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexRepository } from '../../src/graph/indexing.js';
import { makeTree, removeTree } from '../helpers/tmp.js';
import { snapshotIndex } from '../helpers/graph-snapshot.js';

test('a method call on a parameter annotated with a class resolves exactly to that class method (Python, TypeScript)', async () => {
  const repo = makeTree({
    'docs/__init__.py': '',
    'docs/model.py': 'class Document:\n    def save(self):\n        return 1\n\nclass Draft:\n    def save(self):\n        return 2\n',
    'docs/service.py': 'from docs.model import Document\n\ndef publish(doc: Document, retries: int = 3):\n    return doc.save()\n',
    'web/model.ts': 'export class Page {\n  render(): string {\n    return "";\n  }\n}\nexport class Widget {\n  render(): string {\n    return "w";\n  }\n}\n',
    'web/view.ts': 'import { Page } from "./model";\nexport const show = (page: Page, title?: string): string => page.render();\n',
  });
  const indexDir = mkdtempSync(join(tmpdir(), 'codectx-typed-'));
  try {
    await indexRepository({ repo, indexDir, workers: 1 });
    const calls = snapshotIndex(indexDir).edges.filter((e) => e.includes(' calls '));
    assert.ok(calls.some((e) => e.startsWith('docs.service.publish calls docs.model.Document.save exact')), calls.join('\n'));
    assert.ok(calls.some((e) => e.startsWith('web/view:show calls web/model:Page.render exact')), calls.join('\n'));
    assert.ok(!calls.some((e) => e.includes('Draft.save') || e.includes('Widget.render')), 'the other same-named methods are not guessed');
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
  }
});
