import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { indexRepository, type IndexSummary } from '../../src/graph/indexing.js';
import { IndexStore } from '../../src/graph/store.js';
import { keepInputs, keptInputs, takeKeptTables } from '../../src/graph/kept-inputs.js';
import { createResolver } from '../../src/indexer/resolve/index.js';
import { detectLayout } from '../../src/indexer/layout.js';
import { makeTree, removeTree, writeTree, PROJECT_ROOT } from '../helpers/tmp.js';
import { syntheticPythonRepo } from '../helpers/synthetic-repo.js';
import { snapshotIndex } from '../helpers/graph-snapshot.js';

const CLI = join(PROJECT_ROOT, 'bin', 'codectx.js');
const tempDir = (): string => mkdtempSync(join(tmpdir(), 'codectx-idx-'));

const COMMIT_A: Record<string, string> = {
  'shop/__init__.py': 'from shop.cart import Cart\n',
  'shop/cart.py': [
    'from shop.pricing import price_of, Discount',
    '',
    'class Cart:',
    '    """A shopping cart."""',
    '    def __init__(self):',
    '        self.items = []',
    '',
    '    def total(self):',
    '        d = Discount()',
    '        return sum(price_of(i) for i in self.items) - d.amount()',
    '',
  ].join('\n'),
  'shop/pricing.py': ['def price_of(item):', '    return item.price', '', 'class Discount:', '    def amount(self):', '        return 0', ''].join('\n'),
  'shop/report.py': ['from shop.cart import Cart', '', 'def report():', '    return Cart().total()', ''].join('\n'),
  'web/app.ts': ['import { render } from "./view";', 'export function main(): string {', '  return render("x");', '}', ''].join('\n'),
  'web/view.ts': ['export function render(s: string): string {', '  return s;', '}', ''].join('\n'),
};

test('updating an index from commit A to commit B equals a cold index of B', async () => {
  const repo = makeTree(COMMIT_A);
  const incremental = tempDir();
  const cold = tempDir();
  try {
    await indexRepository({ repo, indexDir: incremental, workers: 1 });
    // Commit B: edit a callee's file, delete one module, add another that takes over a name, rename a file.
    writeTree(repo, {
      'shop/pricing.py': ['def price_of(item, qty=1):', '    return item.price * qty', '', 'class Discount:', '    def amount(self):', '        return 5', '', '    def label(self):', '        return "sale"', ''].join('\n'),
      'shop/tax.py': ['def price_of(item):', '    return 0', ''].join('\n'),
      'web/view.ts': ['export function render(s: string): string {', '  return s.trim();', '}', 'export const helper = (n: number) => n + 1;', ''].join('\n'),
    });
    unlinkSync(join(repo, 'shop/report.py'));
    renameSync(join(repo, 'web/app.ts'), join(repo, 'web/main.ts'));
    const summary = await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.ok(summary.parsed >= 3 && summary.parsed < 7, `parsed only what changed, got ${summary.parsed}`);
    assert.deepEqual(graphCounts(summary), countedFromTables(incremental));
    await indexRepository({ repo, indexDir: cold, workers: 1 });
    assert.deepEqual(snapshotIndex(incremental), snapshotIndex(cold));
    const again = await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.equal(again.parsed, 0);
    assert.equal(again.reresolved, 0);
  } finally {
    removeTree(repo);
    rmSync(incremental, { recursive: true, force: true });
    rmSync(cold, { recursive: true, force: true });
  }
});

test('an update that re-resolves from the stored declarations keeps Go build constraints, as a cold index has them', async () => {
  const repo = makeTree({
    'go.mod': 'module example.com/m\n\ngo 1.22\n',
    'sys/open_linux.go': 'package sys\n\ntype Handle struct{}\n\nfunc (h *Handle) Close() {}\n',
    'sys/open_windows.go': 'package sys\n\ntype Handle struct{}\n\nfunc (h *Handle) Close() {}\n',
    'sys/open_other.go': '//go:build !linux && !windows\n\npackage sys\n\ntype Handle struct{}\n\nfunc (h *Handle) Close() {}\n',
    'sys/api.go': 'package sys\n\nfunc Open() *Handle { return &Handle{} }\n',
    'app/main.go': 'package app\n\nimport "example.com/m/sys"\n\nfunc Run() { h := sys.Open(); h.Close() }\n',
  });
  const incremental = tempDir();
  const cold = tempDir();
  try {
    await indexRepository({ repo, indexDir: incremental, workers: 1 });
    // Open's signature changes: app/main.go, which read it, is re-resolved from what the index stored of sys.
    writeTree(repo, { 'sys/api.go': 'package sys\n\nfunc Open(flags int) *Handle { return &Handle{} }\n' });
    const summary = await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.ok(summary.reresolved >= 2, `re-resolved ${summary.reresolved}`);
    await indexRepository({ repo, indexDir: cold, workers: 1 });
    assert.deepEqual(snapshotIndex(incremental), snapshotIndex(cold));
    assert.equal(summary.edgesByKind.calls?.exact, 3, 'Run calls Open and the Linux Close; Open constructs the Linux Handle');
  } finally {
    removeTree(repo);
    rmSync(incremental, { recursive: true, force: true });
    rmSync(cold, { recursive: true, force: true });
  }
});

