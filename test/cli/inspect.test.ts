import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTree, removeTree, PROJECT_ROOT } from '../helpers/tmp.js';

const CLI = join(PROJECT_ROOT, 'bin', 'codectx.js');
const run = (args: string[]): { status: number | null; stdout: string; stderr: string } =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

const REPO = {
  'lib/__init__.py': '',
  'lib/core.py': 'class Engine:\n    """Runs jobs."""\n    def start(self):\n        return self.tick()\n\n    def tick(self):\n        return 1\n',
  'lib/cli.py': 'from lib.core import Engine\n\ndef main():\n    engine = Engine()\n    engine.start()\n',
};

test('show lists edges by kind, then by the name at their other end', () => {
  const callers = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
  const repo = makeTree({
    'lib/__init__.py': '',
    'lib/target.py': 'def t():\n    return 1\n',
    'lib/calls.py': `from lib.target import t\n\n${callers.map((c) => `def ${c}():\n    return t()\n`).join('\n')}`,
  });
  try {
    assert.equal(run(['index', '--repo', repo]).status, 0);
    const show = run(['show', 'lib.target.t', '--repo', repo, '--json']);
    assert.equal(show.status, 0, show.stderr);
    const view = JSON.parse(show.stdout) as { incoming: { kind: string; other: string }[] };
    assert.deepEqual(view.incoming.map((e) => `${e.kind} ${e.other}`), [
      ...callers.map((c) => `calls lib.calls.${c}`),
      'contains lib.target',
      'imports lib.calls',
    ]);
  } finally {
    removeTree(repo);
  }
});

test('index --json, show, stats and export describe the same graph', () => {
  const repo = makeTree(REPO);
  try {
    const idx = run(['index', '--repo', repo, '--json']);
    assert.equal(idx.status, 0, idx.stderr);
    const summary = JSON.parse(idx.stdout) as { files: number; entitiesByKind: Record<string, number> };
    assert.equal(summary.files, 3);
    assert.deepEqual(summary.entitiesByKind, { class: 1, function: 1, method: 2, module: 3 });

    const show = run(['show', 'lib.core.Engine.start', '--repo', repo, '--json']);
    assert.equal(show.status, 0, show.stderr);
    const view = JSON.parse(show.stdout) as { entity: { fqn: string; docstring: string }; outgoing: { kind: string; other: string; confidence: string }[]; incoming: { kind: string; other: string }[] };
    assert.equal(view.entity.fqn, 'lib.core.Engine.start');
    assert.deepEqual(view.outgoing.map((e) => `${e.kind} ${e.other} ${e.confidence}`), ['calls lib.core.Engine.tick exact']);
    assert.deepEqual(view.incoming.map((e) => `${e.kind} ${e.other}`).sort(), ['calls lib.cli.main', 'contains lib.core.Engine']);

    const plain = run(['show', 'lib.core.Engine', '--repo', repo]);
    assert.match(plain.stdout, /class lib\.core\.Engine {2}\(lib\/core\.py:1-7/);

    const stats = JSON.parse(run(['stats', '--repo', repo, '--json']).stdout) as { entities: number; files: number };
    assert.equal(stats.entities, 7);
    // The plain report counts as the index summary does, not as JSON.
    const plainStats = run(['stats', '--repo', repo]).stdout;
    assert.match(plainStats, /^files: {4}3 \(python 3\)$/m);
    assert.match(plainStats, /^entities: 7 \(class 1, function 1, method 2, module 3\)$/m);
    assert.match(plainStats, /^edges: {4}9 \(calls 3 exact, contains 4 exact, imports 2 exact\); unresolved external references 0$/m);

    const jsonl = run(['export', '--repo', repo]).stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; fqn?: string; source_fqn?: string; target_fqn?: string; kind: string; file_path?: string; source_file?: string });
    assert.equal(jsonl.filter((r) => r.type === 'entity').length, 7);
    const call = jsonl.find((r) => r.type === 'edge' && r.kind === 'calls' && r.source_fqn === 'lib.cli.main' && r.target_fqn === 'lib.core.Engine.start');
    assert.ok(call, 'the cross-file call is exported with both ends');
    assert.equal(call.source_file, 'lib/cli.py');

    const rsf = run(['export', '--repo', repo, '--format', 'rsf']).stdout;
    assert.match(rsf, /^calls lib\.core\.Engine\.start lib\.core\.Engine\.tick$/m);
    const dot = run(['export', '--repo', repo, '--format', 'dot']).stdout;
    assert.match(dot, /^digraph codectx \{/);
    assert.equal(run(['export', '--repo', repo, '--format', 'xml']).status, 2);
  } finally {
    removeTree(repo);
  }
});

