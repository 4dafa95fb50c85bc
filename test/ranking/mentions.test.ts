import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractMentions } from '../../src/retrieval/task-mentions.js';

test('traceback frames give path, line and function; their paths are not repeated as paths', () => {
  const text = [
    'Traceback (most recent call last):',
    '  File "/venv/lib/python3.9/site-packages/pkg/core/query.py", line 210, in filter',
    '    return self._filter_or_exclude(False, args, kwargs)',
    '  File "C:\\proj\\pkg\\sql\\where.py", line 12, in <module>',
    'TypeError: bad',
  ].join('\n');
  const m = extractMentions(text);
  assert.deepEqual(m.frames, [
    { path: 'venv/lib/python3.9/site-packages/pkg/core/query.py', line: 210, func: 'filter' },
    { path: 'C:/proj/pkg/sql/where.py', line: 12, func: '<module>' },
  ]);
  assert.deepEqual(m.paths, []);
  assert.ok(m.identifiers.includes('_filter_or_exclude'));
  assert.ok(m.identifiers.includes('TypeError'));
});

test('paths, dotted names and code-shaped identifiers in prose', () => {
  const m = extractMentions('Calling `QuerySet.filter()` in pkg/core/query.py with --force-reinstall and _repr_html_ fails; see utils.py. The value is wrong.');
  assert.deepEqual(m.paths, ['pkg/core/query.py', 'utils.py']);
  assert.ok(m.dotted.includes('QuerySet.filter'));
  assert.ok(m.identifiers.includes('QuerySet'));
  assert.ok(m.identifiers.includes('filter'));
  assert.ok(m.identifiers.includes('_repr_html_'));
  assert.equal(m.identifiers.includes('value'), false);
  assert.equal(m.identifiers.includes('wrong'), false);
});

test('V8 and Go style positions count as frames', () => {
  const m = extractMentions('    at parseArgs (src/cli/args.ts:41:7)\n    main.go:12 +0x1d');
  assert.deepEqual(m.frames.map((f) => [f.path, f.line, f.func]), [
    ['src/cli/args.ts', 41, 'parseArgs'],
    ['main.go', 12, ''],
  ]);
});