/** The summary's account of what the index holds (not of the run). */
const graphCounts = (s: IndexSummary) => ({
  files: s.files,
  filesByLanguage: s.filesByLanguage,
  syntaxErrorFiles: s.syntaxErrorFiles,
  entitiesByKind: s.entitiesByKind,
  edgesByKind: s.edgesByKind,
  externals: s.externals,
});

/** The same account, counted from the tables themselves. */
function countedFromTables(indexDir: string): ReturnType<typeof graphCounts> {
  const store = IndexStore.open(indexDir, { readonly: true });
  try {
    const group = (sql: string): Record<string, number> =>
      Object.fromEntries((store.db.prepare(sql).raw().all() as [string, number][]).map(([k, n]) => [k, n]));
    const edgesByKind: Record<string, Record<string, number>> = {};
    for (const [kind, confidence, n] of store.db.prepare('SELECT kind, confidence, count(*) FROM edges GROUP BY 1, 2').raw().all() as [string, string, number][]) {
      (edgesByKind[kind] ??= {})[confidence] = n;
    }
    return {
      files: store.db.prepare('SELECT count(*) FROM files').pluck().get() as number,
      filesByLanguage: group('SELECT language, count(*) FROM files GROUP BY 1'),
      syntaxErrorFiles: store.db.prepare('SELECT count(*) FROM files WHERE syntax_errors > 0').pluck().get() as number,
      entitiesByKind: group('SELECT kind, count(*) FROM entities GROUP BY 1'),
      edgesByKind,
      externals: store.db.prepare('SELECT count(*) FROM externals').pluck().get() as number,
    };
  } finally {
    store.close();
  }
}

test('every run summarizes what the index holds, including a run that changed nothing after one that died before its summary', async () => {
  const repo = makeTree(COMMIT_A);
  const indexDir = tempDir();
  const cold = tempDir();
  try {
    const first = await indexRepository({ repo, indexDir, workers: 1 });
    assert.deepEqual(first.entitiesByKind, { class: 2, function: 4, method: 3, module: 6 });
    assert.deepEqual(graphCounts(first), countedFromTables(indexDir));
    const noop = await indexRepository({ repo, indexDir, workers: 1 });
    assert.equal(noop.indexVersion, first.indexVersion);
    assert.deepEqual(graphCounts(noop), graphCounts(first));

    writeTree(repo, { 'shop/tax.py': 'def tax(x):\n    return x\n' });
    const changed = await indexRepository({ repo, indexDir, workers: 1 });
    assert.notEqual(changed.indexVersion, first.indexVersion);
    assert.deepEqual(graphCounts(changed), graphCounts(await indexRepository({ repo, indexDir: cold, workers: 1 })));
    assert.deepEqual(graphCounts(changed), countedFromTables(indexDir));

    // A run killed between its commit and its summary leaves the summary of the run before it.
    unlinkSync(join(repo, 'shop/tax.py'));
    await indexRepository({ repo, indexDir, workers: 1 });
    const store = IndexStore.open(indexDir);
    try {
      store.setMeta('last_run', JSON.stringify(changed));
    } finally {
      store.close();
    }
    const after = await indexRepository({ repo, indexDir, workers: 1 });
    assert.deepEqual(graphCounts(after), graphCounts(first));
    assert.deepEqual(graphCounts(after), countedFromTables(indexDir));
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
    rmSync(cold, { recursive: true, force: true });
  }
});

test('a process keeps what resolution loads between its runs, exactly as the index holds it, and not past another process\'s run', async () => {
  const repo = makeTree(COMMIT_A);
  const indexDir = tempDir();
  const cold = tempDir();
  const heldByIndex = () => {
    const store = IndexStore.open(indexDir, { readonly: true });
    try {
      return { version: store.indexVersion(), inputs: { extracts: store.loadDeclarations(), deps: store.loadDeps() } };
    } finally {
      store.close();
    }
  };
  try {
    await indexRepository({ repo, indexDir, workers: 1 });
    let held = heldByIndex();
    assert.deepEqual(keptInputs(indexDir, held.version), held.inputs);
    writeTree(repo, { 'shop/pricing.py': 'def price_of(item, qty=1):\n    return item.price * qty\n\nclass Discount:\n    def amount(self):\n        return 5\n' });
    unlinkSync(join(repo, 'shop/report.py'));
    await indexRepository({ repo, indexDir, workers: 1 });
    held = heldByIndex();
    assert.deepEqual(keptInputs(indexDir, held.version), held.inputs);

    // Another process renames the callee; this process's next run must resolve against that, not what it kept.
    writeTree(repo, { 'shop/pricing.py': 'def cost_of(item):\n    return item.price\n\nclass Discount:\n    def amount(self):\n        return 5\n' });
    const cli = spawnSync(process.execPath, [CLI, 'index', '--repo', repo, '--index-dir', indexDir], { encoding: 'utf8' });
    assert.equal(cli.status, 0, cli.stderr);
    assert.equal(keptInputs(indexDir, heldByIndex().version), undefined);
    writeTree(repo, { 'shop/cart.py': 'from shop.pricing import cost_of\n\ndef total(items):\n    return sum(cost_of(i) for i in items)\n' });
    await indexRepository({ repo, indexDir, workers: 1 });
    await indexRepository({ repo, indexDir: cold, workers: 1 });
    assert.deepEqual(snapshotIndex(indexDir), snapshotIndex(cold));
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
    rmSync(cold, { recursive: true, force: true });
  }
});

