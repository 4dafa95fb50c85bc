import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { makeTree, removeTree, PROJECT_ROOT } from '../helpers/tmp.js';

const CLI = join(PROJECT_ROOT, 'bin', 'codectx.js');
const run = (args: string[]): { status: number | null; stdout: string; stderr: string } =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

test('synonyms can be added before the first index run and expand the context query', () => {
  const repo = makeTree({
    'billing/charge.py': 'def charge_card(card, cents):\n    """Charge a card."""\n    return card.debit(cents)\n',
    'billing/refund.py': 'def refund(card, cents):\n    return card.credit(cents)\n',
  });
  try {
    const context = (): string[] => {
      const out = run(['context', 'payment is doubled', '--repo', repo, '--json']);
      assert.equal(out.status, 0, out.stderr);
      return (JSON.parse(out.stdout) as { files: { file_path: string }[] }).files.map((f) => f.file_path);
    };
    const added = run(['synonym', 'add', 'payment', 'charge', '--repo', repo]);
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /added 1 synonym for payment/);
    assert.deepEqual(JSON.parse(run(['synonym', 'list', '--repo', repo, '--json']).stdout), [{ term: 'payment', alias: 'charge' }]);
    assert.equal(context()[0], 'billing/charge.py');

    assert.match(run(['synonym', 'remove', 'payment', '--repo', repo]).stdout, /removed 1 synonym/);
    assert.match(run(['synonym', 'list', '--repo', repo]).stdout, /no synonyms/);
    assert.deepEqual(context(), []);

    const bad = run(['synonym', 'add', 'payment', '--repo', repo]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /usage: codectx synonym add TERM ALIAS/);
  } finally {
    removeTree(repo);
  }
});
