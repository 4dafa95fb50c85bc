import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findMentions, type Mention } from '../../src/retrieval/mentions.js';

const summary = (text: string): string[] =>
  findMentions(text).map((m) => {
    assert.equal(text.slice(m.start, m.end), m.text, 'offsets match the text');
    switch (m.kind) {
      case 'frame': return `frame ${m.path}:${m.line}${m.column !== undefined ? `:${m.column}` : ''} ${m.symbol ?? '-'}`;
      case 'path': return `path ${m.path}${m.line !== undefined ? `:${m.line}` : ''}`;
      case 'module': return `module ${m.module}`;
      case 'identifier': return `id ${m.name} ${m.shape}${m.call ? ' call' : ''}${m.quoted ? ' quoted' : ''}`;
    }
  });

test('Python traceback frames', () => {
  const text = [
    'Traceback (most recent call last):',
    '  File "/usr/lib/python3/site-packages/pkg/db/models/query.py", line 912, in filter',
    '    return self._filter_or_exclude(False, args, kwargs)',
    '  File "<stdin>", line 1, in <module>',
    '  File "app/main.py", line 3, in <module>',
  ].join('\n');
  assert.deepEqual(summary(text), [
    'frame /usr/lib/python3/site-packages/pkg/db/models/query.py:912 filter',
    'id self._filter_or_exclude dotted call',
    'frame app/main.py:3 -',
  ]);
});

test('JavaScript and Java stack frames', () => {
  const text = [
    'TypeError: x is undefined',
    '    at Object.parseConfig (/repo/src/config/load.js:10:5)',
    '    at async main (file:///repo/bin/cli.mjs:4:3)',
    '    at /repo/src/index.js:7:1',
    '    at com.acme.Service.run(Service.java:42)',
  ].join('\n');
  assert.deepEqual(summary(text), [
    'id TypeError camel',
    'frame /repo/src/config/load.js:10:5 Object.parseConfig',
    'frame /repo/bin/cli.mjs:4:3 main',
    'frame /repo/src/index.js:7:1 -',
    'frame Service.java:42 com.acme.Service.run',
  ]);
});

test('file paths with and without positions; prose slashes and URLs are not paths', () => {
  const text = 'See pkg/db/models/query.py and src/x.ts:12:3, also ./scripts/run, setup.py. Use and/or; docs at https://example.org/a/b.py';
  assert.deepEqual(summary(text), [
    'path pkg/db/models/query.py',
    'path src/x.ts:12',
    'path scripts/run',
    'path setup.py',
  ]);
  const [, withLine] = findMentions(text) as [Mention, Mention & { kind: 'path' }];
  assert.equal(withLine.column, 3);
});

test('module paths versus dotted identifiers', () => {
  assert.deepEqual(summary('Importing pkg.db.models fails, but QuerySet.filter works, e.g. os.path.join() too.'), [
    'module pkg.db.models',
    'id QuerySet.filter dotted',
    'id os.path.join dotted call',
  ]);
  assert.deepEqual(summary('self.cache_key and obj.__class__ differ; see -conf.py'), [
    'id self.cache_key dotted',
    'id obj.__class__ dotted',
  ]);
});

test('snake_case, CamelCase, dunder, calls and backticks', () => {
  assert.deepEqual(
    summary('The _repr_html_ of HTTPServerError calls parseJson, then render() and `flush`; MAX_SIZE is fine. Version 1.2.3 (see above).'),
    [
      'id _repr_html_ snake',
      'id HTTPServerError camel',
      'id parseJson camel',
      'id render plain call',
      'id flush plain quoted',
      'id MAX_SIZE snake',
    ],
  );
});

test('plain prose yields nothing', () => {
  assert.deepEqual(findMentions('The filter does not work when the list is empty. Sentence. Another one (really).'), []);
});