test('unchanged files are not read again, and a rewrite that keeps size and mtime is still seen', async () => {
  const repo = makeTree(COMMIT_A);
  const indexDir = tempDir();
  try {
    await indexRepository({ repo, indexDir, workers: 1 });
    const stamps = (): Map<string, string> => {
      const store = IndexStore.open(indexDir, { readonly: true });
      try {
        return new Map((store.db.prepare('SELECT path, stamp FROM files').all() as { path: string; stamp: string }[]).map((r) => [r.path, r.stamp]));
      } finally {
        store.close();
      }
    };
    // Files changed just before a run are not trusted by stamp; once they are older, a run stamps them.
    assert.ok([...stamps().values()].every((stamp) => stamp === ''), 'fresh files carry no stamp');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const restamp = await indexRepository({ repo, indexDir, workers: 1 });
    assert.equal(restamp.parsed, 0);
    assert.ok([...stamps().values()].every((stamp) => stamp !== ''), 'older files carry a stamp');
    // Same size, same mtime, other content: the change time and the content hash tell.
    const file = join(repo, 'shop/pricing.py');
    const before = statSync(file);
    writeFileSync(file, COMMIT_A['shop/pricing.py']!.replace('return 0', 'return 9'));
    utimesSync(file, before.atime, before.mtime);
    const summary = await indexRepository({ repo, indexDir, workers: 1 });
    assert.equal(summary.parsed, 1);
    // A fresh (recent) stamp is stored as untrusted, so the run after reads the file again, finds it equal, and stamps it.
    assert.equal(stamps().get('shop/pricing.py'), '');
    const again = await indexRepository({ repo, indexDir, workers: 1 });
    assert.equal(again.parsed, 0);
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
  }
});

test('output is identical whatever the worker count', async () => {
  const repo = makeTree(syntheticPythonRepo(120));
  const one = tempDir();
  const two = tempDir();
  try {
    await indexRepository({ repo, indexDir: one, workers: 1 });
    await indexRepository({ repo, indexDir: two, workers: 2 });
    const a = snapshotIndex(one);
    assert.ok(a.edges.length > 120, 'the synthetic repo has cross-file edges');
    assert.deepEqual(a, snapshotIndex(two));
  } finally {
    removeTree(repo);
    rmSync(one, { recursive: true, force: true });
    rmSync(two, { recursive: true, force: true });
  }
});

/** Each file's stored resolution record. */
function dependencyRecords(indexDir: string): Record<string, string> {
  const store = IndexStore.open(indexDir, { readonly: true });
  try {
    return Object.fromEntries(store.db.prepare("SELECT path, coalesce(record, '') FROM files LEFT JOIN resolve_deps USING (path) ORDER BY path").raw().all() as [string, string][]);
  } finally {
    store.close();
  }
}

test('an edit inside a Java or Go package re-resolves only the edited file, and leaves the records a cold index stores', async () => {
  const javaFile = (name: string, body: string) => `package com.shop;\n\npublic class ${name} {\n${body}\n}\n`;
  const repo = makeTree({
    'go.mod': 'module example.com/shop\n\ngo 1.22\n',
    'cart/cart.go': 'package cart\n\nfunc Total() int {\n\treturn price() * 2\n}\n',
    'cart/price.go': 'package cart\n\nfunc price() int {\n\treturn 3\n}\n',
    'cart/tax.go': 'package cart\n\nfunc Tax() int {\n\treturn 1\n}\n',
    'src/com/shop/Cart.java': javaFile('Cart', '  int total() { return new Price().value() * 2; }'),
    'src/com/shop/Price.java': javaFile('Price', '  int value() { return 3; }'),
    'src/com/shop/Tax.java': javaFile('Tax', '  int rate() { return 1; }'),
  });
  const indexDir = tempDir();
  const cold = tempDir();
  try {
    await indexRepository({ repo, indexDir, workers: 1 });
    // Body and comment edits of the first file in each package, twice: the second update starts from the first's records.
    for (const round of [1, 2]) {
      writeTree(repo, {
        'cart/cart.go': `package cart\n\n// Total doubles (${round}).\nfunc Total() int {\n\treturn price() * ${round}\n}\n`,
        'src/com/shop/Cart.java': javaFile('Cart', `  // doubles (${round})\n  int total() { return new Price().value() * ${round}; }`),
      });
      const summary = await indexRepository({ repo, indexDir, workers: 1 });
      assert.equal(summary.parsed, 2);
      assert.equal(summary.reresolved, 2, `round ${round}: only the edited files`);
    }
    await indexRepository({ repo, indexDir: cold, workers: 1 });
    assert.deepEqual(dependencyRecords(indexDir), dependencyRecords(cold));
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
    rmSync(cold, { recursive: true, force: true });
  }
});