test('export --format rsf quotes names with whitespace from file names, one triple per line', () => {
  const repo = makeTree({ 'with space.py': 'def f():\n    pass\n', 'new\nline.py': 'def g():\n    pass\n', 'ok.py': 'def h():\n    pass\n' });
  try {
    assert.equal(run(['index', '--repo', repo]).status, 0);
    const lines = run(['export', '--repo', repo, '--format', 'rsf']).stdout.trim().split('\n');
    assert.ok(lines.includes('contains "with space" "with space.f"'), lines.join('\n'));
    assert.ok(lines.includes('location "new\\nline.g" "new\\nline.py:1-2"'), lines.join('\n'));
    assert.ok(lines.includes('contains ok ok.h'));
    for (const line of lines) assert.match(line, /^\S+ (?:[^\s"]+|"(?:[^"\\]|\\.)*") (?:[^\s"]+|"(?:[^"\\]|\\.)*")$/, line);
  } finally {
    removeTree(repo);
  }
});

test('export --format dot gives each edge its line; rsf gives each entity file, startline and endline facts', () => {
  const repo = makeTree(REPO);
  try {
    assert.equal(run(['index', '--repo', repo]).status, 0);
    const rows = run(['export', '--repo', repo]).stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; kind: string; source: string; target: string; line: number; source_fqn?: string; target_fqn?: string });
    const call = rows.find((r) => r.type === 'edge' && r.kind === 'calls' && r.source_fqn === 'lib.cli.main' && r.target_fqn === 'lib.core.Engine.start');
    assert.ok(call);
    assert.equal(call.line, 5);
    const dot = run(['export', '--repo', repo, '--format', 'dot']).stdout.split('\n');
    assert.ok(dot.includes(`  "${call.source}" -> "${call.target}" [label="calls", confidence=exact, count=1, line=5];`), dot.join('\n'));
    assert.ok(dot.includes(`  "${call.target}" [label="method lib.core.Engine.start", file="lib/core.py:3-4"];`), dot.join('\n'));
    const rsf = run(['export', '--repo', repo, '--format', 'rsf']).stdout.split('\n');
    for (const fact of ['file lib.core.Engine.start lib/core.py', 'startline lib.core.Engine.start 3', 'endline lib.core.Engine.start 4', 'file lib.cli lib/cli.py']) {
      assert.ok(rsf.includes(fact), fact);
    }
  } finally {
    removeTree(repo);
  }
});

/** Same fully-qualified names from different files: `a.f` twice (module and package), `x:g` twice (.ts and .js). */
const SAME_FQN = {
  'a.py': 'def f():\n    pass\n',
  'a/__init__.py': '\n\ndef f():\n    pass\n',
  'c.py': 'def main():\n    pass\n',
  'x.ts': 'export function g() {}\n',
  'x.js': 'export function g() {}\n',
};

/** The stderr of a run that failed as the user's mistake (exit 2) with a one-line message. */
function oneLine(r: { status: number | null; stderr: string }): string {
  assert.equal(r.status, 2, r.stderr);
  assert.doesNotMatch(r.stderr.trimEnd(), /\n/, 'one line');
  return r.stderr;
}

test('show lists entities of the same fully-qualified name with file and line, and --file picks one', () => {
  const repo = makeTree(SAME_FQN);
  try {
    assert.equal(run(['index', '--repo', repo]).status, 0);
    const show = oneLine(run(['show', 'a.f', '--repo', repo]));
    assert.match(show, /a\.f \(a\.py:1\), a\.f \(a\/__init__\.py:3\)/);
    assert.match(show, /add --file PATH/);
    assert.doesNotMatch(show, /full name/, 'both have the same full name');
    assert.match(oneLine(run(['show', 'x:g', '--repo', repo])), /x:g \(x\.(js|ts):1\), x:g \(x\.(js|ts):1\).*--file PATH/);

    for (const [file, line] of [['a/__init__.py', 3], ['./a.py', 1]] as const) {
      const picked = run(['show', 'a.f', '--file', file, '--repo', repo, '--json']);
      assert.equal(picked.status, 0, picked.stderr);
      const { entity } = JSON.parse(picked.stdout) as { entity: { fqn: string; filePath: string; startLine: number } };
      assert.deepEqual([entity.fqn, entity.filePath, entity.startLine], ['a.f', file.replace('./', ''), line]);
    }
    const ts = JSON.parse(run(['show', 'g', '--file', 'x.ts', '--repo', repo, '--json']).stdout) as { entity: { fqn: string; filePath: string } };
    assert.deepEqual([ts.entity.fqn, ts.entity.filePath], ['x:g', 'x.ts']);
    assert.match(oneLine(run(['show', 'a.f', '--file', 'c.py', '--repo', repo])), /no entity named a\.f in c\.py/);
  } finally {
    removeTree(repo);
  }
});

test('deps and path list same-named candidates with distinct paths, and --file, --source-file and --sink-file pick one', () => {
  const repo = makeTree(SAME_FQN);
  try {
    assert.equal(run(['index', '--repo', repo]).status, 0);
    const deps = oneLine(run(['deps', 'f', '--repo', repo]));
    assert.match(deps, /f is ambiguous \(2 matches: a\.f \(a\.py:1\), a\.f \(a\/__init__\.py:3\)\); add --file PATH/);
    const picked = run(['deps', 'a.f', '--file', 'a/__init__.py', '--repo', repo, '--json']);
    assert.equal(picked.status, 0, picked.stderr);
    assert.equal((JSON.parse(picked.stdout) as { target: { entity: { path: string } } }).target.entity.path, 'a/__init__.py');

    assert.match(oneLine(run(['path', 'main', 'f', '--repo', repo])), /a\.f \(a\.py:1\), a\.f \(a\/__init__\.py:3\)\); add --sink-file PATH/);
    const path = run(['path', 'main', 'f', '--source-file', 'c.py', '--sink-file', 'a.py', '--repo', repo, '--json']);
    assert.equal(path.status, 0, path.stderr);
    assert.equal((JSON.parse(path.stdout) as { sink: { path: string } }).sink.path, 'a.py');
  } finally {
    removeTree(repo);
  }
});

test('watch re-indexes after a file changes', async () => {
  const repo = makeTree(REPO);
  const child = spawn(process.execPath, [CLI, 'watch', '--repo', repo, '--debounce', '100'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '';
    const waitFor = (pattern: RegExp, ms: number): Promise<void> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; got:\n${out}`)), ms);
        const check = (): void => {
          if (pattern.test(out)) {
            clearTimeout(timer);
            child.stdout.off('data', onData);
            resolve();
          }
        };
        const onData = (d: Buffer): void => {
          out += d.toString();
          check();
        };
        child.stdout.on('data', onData);
        check();
      });
    await waitFor(/watching /, 20000);
    writeFileSync(join(repo, 'lib', 'extra.py'), 'def added():\n    return 2\n');
    await waitFor(/parsed 1, removed 0/, 20000);
    // Ctrl-C stops the watch itself: it ends normally, not as an interrupted run.
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGINT');
    assert.equal(await exited, 0);
  } finally {
    child.kill('SIGINT');
    removeTree(repo);
  }
});

test('a reader that closes the pipe early (`codectx export | head`) ends the command quietly, with no stack trace', async () => {
  const repo = makeTree(REPO);
  try {
    assert.equal(run(['index', '--repo', repo]).status, 0);
    for (const args of [['export', '--repo', repo], ['search', 'Engine', '--repo', repo]]) {
      const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      // Closed before the command writes anything: its first write fails with EPIPE.
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      assert.doesNotMatch(stderr, /EPIPE|\n\s+at /, args[0]);
      assert.equal(status, 0, args[0]);
    }
  } finally {
    removeTree(repo);
  }
});
