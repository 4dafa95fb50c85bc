import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openRepo, type RepoHandle } from '../../src/api/repo.js';
import { indexSymbolSearch, symbolSearch, taskContext } from '../../src/api/retrieval.js';
import { loadEntityGraph } from '../../src/graph/memory.js';
import { copyFixture, removeTree } from '../helpers/tmp.js';

let root: string;
let handle: RepoHandle;

before(async () => {
  root = copyFixture('ranking-invoices');
  handle = await openRepo({ repo: root, update: true });
});

after(() => {
  handle.close();
  removeTree(root);
});

const top = (task: string, n = 1): string[] => taskContext(handle, task, { maxFiles: 5 }).files.slice(0, n).map((f) => f.file_path);

test('an issue in prose finds the module whose words it uses', () => {
  assert.deepEqual(top('Business customers from other EU countries are charged VAT although the reverse charge applies'), ['invoicing/taxes.py']);
  assert.deepEqual(top('Long invoices: the last page is missing lines when there are more than 50 items per page'), ['invoicing/pdf.py']);
});

test('a traceback points at the frame inside the repository', () => {
  const task = [
    'Crash when a JSON row has no unit price',
    'Traceback (most recent call last):',
    '  File "/home/me/bin/render", line 8, in <module>',
    '  File "/home/me/src/invoicing/cli.py", line 16, in load_invoice',
    "KeyError: 'unit_price'",
  ].join('\n');
  assert.deepEqual(top(task), ['invoicing/cli.py']);
});

test('invoice numbers: an identifier mention wins over common words', () => {
  assert.deepEqual(top('InvoiceNumberer restarts at 1 in January but should keep counting', 1), ['invoicing/numbering.py']);
});

test('the code under test ranks above its test file, which still appears', () => {
  const files = top('tax_for rounds the VAT for Dutch customers wrongly', 5);
  assert.equal(files[0], 'invoicing/taxes.py');
  assert.ok(files.includes('tests/test_taxes.py'));
});

test('searching the whole index loads its entities without edges, and finds what a search of the full graph finds', async () => {
  // An index of its own: this process has not loaded its full graph yet.
  const copy = copyFixture('ranking-invoices');
  const fresh = await openRepo({ repo: copy, update: true });
  try {
    const alone = loadEntityGraph(fresh.store, fresh.indexDir);
    assert.equal(alone.edges.length, 0);
    assert.ok(alone.entities.length > 10);
    const queries = ['InvoiceNumberer', 'tax', 'PdfRenderer.render', 'load_invoice', 'InvoiceNumbrer'];
    const lean = queries.map((q) => indexSymbolSearch(fresh, q));
    const full = queries.map((q) => symbolSearch(fresh, q));
    assert.deepEqual(lean, full);
    assert.ok(full.every((matches) => matches.length > 0));
    // Once the full graph is loaded, it serves the search too.
    assert.equal(loadEntityGraph(fresh.store, fresh.indexDir), fresh.graph());
  } finally {
    fresh.close();
    removeTree(copy);
  }
});