test('bad files are skipped with a counted reason and never crash the run', async () => {
  const repo = makeTree({
    'ok.py': 'def fine():\n    return 1\n',
    'broken.py': 'def broken(:\n    return\n\nclass Still:\n    def there(self):\n        pass\n',
    'blob.py': new Uint8Array([0x64, 0x65, 0x66, 0x00, 0x01]),
    'latin1.py': new Uint8Array([0x23, 0x20, 0xe9, 0xe8, 0x0a]),
    'min.js': `var a=${'1+'.repeat(3000)}1;\n`,
    'big.py': `x = 1\n${'# padding\n'.repeat(2000)}`,
    'generated.py': `TABLE = [${'1, '.repeat(1500)}1]\n\nclass Quintic:\n    pass\n`,
  });
  const indexDir = tempDir();
  try {
    const s = await indexRepository({ repo, indexDir, maxFileBytes: 10_000, workers: 1 });
    assert.deepEqual(s.skipped, { binary: 1, 'invalid-utf8': 1, minified: 1, 'too-large': 1 });
    assert.equal(s.files, 3);
    assert.equal(s.syntaxErrorFiles, 1);
    assert.deepEqual(s.syntaxErrorPaths, ['broken.py']);
    const store = IndexStore.open(indexDir);
    try {
      const names = store.entitiesOfFile('broken.py').map((e) => e.name);
      assert.ok(names.includes('Still') && names.includes('there'), `recovered entities: ${names.join(', ')}`);
    } finally {
      store.close();
    }
    // The summary names the file the warning is about.
    const stats = spawnSync(process.execPath, [CLI, 'stats', '--repo', repo, '--index-dir', indexDir], { encoding: 'utf8' });
    assert.equal(stats.status, 0, stats.stderr);
    assert.match(stats.stdout, /^warnings: 1 file with syntax errors: broken\.py$/m);
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
  }
});

test('a process that keeps its workers updates the resolver tables of its last run in place, to what a build over the new declarations gives', async () => {
  const repo = makeTree(COMMIT_A);
  const indexDir = tempDir();
  const version = (): number => {
    const store = IndexStore.open(indexDir, { readonly: true });
    try {
      return store.indexVersion();
    } finally {
      store.close();
    }
  };
  try {
    await indexRepository({ repo, indexDir, workers: 1, keepWorkers: true });
    const first = takeKeptTables(indexDir, version());
    assert.ok(first, 'the first run keeps its tables');
    // Kept again, as the run left them, for the next run to take.
    keepInputs(indexDir, version(), keptInputs(indexDir, version())!, { stored: new Map(), removed: [], resolved: new Map() }, first);
    writeTree(repo, {
      'shop/pricing.py': 'def price_of(item, qty=1):\n    return item.price * qty\n\nclass Discount:\n    def amount(self):\n        return 5\n',
      'shop/a_first.py': 'class Discount:\n    def amount(self):\n        return 1\n',
    });
    unlinkSync(join(repo, 'shop/report.py'));
    await indexRepository({ repo, indexDir, workers: 1, keepWorkers: true });
    const updated = takeKeptTables(indexDir, version());
    assert.equal(updated, first, 'the second run updated the first run\'s tables');
    const store = IndexStore.open(indexDir, { readonly: true });
    try {
      const extracts = store.loadDeclarations();
      const built = createResolver({ extracts, layout: detectLayout([...extracts.keys()], () => null), readFile: () => null }).tables;
      assert.deepStrictEqual(updated, built);
    } finally {
      store.close();
    }
    writeTree(repo, { 'shop/a_first.py': 'class Discount:\n    def amount(self):\n        return 2\n' });
    await indexRepository({ repo, indexDir, workers: 1 });
    assert.equal(takeKeptTables(indexDir, version()), undefined, 'a one-shot run keeps no tables');
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
  }
});

test('the index folder gets a .gitignore so it never shows in git status', async () => {
  const repo = makeTree({ 'a.py': 'x = 1\n' });
  try {
    await indexRepository({ repo, workers: 1 });
    spawnSync('git', ['init', '-q'], { cwd: repo });
    const status = spawnSync('git', ['status', '--porcelain'], { cwd: repo, encoding: 'utf8' }).stdout;
    assert.equal(status.trim(), '?? a.py');
  } finally {
    removeTree(repo);
  }
});

