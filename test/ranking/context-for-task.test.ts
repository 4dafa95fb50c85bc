import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contextForTask, type ArchitectureLike } from '../../src/retrieval/context-for-task.js';
import { edge, graphOf } from './graph-builder.js';

const graph = graphOf(
  [
    { fqn: 'cli', kind: 'module', file: 'cli/__init__.py' },
    { fqn: 'cli.shell', kind: 'module', file: 'cli/shell.py' },
    { fqn: 'cli.shell.ShellComplete', kind: 'class', file: 'cli/shell.py', docstring: 'Base class for shell completion support.' },
    { fqn: 'cli.shell.ShellComplete.complete', kind: 'method', file: 'cli/shell.py', signature: 'def complete(self)', terms: 'completion items format' },
    { fqn: 'cli.shell.BashComplete', kind: 'class', file: 'cli/shell.py', docstring: 'Bash shell completion.', terms: 'bash script' },
    { fqn: 'cli.core', kind: 'module', file: 'cli/core.py' },
    { fqn: 'cli.core.Command', kind: 'class', file: 'cli/core.py', docstring: 'A command with options and arguments.' },
    { fqn: 'cli.core.Command.main', kind: 'method', file: 'cli/core.py', signature: 'def main(self, args)', terms: 'args standalone invoke' },
    { fqn: 'cli.parser', kind: 'module', file: 'cli/parser.py' },
    { fqn: 'cli.parser.split_arg_string', kind: 'function', file: 'cli/parser.py', signature: 'def split_arg_string(string)', terms: 'lex split quotes' },
    { fqn: 'cli.termui', kind: 'module', file: 'cli/termui.py' },
    { fqn: 'cli.termui.progressbar', kind: 'function', file: 'cli/termui.py', signature: 'def progressbar(iterable, length)', terms: 'bar length fill' },
    { fqn: 'tests.test_shell', kind: 'module', file: 'tests/test_shell.py' },
    { fqn: 'tests.test_shell.test_bash_completion', kind: 'function', file: 'tests/test_shell.py', terms: 'shell completion bash complete ShellComplete' },
  ],
  [
    edge('cli.core.Command.main', 'cli.shell.ShellComplete.complete', 'calls'),
    edge('cli.shell.ShellComplete.complete', 'cli.parser.split_arg_string', 'calls'),
    edge('cli.shell.BashComplete', 'cli.shell.ShellComplete', 'inherits'),
    edge('tests.test_shell.test_bash_completion', 'cli.shell.ShellComplete.complete', 'calls'),
  ],
);

test('the result has the contract fields and the matching file first', () => {
  const r = contextForTask(graph, 'Shell completion breaks for quoted words', { maxFiles: 10 });
  assert.equal(r.task, 'Shell completion breaks for quoted words');
  assert.ok(r.keywords.includes('shell') && r.keywords.includes('completion'));
  assert.equal(r.num_files, r.files.length);
  assert.equal(r.files[0]!.file_path, 'cli/shell.py');
  assert.equal(r.files[0]!.primary_role, 'direct match');
  assert.match(r.files[0]!.reason, /matches .*'completion'/);
  for (const f of r.files) {
    assert.equal(typeof f.score, 'number');
    assert.ok(f.entities.every((e) => typeof e.fqn === 'string' && typeof e.role === 'string'));
  }
  const scores = r.files.map((f) => f.score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
});

test('callers become dependents and callees dependencies of the match', () => {
  const r = contextForTask(graph, 'Shell completion breaks for quoted words', { maxFiles: 10 });
  const core = r.files.find((f) => f.file_path === 'cli/core.py');
  const parser = r.files.find((f) => f.file_path === 'cli/parser.py');
  assert.equal(core?.entities.find((e) => e.fqn === 'cli.core.Command.main')?.role, 'dependent of match');
  assert.equal(parser?.entities.find((e) => e.fqn === 'cli.parser.split_arg_string')?.role, 'dependency of match');
  assert.match(parser!.reason, /depended on by complete/);
  assert.equal(r.files.some((f) => f.file_path === 'cli/termui.py'), false);
});

test('tests rank below the code they test unless the task is about tests', () => {
  const r = contextForTask(graph, 'Shell completion breaks for quoted words', { maxFiles: 10 });
  const rank = (file: string): number => r.files.findIndex((f) => f.file_path === file);
  assert.ok(rank('tests/test_shell.py') > rank('cli/shell.py'));
  const t = contextForTask(graph, 'Test for bash completion is flaky\nThe shell completion test fails sometimes', { maxFiles: 10 });
  assert.equal(t.files[0]!.file_path, 'tests/test_shell.py');
});

test('a task without searchable words returns the error shape instead of throwing', () => {
  for (const task of ['', '   ', 'the of and is it']) {
    assert.deepEqual(contextForTask(graph, task), { task, keywords: [], num_files: 0, files: [], error: 'No searchable keywords found' });
  }
});

test('max_files caps the list', () => {
  assert.equal(contextForTask(graph, 'shell completion command bar', { maxFiles: 2 }).files.length, 2);
});

test('an architecture only adds candidates: matching components bring siblings, nothing is lost', () => {
  const task = 'Progress output for shell completion';
  const architecture: ArchitectureLike = {
    algorithm: 'pkg',
    params: {},
    components: [
      { name: 'Terminal UI', responsibility: 'progress bars and terminal output', entities: ['cli.termui', 'cli.termui.progressbar'], files: ['cli/termui.py'], depends_on: [] },
      { name: 'Unrelated', responsibility: 'database access', entities: ['cli.core.Command'], files: ['cli/core.py'], depends_on: [] },
    ],
  };
  const without = contextForTask(graph, task, { maxFiles: 20 });
  const withArch = contextForTask(graph, task, { maxFiles: 20, architecture });
  const files = new Set(withArch.files.map((f) => f.file_path));
  for (const f of without.files) assert.ok(files.has(f.file_path), `${f.file_path} kept`);
  const termui = withArch.files.find((f) => f.file_path === 'cli/termui.py');
  assert.ok(termui);
  assert.ok(termui.entities.some((e) => e.fqn === 'cli.termui.progressbar'));
  assert.deepEqual(contextForTask(graph, task, { maxFiles: 20, architecture: null }), without);
});
