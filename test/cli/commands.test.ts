import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { COMMANDS, loadCommand } from '../../src/cli/commands.js';
import { PROJECT_ROOT } from '../helpers/tmp.js';

test('each command is listed once, under the name of the command its entry loads', async () => {
  const names = COMMANDS.map(([name]) => name);
  assert.equal(new Set(names).size, names.length);
  for (const [name, load] of COMMANDS) assert.equal((await load()).name, name);
  assert.equal(await loadCommand('no-such-command'), undefined);
});

test('codectx --help lists every command with its summary', () => {
  const out = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'codectx.js'), '--help'], { encoding: 'utf8' });
  assert.equal(out.status, 0);
  const listed = out.stdout.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim().split(/\s+/)[0]);
  assert.deepEqual(listed, COMMANDS.map(([name]) => name));
});
