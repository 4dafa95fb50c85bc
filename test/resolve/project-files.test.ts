/** What a run records of the project files resolvers read: what resolution reads of them, not their whole text. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { projectFileDigestText } from '../../src/indexer/resolve/index.js';

/** Whether the two versions of a project file record the same. */
const same = (path: string, before: string, after: string): boolean => projectFileDigestText(path, before) === projectFileDigestText(path, after);

test('a project file records the same after an edit of nothing resolution reads, and not after one of something it reads', () => {
  const pkg = (fields: Record<string, unknown>) => JSON.stringify({ name: '@x/util', version: '1.0.0', main: 'src/index.ts', ...fields });
  assert.ok(same('packages/util/package.json', pkg({}), pkg({ version: '1.0.1', scripts: { build: 'tsc' }, dependencies: { zod: '^4' } })));
  assert.ok(!same('packages/util/package.json', pkg({}), pkg({ main: 'src/alt.ts' })));
  assert.ok(!same('packages/util/package.json', pkg({}), pkg({ exports: { '.': './src/index.ts' } })));
  assert.ok(!same('package.json', pkg({ workspaces: ['packages/*'] }), pkg({ workspaces: ['packages/*', 'apps/*'] })));

  const tsconfig = (options: Record<string, unknown>, extra = '') => `{ ${extra}"compilerOptions": ${JSON.stringify(options)} }`;
  assert.ok(same('tsconfig.json', tsconfig({ strict: true, baseUrl: '.' }), tsconfig({ strict: false, baseUrl: '.' }, '"include": ["src"], // comment\n')));
  assert.ok(!same('tsconfig.json', tsconfig({ baseUrl: '.' }), tsconfig({ baseUrl: 'src' })));
  assert.ok(!same('tsconfig.json', tsconfig({ paths: { '@a/*': ['a/*'] } }), tsconfig({ paths: { '@a/*': ['b/*'] } })));
  assert.ok(!same('app/tsconfig.json', tsconfig({}), tsconfig({}, '"extends": "../tsconfig.base.json", ')));

  assert.ok(same('pnpm-workspace.yaml', 'packages:\n  - packages/*\ncatalog:\n  zod: ^3\n', 'packages:\n  - packages/*\ncatalog:\n  zod: ^4\nonlyBuilt:\n  - esbuild\n'));
  assert.ok(!same('pnpm-workspace.yaml', 'packages:\n  - packages/*\n', 'packages:\n  - packages/*\n  - apps/*\n'));

  assert.ok(same('crates/a/Cargo.toml', '[package]\nname = "a"\nversion = "0.1.0"\n', '[package]\nname = "a"\nversion = "0.2.0"\n\n[dependencies]\nserde = "1"\n'));
  assert.ok(!same('crates/a/Cargo.toml', '[package]\nname = "a"\n', '[package]\nname = "b"\n'));

  assert.ok(same('go.mod', 'module example.com/m\n\ngo 1.21\n', 'module example.com/m\n\ngo 1.22\n\nrequire example.com/dep v1.2.3\n'));
  assert.ok(!same('go.mod', 'module example.com/m\n', 'module example.com/n\n'));

  // A file no language describes records all its text.
  assert.ok(!same('vendor/modules.txt', '# example.com/a v1.0.0\n', '# example.com/a v1.0.1\n'));
});
