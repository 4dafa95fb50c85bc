import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { callersForRepo, contextForRepo, dependenciesForRepo, executionPathForRepo, repoSourceReader } from '../../src/api/context.js';
import { openRepo, type RepoHandle } from '../../src/api/repo.js';
import { addRepoSynonyms, removeRepoSynonyms } from '../../src/api/retrieval.js';
import { renderContext } from '../../src/retrieval/get-context.js';
import { SnippetRenderer } from '../../src/retrieval/snippets.js';
import { UserError } from '../../src/util/errors.js';
import { countTokens } from '../../src/util/tokens.js';
import { copyFixture, removeTree, PROJECT_ROOT } from '../helpers/tmp.js';

const CLI = join(PROJECT_ROOT, 'bin', 'codectx.js');
const run = (args: string[]): { status: number | null; stdout: string; stderr: string } =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

let repo: string;
let handle: RepoHandle;

before(async () => {
  repo = copyFixture('python');
  handle = await openRepo({ repo, update: true });
});

after(() => {
  handle.close();
  removeTree(repo);
});

test('get_context on the indexed Python fixture stays within budget with exact token accounting', () => {
  for (const token_budget of [500, 4000, 32000]) {
    const result = contextForRepo(handle, { query: 'order payment charge gateway', token_budget });
    assert.ok(result.nodes.length > 0);
    assert.equal(result.tokens_used, countTokens(renderContext(result)));
    assert.ok(result.tokens_used <= token_budget);
  }
  const seeded = contextForRepo(handle, { query: 'payment', token_budget: 500, seed_files: [join(repo, 'src/shop/payments/gateway.py')] });
  assert.ok(seeded.seed_nodes.some((s) => s.path === 'src/shop/payments/gateway.py' && s.origins.includes('file')));
  assert.throws(() => contextForRepo(handle, { query: 'payment', seed_symbols: ['NoSuchSymbol'] }), UserError);
});

test('synonyms stored for the repository expand the get_context query', () => {
  assert.deepEqual(contextForRepo(handle, { query: 'invoice' }).seed_nodes, []);
  addRepoSynonyms(handle.store, 'invoice', ['gateway']);
  try {
    const result = contextForRepo(handle, { query: 'invoice' });
    assert.ok(result.seed_nodes.some((s) => s.symbol === 'shop.payments.gateway.Gateway'), result.seed_nodes.map((s) => s.symbol).join());
  } finally {
    removeRepoSynonyms(handle.store, 'invoice');
  }
});

test('snippets follow a file edited after indexing', () => {
  const path = join(repo, 'src/shop/payments/gateway.py');
  const original = readFileSync(path, 'utf8');
  writeFileSync(path, `# edited\n# twice\n${original}`);
  try {
    const result = contextForRepo(handle, { query: 'Gateway charge', token_budget: 4000, seed_symbols: ['shop.payments.gateway.Gateway.charge'] });
    const node = result.nodes.find((n) => n.path === 'src/shop/payments/gateway.py');
    assert.ok(node);
    assert.equal(node.freshness, 'relocated');
    assert.match(node.snippet, /def charge\(self, amount: "float"\) -> bool:/);
  } finally {
    writeFileSync(path, original);
  }
});

test('a class outline keeps decorators and declarations of its members and elides their bodies', () => {
  const graph = handle.graph();
  const renderer = new SnippetRenderer(graph, repoSourceReader(handle.repo, handle.store));
  const outline = renderer.render(graph.byFqn.get('shop.orders.Order')![0]!, 'outline');
  assert.match(outline.body, /^class Order\(Base, metaclass=Meta\):\n {4}"""An order\./);
  assert.match(outline.body, /\n {4}@property\n {4}def total\(self\) -> int:\n {8}\.\.\.\n/);
  assert.match(outline.body, /\n {4}@total\.setter\n {4}def total\(self, value\):\n {8}\.\.\.\n/);
  assert.match(outline.body, /\n {4}class Item:\n {8}\.\.\.\n/);
  assert.doesNotMatch(outline.body, /Charge the gateway|read-only/);
  assert.equal(outline.tokens, countTokens(outline.text));
});

test('callers, dependencies and paths on the indexed fixture', () => {
  const callers = callersForRepo(handle, 'Gateway.charge');
  assert.deepEqual(callers.callers.map((c) => [c.caller.symbol, c.site]), [
    ['shop.orders.Order.pay', 'src/shop/orders.py:46'],
    ['shop.payments.gateway.charge', 'src/shop/payments/gateway.py:13'],
  ]);
  const deps = dependenciesForRepo(handle, 'src/shop/orders.py');
  assert.ok(deps.dependencies.some((d) => d.symbol === 'shop.payments.gateway.Gateway' && d.via.includes('imports')));
  assert.ok(deps.externals.some((x) => x.module === 'os' && x.symbol === 'path.join' && x.used_by.includes('shop.orders.Order.pay')));
  const path = executionPathForRepo(handle, 'Order.pay', 'Gateway.charge');
  assert.deepEqual(path.paths[0]!.steps.map((s) => s.kind), ['calls']);
  assert.equal(executionPathForRepo(handle, 'Gateway.charge', 'Order.pay').found, false);
});

test('an unknown repository is a user error', async () => {
  await assert.rejects(openRepo({ repo: join(repo, 'no-such-dir'), update: true }), UserError);
});

test('CLI: get-context, callers, deps and path, with --json and clear errors', () => {
  const json = run(['get-context', 'order payment', '--budget', '600', '--repo', repo, '--json']);
  assert.equal(json.status, 0, json.stderr);
  const parsed = JSON.parse(json.stdout) as { tokens_used: number; token_budget: number; nodes: { header: string; snippet: string }[] };
  assert.equal(parsed.token_budget, 600);
  assert.equal(parsed.tokens_used, countTokens(renderContext(parsed)));

  const text = run(['get-context', 'order payment', '--budget', '600', '--repo', repo]);
  assert.equal(text.status, 0, text.stderr);
  assert.equal(text.stdout, renderContext(parsed));

  const bad = run(['get-context', 'order', '--budget', '100', '--repo', repo]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /token_budget must be an integer from 500 to 32000/);
  assert.equal(run(['get-context', 'order', '--seed-file', 'nope.py', '--repo', repo]).status, 2);
  const notNumber = run(['get-context', 'order', '--budget', 'lots', '--repo', repo]);
  assert.equal(notNumber.status, 2);
  assert.match(notNumber.stderr, /--budget must be an integer, got lots/);

  const callers = run(['callers', 'Gateway.charge', '--repo', repo]);
  assert.match(callers.stdout, /src\/shop\/orders\.py:46 +method shop\.orders\.Order\.pay/);
  const deps = JSON.parse(run(['deps', 'Order.pay', '--transitive', '--depth', '2', '--repo', repo, '--json']).stdout) as { depth: number };
  assert.equal(deps.depth, 2);
  assert.equal(run(['deps', 'Order.pay', '--depth', '11', '--repo', repo]).status, 2);
  const noPath = run(['path', 'Gateway.charge', 'Order.pay', '--repo', repo]);
  assert.equal(noPath.status, 1);
  assert.match(noPath.stdout, /no call or import path/);
});