test('CLI: bad input gives one clear line on stderr and a non-zero exit, never a stack trace', () => {
  const repo = makeTree({ 'a.py': 'x = 1\n', 'file.txt': 'not a dir', 'damaged/index.db': 'not a database, a damaged index' });
  try {
    // A damaged index file: the message says how to recover, for writes and reads alike.
    const damaged = /cannot open index in .*damaged.*delete .*index\.db and run codectx index to rebuild it/;
    const cases: [string[], RegExp][] = [
      [['index', '--repo', repo, '--index-dir', join(repo, 'damaged')], damaged],
      [['stats', '--repo', repo, '--index-dir', join(repo, 'damaged')], damaged],
      [['index', '--repo', join(repo, 'missing')], /repository path does not exist/],
      [['index', '--repo', join(repo, 'file.txt')], /repository path is not a directory/],
      [['index', '--repo', repo, '--index-dir', join(repo, 'file.txt', 'idx')], /index directory is not writable/],
      [['index', '--repo', repo, '--index-dir', join(repo, 'file.txt')], /index directory is a file: .*file\.txt/],
      [['show', 'nothing.here', '--repo', repo, '--index-dir', join(repo, 'no-index')], /no index for/],
      [['frobnicate'], /unknown command/],
      // Options out of range, said before any work: hundreds of workers took seconds and gigabytes for two files,
      // a size limit under 1 skipped every file in silence, and a port out of range failed only after indexing.
      [['index', '--repo', repo, '--index-dir', join(repo, 'opts'), '--workers', '300'], /--workers must be an integer from 0 to 64, got 300/],
      [['index', '--repo', repo, '--index-dir', join(repo, 'opts'), '--workers=-1'], /--workers must be an integer from 0 to 64, got -1/],
      [['index', '--repo', repo, '--index-dir', join(repo, 'opts'), '--max-file-bytes', '0'], /--max-file-bytes must be an integer of at least 1, got 0/],
      [['search', 'x', '--repo', repo, '--index-dir', join(repo, 'opts'), '--limit', '0'], /--limit must be an integer of at least 1, got 0/],
      [['serve', '--repo', repo, '--index-dir', join(repo, 'opts'), '--port', '70000'], /--port must be an integer from 0 to 65535, got 70000/],
      [['mcp', '--repo', repo, '--index-dir', join(repo, 'opts'), '--http', '--port', '70000'], /--port must be an integer from 0 to 65535, got 70000/],
      [['watch', '--repo', repo, '--index-dir', join(repo, 'opts'), '--debounce=-5'], /--debounce must be an integer of at least 0, got -5/],
    ];
    // A file system that refuses the folder although its parent exists (Node's recursive mkdir spins on it forever).
    if (existsSync('/proc/self')) cases.push([['index', '--repo', repo, '--index-dir', '/proc/codectx-index'], /index directory is not writable/]);
    for (const [args, pattern] of cases) {
      const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });
      assert.notEqual(r.status, 0, args.join(' '));
      assert.match(r.stderr, pattern);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
      assert.equal(r.stderr.trim().split('\n')[0]!.startsWith('codectx: '), true);
    }
    assert.equal(existsSync(join(repo, 'opts')), false, 'a rejected option leaves no index behind');
  } finally {
    removeTree(repo);
  }
});

test('killing the indexer with SIGKILL at any point leaves an index the next run opens and completes', async () => {
  const repo = makeTree(syntheticPythonRepo(300));
  const reference = tempDir();
  try {
    await indexRepository({ repo, indexDir: reference, workers: 1 });
    const expected = snapshotIndex(reference);
    for (const delayMs of [150, 400, 800, 1500]) {
      const indexDir = tempDir();
      try {
        const child = spawn(process.execPath, [CLI, 'index', '--repo', repo, '--index-dir', indexDir], { stdio: 'ignore' });
        // Listen from the start: on a fast machine the run may finish before the kill.
        const exited = new Promise((r) => child.once('exit', r));
        await new Promise((r) => setTimeout(r, delayMs));
        child.kill('SIGKILL');
        await exited;
        // Readers see a whole state: no index yet (a first index is put in place once complete) or the complete one.
        if (existsSync(join(indexDir, 'index.db'))) {
          const partial = IndexStore.open(indexDir, { readonly: true });
          const files = partial.contents().files;
          assert.equal(partial.db.pragma('integrity_check', { simple: true }) as string, 'ok');
          partial.close();
          assert.equal(files, 301, `after a kill at ${delayMs} ms the index holds ${files} files`);
        }
        await indexRepository({ repo, indexDir, workers: 1 });
        assert.deepEqual(snapshotIndex(indexDir), expected);
        // What the killed run was building is gone.
        assert.deepEqual(readdirSync(indexDir).sort(), ['.gitignore', 'index.db']);
      } finally {
        rmSync(indexDir, { recursive: true, force: true });
      }
    }
  } finally {
    removeTree(repo);
    rmSync(reference, { recursive: true, force: true });
  }
});

