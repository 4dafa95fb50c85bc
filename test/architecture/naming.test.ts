import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTermCorpus } from '../../src/architecture/corpus.js';
import { buildFileGraph } from '../../src/architecture/file-graph.js';
import { describeClusters } from '../../src/architecture/naming.js';
import type { FileSpec } from './fixtures.js';
import { makeGraph } from './fixtures.js';

function describe1(files: FileSpec[], clusters: string[][]) {
  const graph = makeGraph(files, []);
  const fg = buildFileGraph(graph);
  return describeClusters(
    clusters.map((c) => c.map((p) => fg.indexOf.get(p)!)),
    fg,
    buildTermCorpus(graph, fg),
  );
}

describe('describeClusters on mixed clusters', () => {
  it('names and describes a component by its code, not by the tests that outnumber it', () => {
    const tests = [1, 2, 3].map((i) => ({
      path: `tests/suite${i}/test_views.py`,
      entities: [{ name: `test_fixture_scenario${i}`, doc: 'Fixture scenario assertion.' }],
    }));
    const files: FileSpec[] = [
      { path: 'web/http/request.py', entities: [{ name: 'HttpRequest', kind: 'class', doc: 'Incoming request headers and cookies.' }] },
      { path: 'web/http/response.py', entities: [{ name: 'HttpResponse', kind: 'class', doc: 'Outgoing response headers and cookies.' }] },
      ...tests,
      { path: 'other/mail.py', entities: [{ name: 'send_mail', doc: 'Sends mail.' }] },
    ];
    const [http] = describe1(files, [['web/http/request.py', 'web/http/response.py', ...tests.map((t) => t.path)], ['other/mail.py']]);
    assert.equal(http.name, 'web/http');
    assert.match(http.responsibility, /header|cookie/i);
    assert.doesNotMatch(http.responsibility, /fixture|scenario|assertion/i);
    assert.match(http.responsibility, /HttpRequest/);
  });

  it('a test-only component is still described by its tests', () => {
    const files: FileSpec[] = [
      { path: 'tests/a/test_x.py', entities: [{ name: 'check_parser', doc: 'Parser edge cases.' }] },
      { path: 'tests/a/test_y.py', entities: [{ name: 'check_lexer', doc: 'Lexer edge cases.' }] },
      { path: 'src/z.py', entities: [{ name: 'run' }] },
    ];
    const [t] = describe1(files, [['tests/a/test_x.py', 'tests/a/test_y.py'], ['src/z.py']]);
    assert.equal(t.name, 'tests/a');
    assert.match(t.responsibility, /parser|lexer/i);
  });

  it('falls back to the tests when the code files hold only module-level code', () => {
    const files: FileSpec[] = [
      { path: 'pages/__init__.py', entities: [] },
      { path: 'pages/tests/test_pages.py', entities: [{ name: 'check_flatpage_render', doc: 'Flatpage rendering.' }] },
      { path: 'src/z.py', entities: [{ name: 'run' }] },
    ];
    const [pages] = describe1(files, [['pages/__init__.py', 'pages/tests/test_pages.py'], ['src/z.py']]);
    assert.match(pages.responsibility, /flatpage/i);
    assert.match(pages.responsibility, /check_flatpage_render/);
  });

  it('takes the deepest directory holding half of the entities, and drops plural repeats', () => {
    const files: FileSpec[] = [
      { path: 'app/db/models/base.py', entities: [{ name: 'ModelField' }, { name: 'ModelFields' }, { name: 'Model' }] },
      { path: 'app/db/models/fields.py', entities: [{ name: 'FieldModel' }, { name: 'Fields' }] },
      { path: 'app/util/text.py', entities: [{ name: 'slug' }] },
      { path: 'app/conf/locale/a/formats.py', entities: [] },
      { path: 'app/conf/locale/b/formats.py', entities: [] },
      { path: 'app/conf/locale/c/formats.py', entities: [] },
      { path: 'lib/other.py', entities: [{ name: 'unrelated' }] },
    ];
    const paths = files.slice(0, 6).map((f) => f.path);
    const [models] = describe1(files, [paths, ['lib/other.py']]);
    // 5 of 9 weighted files lie under app/db/models; a common-directory rule would say "app".
    assert.equal(models.name, 'app/db/models');
    const words = models.responsibility.split(':')[0].toLowerCase().split(', ');
    assert.ok(words.includes('field') !== words.includes('fields'), models.responsibility);
  });

  it('leaves one-letter (minified) names out of the key entities', () => {
    const files: FileSpec[] = [
      { path: 'web/app.min.js', entities: [{ name: 'e' }, { name: 'n' }, { name: 'Select', kind: 'class' }] },
      { path: 'web/main.js', entities: [{ name: 'boot' }] },
    ];
    const graph = makeGraph(files, [
      ['web/main.js#boot', 'web/app.min.js#e', 5],
      ['web/main.js#boot', 'web/app.min.js#n', 4],
      ['web/main.js#boot', 'web/app.min.js#Select'],
    ]);
    const fg = buildFileGraph(graph);
    const [app] = describeClusters([[fg.indexOf.get('web/app.min.js')!], [fg.indexOf.get('web/main.js')!]], fg, buildTermCorpus(graph, fg));
    assert.match(app.responsibility, /Select$/);
    assert.doesNotMatch(app.responsibility, /\b[en]\b/);
  });
});
