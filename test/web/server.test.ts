import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openRepo } from '../../src/api/repo.js';
import { startWebServer } from '../../src/web/server.js';
import { makeTree, removeTree } from '../helpers/tmp.js';

test('the web page serves the page, task context, symbol search and clear errors', async () => {
  const repo = makeTree({
    'billing/__init__.py': '',
    'billing/invoice.py': 'class Invoice:\n    """An invoice with line items and a total."""\n    def total(self):\n        return 0\n',
    'billing/refund.py': 'from billing.invoice import Invoice\n\ndef refund_invoice(invoice: Invoice):\n    return invoice.total()\n',
  });
  const handle = await openRepo({ repo, update: true });
  const { server, url } = await startWebServer(handle, 0);
  try {
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>codectx<\/title>/);
    const stats = (await (await fetch(`${url}api/stats`)).json()) as { files: number; entities: number };
    assert.equal(stats.files, 3);
    const ctx = (await (await fetch(`${url}api/context?task=${encodeURIComponent('refund an invoice twice')}`)).json()) as { files: { file_path: string }[] };
    assert.equal(ctx.files[0]?.file_path, 'billing/refund.py');
    const found = (await (await fetch(`${url}api/search?q=Invoice`)).json()) as { fqn: string }[];
    assert.equal(found[0]?.fqn, 'billing.invoice.Invoice');
    const empty = await fetch(`${url}api/context?task=`);
    assert.equal(empty.status, 400);
    assert.match(((await empty.json()) as { error: string }).error, /task is empty/);
    assert.equal((await fetch(`${url}nope`)).status, 404);
  } finally {
    server.close();
    handle.close();
    removeTree(repo);
  }
});