test('killing an update with SIGKILL in any phase leaves the last committed index, which the next run completes', async () => {
  const files = syntheticPythonRepo(300);
  const repo = makeTree(files);
  const base = tempDir();
  const reference = tempDir();
  try {
    await indexRepository({ repo, indexDir: base, workers: 1 });
    const before = snapshotIndex(base);
    // Half the modules gain a function that calls their own helper, and a few modules go away.
    const changed: Record<string, string> = {};
    for (let i = 0; i < 300; i += 2) {
      changed[`app/mod${i}.py`] = `${files[`app/mod${i}.py`]}\ndef extra${i}(x):\n    return helper${i}(x) + ${i}\n`;
    }
    writeTree(repo, changed);
    for (const i of [1, 51, 101]) unlinkSync(join(repo, 'app', `mod${i}.py`));
    await indexRepository({ repo, indexDir: reference, workers: 1 });
    const after = snapshotIndex(reference);
    assert.notDeepEqual(after, before);
    // Killed as the run's progress lines (stderr, not a terminal) reach each phase, whatever the machine's speed.
    const phases = [/codectx: parse\.\.\./, /parsed \d+\/\d+ files \([4-9]\d%/, /codectx: resolve\.\.\./, /resolved \d+\/\d+ files \([4-9]\d%/, /codectx: write\.\.\./];
    for (const phase of phases) {
      const indexDir = tempDir();
      try {
        cpSync(base, indexDir, { recursive: true });
        const child = spawn(process.execPath, [CLI, 'index', '--repo', repo, '--index-dir', indexDir], { stdio: ['ignore', 'ignore', 'pipe'] });
        const exited = new Promise((r) => child.once('exit', r));
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (phase.test(stderr)) child.kill('SIGKILL');
        });
        await exited;
        assert.match(stderr, phase, 'the run reached the phase');
        // A reader finds the index whole: the state before the update or, if it committed before the kill, after it.
        const killed = IndexStore.open(indexDir, { readonly: true });
        assert.equal(killed.db.pragma('integrity_check', { simple: true }) as string, 'ok');
        killed.close();
        const seen = snapshotIndex(indexDir);
        assert.ok(isDeepStrictEqual(seen, before) || isDeepStrictEqual(seen, after), `killed at ${phase}, the index is neither state`);
        await indexRepository({ repo, indexDir, workers: 1 });
        assert.deepEqual(snapshotIndex(indexDir), after);
      } finally {
        rmSync(indexDir, { recursive: true, force: true });
      }
    }
  } finally {
    removeTree(repo);
    rmSync(base, { recursive: true, force: true });
    rmSync(reference, { recursive: true, force: true });
  }
});

