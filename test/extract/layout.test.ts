import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pythonSupport } from '../../src/indexer/languages/python/index.js';
import { detectLayout } from '../../src/indexer/layout.js';

const noFiles = (): string | null => null;
const moduleOf = (path: string, files: string[]) => pythonSupport.moduleInfo(path, detectLayout(files, noFiles));

test('python roots: repo root for a top-level package, src/ layout, nested test roots', () => {
  const files = [
    'django/__init__.py',
    'django/db/__init__.py',
    'django/db/models/__init__.py',
    'django/db/models/query.py',
    'tests/admin_checks/__init__.py',
    'tests/admin_checks/tests.py',
    'tests/runtests.py',
    'lib/src/tool/__init__.py',
    'lib/src/tool/cli.py',
    'setup.py',
    'scripts/build.py',
  ];
  assert.deepEqual(detectLayout(files, noFiles).pythonRoots, ['lib/src', 'tests', '']);
  assert.deepEqual(moduleOf('django/db/models/query.py', files), { moduleFqn: 'django.db.models.query', package: 'django.db.models' });
  assert.deepEqual(moduleOf('django/db/models/__init__.py', files), { moduleFqn: 'django.db.models', package: 'django.db.models' });
  assert.deepEqual(moduleOf('tests/admin_checks/tests.py', files).moduleFqn, 'admin_checks.tests');
  assert.deepEqual(moduleOf('lib/src/tool/cli.py', files).moduleFqn, 'tool.cli');
  assert.deepEqual(moduleOf('setup.py', files).moduleFqn, 'setup');
  // Loose scripts: no root makes them a dotted path through packages, so the whole path is used.
  assert.deepEqual(moduleOf('scripts/build.py', files).moduleFqn, 'scripts.build');
  assert.deepEqual(moduleOf('tests/runtests.py', files).moduleFqn, 'runtests');
});

test('python module name prefers the deepest root that gives a proper package path', () => {
  const files = ['src/__init__.py', 'src/pkg/__init__.py', 'src/pkg/mod.py', 'other/pkg/__init__.py'];
  // src is itself a package (has __init__.py), so the repo root is the root for it.
  assert.deepEqual(moduleOf('src/pkg/mod.py', files).moduleFqn, 'src.pkg.mod');
  const srcLayout = ['src/pkg/__init__.py', 'src/pkg/sub/__init__.py', 'src/pkg/sub/m.py', 'src/pkg/nopkg/x.py'];
  assert.deepEqual(moduleOf('src/pkg/sub/m.py', srcLayout).moduleFqn, 'pkg.sub.m');
  // A directory without __init__.py inside a package is a namespace package of it (flask's src/flask/sansio).
  assert.deepEqual(moduleOf('src/pkg/nopkg/x.py', srcLayout), { moduleFqn: 'pkg.nopkg.x', package: 'pkg.nopkg' });
  // A top directory without __init__.py is no package under that root: the file is a loose script.
  assert.deepEqual(moduleOf('src/scripts/run.py', [...srcLayout, 'src/scripts/run.py']).moduleFqn, 'src.scripts.run');
});

test('go modules come from go.mod module lines, per directory', () => {
  const contents: Record<string, string> = {
    'go.mod': 'module github.com/acme/root\n\ngo 1.21\n',
    'tools/go.mod': '// tools\nmodule "github.com/acme/tools"\n',
    'broken/go.mod': 'go 1.21\n',
  };
  const layout = detectLayout(['go.mod', 'tools/go.mod', 'broken/go.mod', 'main.go'], (rel) => contents[rel] ?? null);
  assert.deepEqual([...layout.goModules].sort(), [
    ['', 'github.com/acme/root'],
    ['tools', 'github.com/acme/tools'],
  ]);
});
