import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_BYTES } from '../../src/api/indexing.js';
import { makeTree, removeTree, PROJECT_ROOT } from '../helpers/tmp.js';

const CLI = join(PROJECT_ROOT, 'bin', 'codectx.js');

/** Runs the CLI in an empty folder, so a command that ignored its arguments would index nothing of note. */
function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const cwd = makeTree({});
  try {
    return spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 30_000 });
  } finally {
    removeTree(cwd);
  }
}

/** A user error: exit code 2 and exactly one line on stderr, which is returned. */
function refused(args: string[]): string {
  const r = run(args);
  assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
  assert.match(r.stderr, /^codectx: [^\n]+\n$/, `one line for ${args.join(' ')}`);
  return r.stderr.trimEnd();
}

test('extra positional arguments are refused, with a hint when one is a directory', () => {
  const repo = makeTree({ 'a.py': 'x = 1\n' });
  try {
    const indexDir = join(repo, 'idx');
    assert.equal(refused(['index', repo, '--index-dir', indexDir]), `codectx: index takes no arguments, got "${repo}" (did you mean --repo ${repo}?)`);
    assert.equal(existsSync(indexDir), false, 'nothing was indexed');
  } finally {
    removeTree(repo);
  }
  assert.equal(refused(['export', 'dot']), 'codectx: export takes no arguments, got "dot"');
  assert.equal(refused(['show', 'a.b', 'c.d']), 'codectx: show takes FQN, got 2 arguments: "a.b" "c.d"');
  assert.equal(refused(['path', 'a']), 'codectx: path takes SOURCE SINK, got "a"');
  assert.equal(refused(['context']), 'codectx: context takes TASK..., got none');
});

test('an unknown option is one line naming it, exit code 2', () => {
  assert.equal(refused(['index', '--bogus']), 'codectx: index: unknown option --bogus (codectx index --help lists its options)');
  assert.equal(refused(['stats', '-x']), 'codectx: stats: unknown option -x (codectx stats --help lists its options)');
  assert.equal(refused(['index', '--json=yes']), 'codectx: index: --json takes no value, got "yes"');
  // export writes its own formats: a --json it would ignore is refused.
  assert.equal(refused(['export', '--json']), 'codectx: export: unknown option --json (codectx export --help lists its options)');
});

test('an option missing its value is one line, exit code 2', () => {
  assert.equal(refused(['export', '--format']), 'codectx: export: --format needs a value (--format jsonl|dot|rsf)');
  assert.match(refused(['export', '--format', '--repo', 'X']), /^codectx: export: --format needs a value, got the option --repo /);
  assert.match(refused(['index', '--max-file-bytes', '-5']), /^codectx: index: --max-file-bytes needs a value, got the option -5 \(write --max-file-bytes=-5 /);
  assert.match(refused(['frobnicate']), /^codectx: unknown command "frobnicate"/);
});

test('--version prints the version in package.json', () => {
  const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const flag of ['--version', '-V']) {
    const r = run([flag]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `${version}\n`);
  }
});

test('help COMMAND is COMMAND --help, which says the defaults', () => {
  const help = run(['index', '--help']);
  assert.equal(help.status, 0, help.stderr);
  const viaHelp = run(['help', 'index']);
  assert.deepEqual([viaHelp.status, viaHelp.stdout], [0, help.stdout]);
  assert.match(help.stdout, /^usage: codectx index /);
  assert.match(help.stdout, /--index-dir DIR .*CODECTX_INDEX_DIR.*<repo>\/\.codectx/);
  assert.match(help.stdout, /--repo DIR .*current directory/);
  assert.match(help.stdout, new RegExp(`--max-file-bytes N .*default: ${DEFAULT_MAX_BYTES}`));
  assert.match(help.stdout, /--workers N .*0 extracts on the main thread/);
  assert.match(run(['watch', '--help']).stdout, /--debounce MS .*default: \d+/);
});