test('interrupting a first index (SIGINT, SIGTERM) ends the CLI with the signal\'s status and deletes the file it was building', async () => {
  const repo = makeTree(syntheticPythonRepo(600));
  try {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const indexDir = tempDir();
      try {
        const child = spawn(process.execPath, [CLI, 'index', '--repo', repo, '--index-dir', indexDir], { stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
        // Signalled once the file being built exists, so the signal lands mid-build.
        const started = Date.now();
        while (!readdirSync(indexDir).some((name) => name.includes('.building-'))) {
          assert.ok(Date.now() - started < 60_000, 'the first index never started');
          await new Promise((r) => setTimeout(r, 5));
        }
        child.kill(signal);
        assert.equal(await exited, signal === 'SIGINT' ? 130 : 143, stderr);
        assert.match(stderr, /codectx: interrupted\n$/);
        assert.deepEqual(readdirSync(indexDir), ['.gitignore'], 'nothing of the interrupted build is left');
      } finally {
        rmSync(indexDir, { recursive: true, force: true });
      }
    }
  } finally {
    removeTree(repo);
  }
});

test('a first index is built aside and put in place complete, in WAL mode, with the graph a second run keeps', async () => {
  const repo = makeTree(syntheticPythonRepo(80));
  const indexDir = tempDir();
  const inPlace = tempDir();
  try {
    const seen: boolean[] = [];
    await indexRepository({
      repo,
      indexDir,
      workers: 2,
      onProgress: (p) => {
        if (p.phase === 'resolve' && p.done === 40) seen.push(existsSync(join(indexDir, 'index.db')));
      },
    });
    assert.deepEqual(seen, [false]);
    assert.deepEqual(readdirSync(indexDir).sort(), ['.gitignore', 'index.db']);
    const store = IndexStore.open(indexDir, { readonly: true });
    try {
      assert.equal(store.db.pragma('journal_mode', { simple: true }), 'wal');
      assert.equal(store.db.pragma('integrity_check', { simple: true }), 'ok');
    } finally {
      store.close();
    }
    // The same graph as a first run into an existing (empty) index, which writes in place.
    IndexStore.open(inPlace).close();
    await indexRepository({ repo, indexDir: inPlace, workers: 2 });
    assert.deepEqual(snapshotIndex(indexDir), snapshotIndex(inPlace));
    assert.equal((await indexRepository({ repo, indexDir, workers: 2 })).parsed, 0);
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
    rmSync(inPlace, { recursive: true, force: true });
  }
});

test('the parse phase reports the bytes of source done, up to the total of the files it extracts', async () => {
  const files = { 'big.py': `${'x = 1\n'.repeat(500)}`, 'mid.py': 'def f():\n    return 1\n', 'empty.py': '', 'pkg/__init__.py': 'y = 2\n' };
  const repo = makeTree(files);
  const indexDir = tempDir();
  try {
    const seen: { done: number; bytes: number; total: number }[] = [];
    await indexRepository({
      repo,
      indexDir,
      workers: 1,
      onProgress: (p) => {
        if (p.phase === 'parse' && p.bytes) seen.push({ done: p.done, bytes: p.bytes.done, total: p.bytes.total });
      },
    });
    const total = Object.values(files).reduce((n, text) => n + Buffer.byteLength(text), 0);
    assert.ok(seen.every((s) => s.total === total));
    assert.deepEqual(seen.at(-1), { done: 4, bytes: total, total });
    assert.ok(seen.every((s, i) => i === 0 || (s.bytes >= seen[i - 1]!.bytes && s.done > seen[i - 1]!.done)));
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
  }
});

test('a reader during an index run sees the state before the run, never part of it', async () => {
  const repo = makeTree(syntheticPythonRepo(80));
  const indexDir = tempDir();
  try {
    await indexRepository({ repo, indexDir, workers: 1 });
    const before = snapshotIndex(indexDir);
    writeTree(repo, Object.fromEntries(Object.entries(syntheticPythonRepo(80)).map(([p, text]) => [p, `${text}\ndef extra_${p.length}():\n    return 0\n`])));
    const observed: number[] = [];
    await indexRepository({
      repo,
      indexDir,
      workers: 1,
      onProgress: (p) => {
        if ((p.phase === 'parse' && p.done === 40) || (p.phase === 'resolve' && p.done === 40)) {
          assert.deepEqual(snapshotIndex(indexDir), before);
          observed.push(p.done);
        }
      },
    });
    assert.deepEqual(observed, [40, 40]);
    assert.notDeepEqual(snapshotIndex(indexDir), before);
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
  }
});

/**
 * Runs `steps` on a repository made of `files`, indexing it into `incremental` as they go, then checks that the index
 * they leave equals a cold index of the repository as it is then. The repository and both indexes are removed after.
 */
async function incrementalEqualsCold(files: Record<string, string>, steps: (repo: string, incremental: string) => Promise<void>): Promise<void> {
  const repo = makeTree(files);
  const incremental = tempDir();
  const cold = tempDir();
  try {
    await steps(repo, incremental);
    await indexRepository({ repo, indexDir: cold, workers: 1 });
    assert.deepEqual(snapshotIndex(incremental), snapshotIndex(cold));
  } finally {
    removeTree(repo);
    rmSync(incremental, { recursive: true, force: true });
    rmSync(cold, { recursive: true, force: true });
  }
}

test('a project file change re-resolves the files whose module answers it changes, as a cold index would', async () => {
  const util = (fields: Record<string, unknown>) => JSON.stringify({ name: '@x/util', version: '1.0.0', main: 'src/index.ts', ...fields });
  const crate = (head: string) => `[package]\n${head}\n\n[dependencies]\nserde = "1"\n`;
  const files = {
    'package.json': JSON.stringify({ private: true, workspaces: ['packages/*'] }),
    'packages/util/package.json': util({}),
    'packages/util/src/index.ts': 'export function f(): number {\n  return 1;\n}\n',
    'packages/util/src/alt.ts': 'export function f(): number {\n  return 2;\n}\n',
    'packages/app/src/app.ts': 'import { f } from "@x/util";\nexport function run(): number {\n  return f();\n}\n',
    'packages/app/src/local.ts': 'import { run } from "./app";\nexport function twice(): number {\n  return run() * 2;\n}\n',
    'demo/Cargo.toml': crate('name = "demo"\nversion = "0.1.0"'),
    'demo/src/lib.rs': 'pub fn g() -> i32 {\n    1\n}\n',
    'tool/Cargo.toml': crate('name = "tool"'),
    'tool/src/main.rs': 'use demo::g;\n\nfn main() {\n    g();\n}\n',
    'go.mod': 'module example.com/m\n\ngo 1.21\n',
    'm.go': 'package m\n\nfunc H() int {\n\treturn 1\n}\n',
    'pnpm-workspace.yaml': 'packages:\n  - packages/*\ncatalog:\n  typescript: ^5.0.0\n',
  };
  await incrementalEqualsCold(files, async (repo, incremental) => {
    const calls = (from: string): string[] => snapshotIndex(incremental).edges.filter((e) => e.startsWith(`${from} calls`)).map((e) => e.split(' ')[2]!);
    const reresolved = async (): Promise<number> => (await indexRepository({ repo, indexDir: incremental, workers: 1 })).reresolved;
    await reresolved();
    assert.deepEqual(calls('packages/app/src/app:run'), ['packages/util/src/index:f']);
    assert.deepEqual(calls('crate::tool::src::main::main'), ['crate::demo::src::lib::g']);
    // A version bump, a new script, a new dependency, Go version and pnpm catalog entry: only the edited file.
    writeTree(repo, {
      'packages/util/package.json': util({ version: '1.0.1', scripts: { build: 'tsc' } }),
      'demo/Cargo.toml': crate('name = "demo"\nversion = "0.2.0"\nedition = "2021"'),
      'go.mod': 'module example.com/m\n\ngo 1.22\n\nrequire example.com/dep v1.2.3\n',
      'pnpm-workspace.yaml': 'packages:\n  - packages/*\ncatalog:\n  typescript: ^5.1.0\ntrustPolicyExclude:\n  - semver@6.3.1\n',
      'packages/app/src/app.ts': 'import { f } from "@x/util";\nexport function run(): number {\n  return f() + 1;\n}\n',
    });
    assert.equal(await reresolved(), 1);
    // The entry point moved: the one file importing the package follows it.
    writeTree(repo, { 'packages/util/package.json': util({ version: '1.0.1', main: 'src/alt.ts' }) });
    assert.equal(await reresolved(), 1);
    assert.deepEqual(calls('packages/app/src/app:run'), ['packages/util/src/alt:f']);
    // The crate renamed: `use demo::g` no longer names it.
    writeTree(repo, { 'demo/Cargo.toml': crate('name = "demo2"\nversion = "0.2.0"') });
    assert.equal(await reresolved(), 1);
    assert.deepEqual(calls('crate::tool::src::main::main'), []);
  });
});

test('a tsconfig read by the last full resolution only is still watched after an update that did not read it', async () => {
  const paths = (dir: string) => JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': [`${dir}/*`] } } });
  const files = {
    'web/tsconfig.json': paths('lib'),
    'web/lib/format.ts': 'export function format(s: string): string {\n  return s.trim();\n}\n',
    'web/other/format.ts': 'export function format(s: string): string {\n  return s;\n}\n',
    'web/app.ts': 'import { format } from "@lib/format";\nexport function run(): string {\n  return format(" x ");\n}\n',
    'tools/cli.ts': 'export function cli(): number {\n  return 1;\n}\n',
  };
  await incrementalEqualsCold(files, async (repo, incremental) => {
    const callTarget = (dir: string): string[] => snapshotIndex(dir).edges.filter((e) => e.startsWith('web/app:run calls')).map((e) => e.split(' ')[2]!);
    await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.deepEqual(callTarget(incremental), ['web/lib/format:format']);
    // Only tools/cli.ts is resolved again: nothing under web/ reads web/tsconfig.json in this run.
    writeTree(repo, { 'tools/cli.ts': 'export function cli(): number {\n  return 2;\n}\n' });
    assert.equal((await indexRepository({ repo, indexDir: incremental, workers: 1 })).reresolved, 1);
    writeTree(repo, { 'web/tsconfig.json': paths('other') });
    await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.deepEqual(callTarget(incremental), ['web/other/format:format']);
  });
});

test('a change to tsconfig paths re-resolves the files that import through it, as a cold index would', async () => {
  const files = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['src/lib/*'] } } }),
    'src/lib/format.ts': 'export function format(s: string): string {\n  return s.trim();\n}\n',
    'src/other/format.ts': 'export function format(s: string): string {\n  return s;\n}\n',
    'src/app.ts': 'import { format } from "@lib/format";\nexport function run(): string {\n  return format(" x ");\n}\n',
  };
  await incrementalEqualsCold(files, async (repo, incremental) => {
    await indexRepository({ repo, indexDir: incremental, workers: 1 });
    const callTarget = (dir: string): string[] => snapshotIndex(dir).edges.filter((e) => e.startsWith('src/app:run calls'));
    assert.deepEqual(callTarget(incremental).map((e) => e.split(' ')[2]), ['src/lib/format:format']);
    writeTree(repo, { 'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['src/other/*'] } } }) });
    const s = await indexRepository({ repo, indexDir: incremental, workers: 1 });
    assert.equal(s.parsed, 0);
    // The one file whose module question (where "@lib/format" leads) gets another answer.
    assert.equal(s.reresolved, 1);
    assert.deepEqual(callTarget(incremental).map((e) => e.split(' ')[2]), ['src/other/format:format']);
  });
});

test('go.mod module paths reach the indexer: Go FQNs carry them and imports of the module resolve', async () => {
  const repo = makeTree({
    'go.mod': 'module example.com/shop\n\ngo 1.22\n',
    'cart/cart.go': 'package cart\n\nimport "example.com/shop/pricing"\n\nfunc Total() int {\n\treturn pricing.PriceOf(1)\n}\n',
    'pricing/pricing.go': 'package pricing\n\nfunc PriceOf(n int) int {\n\treturn n\n}\n',
  });
  const indexDir = tempDir();
  try {
    const summary = await indexRepository({ repo, indexDir, workers: 1 });
    assert.equal(summary.files, 2, 'go.mod is read for the layout, not indexed');
    const { entities, edges, externals } = snapshotIndex(indexDir);
    const fqns = entities.map((e) => (JSON.parse(e) as { fqn: string }).fqn);
    assert.ok(fqns.includes('example.com/shop/cart.Total'), fqns.join(', '));
    assert.ok(edges.includes('example.com/shop/cart/cart.go imports example.com/shop/pricing/pricing.go exact x1 @3'), edges.join('\n'));
    assert.ok(edges.some((e) => e.startsWith('example.com/shop/cart.Total calls example.com/shop/pricing.PriceOf exact')), edges.join('\n'));
    assert.deepEqual(externals, []);
  } finally {
    removeTree(repo);
    rmSync(indexDir, { recursive: true, force: true });
  }
});
