import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readdirSync, symlinkSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from '../../src/util/tokens.js';
import { copyFixture, fixturePath, makeTree, removeTree } from '../helpers/tmp.js';
import { McpTestClient, type ToolReply } from './harness.js';

const SESSION_ID = /^[0-9a-f]{12}$/;

function filesOf(root: string): string[] {
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(root.length + 1))
    .sort();
}

function assertWithinBudget(reply: ToolReply, maxTokens: number): void {
  assert.equal(reply.isError, false, reply.text);
  assert.ok(countTokens(reply.text) <= maxTokens, `${countTokens(reply.text)} tokens > max_tokens ${maxTokens}`);
  assert.deepEqual(JSON.parse(reply.text), reply.data, 'the text rendering is the structured result');
}

function assertTruncated(reply: ToolReply): void {
  assert.equal(reply.data._budget_truncated, true, reply.text);
  assert.equal(typeof reply.data.truncation, 'string');
  assert.match(String(reply.data.truncation), /get_full_result|offset=|max_tokens/);
}

describe('codectx mcp over stdio', () => {
  let repo: string;
  let outside: string;
  let server: McpTestClient;

  before(async () => {
    repo = copyFixture('mcp-repo');
    outside = makeTree({ 'secret.py': 'TOKEN = 1\n' });
    symlinkSync(outside, join(repo, 'escape'));
    server = await McpTestClient.spawn(['--repo', repo]);
  });

  after(async () => {
    await server.close();
    removeTree(repo);
    removeTree(outside);
  });

  test('tools/list gives every tool with an input schema that includes max_tokens', async () => {
    const { tools } = await server.client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of ['ingest', 'parse', 'recover', 'compute_metrics', 'compare', 'detect_smells', 'list_sessions', 'get_full_result', 'delete_session', 'context_for_task', 'get_context', 'get_callers', 'get_dependencies', 'get_execution_path', 'search_symbol', 'synonym_list', 'synonym_add', 'synonym_remove']) {
      assert.ok(names.includes(name), `missing tool ${name}`);
    }
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object');
      assert.ok(tool.inputSchema.properties?.max_tokens, `${tool.name} takes max_tokens`);
      assert.ok(tool.description && tool.description.length > 20, `${tool.name} is described`);
    }
    const ingest = tools.find((t) => t.name === 'ingest')!;
    assert.deepEqual(ingest.inputSchema.required, ['source']);
    assert.deepEqual(Object.keys(ingest.inputSchema.properties ?? {}).sort(), ['exclude_dirs', 'exclude_tests', 'languages', 'max_tokens', 'source']);
  });

  test('ingest -> parse -> recover -> metrics, compare, smells, with filters carried into the graph', async () => {
    const ingested = await server.ok('ingest', { source: '.', exclude_tests: true });
    assert.match(String(ingested.session_id), SESSION_ID);
    assert.equal(ingested.type, 'IngestedRepo');
    assert.equal(ingested.num_files, 5, 'tests/test_service.py is left out');
    assert.deepEqual(ingested.languages, ['python']);
    assert.equal(ingested.name, repo.split('/').pop());

    const all = await server.ok('ingest', { source: repo, exclude_dirs: ['tests'] });
    assert.equal(all.num_files, 5);
    assert.equal((await server.ok('ingest', { source: 'inventory' })).num_files, 5);

    const graph = await server.ok('parse', { session_id: ingested.session_id });
    assert.equal(graph.type, 'DependencyGraph');
    assert.match(String(graph.session_id), SESSION_ID);
    assert.equal(graph.stale, false);
    assert.deepEqual(graph.languages, ['python']);
    assert.equal(graph.num_files, 5);
    assert.ok(Number(graph.num_entities) >= 15 && Number(graph.num_edges) >= 20, JSON.stringify(graph));
    assert.equal(graph.num_packages, 1);
    const again = await server.ok('parse', { session_id: ingested.session_id });
    assert.equal(again.session_id, graph.session_id, 'parse reuses the graph session of the same ingest');
    const unfiltered = await server.ok('parse', { source_path: '.' });
    assert.notEqual(unfiltered.session_id, graph.session_id);
    assert.ok(Number(unfiltered.num_entities) > Number(graph.num_entities), 'the test file adds entities without the filter');

    const arch = await server.ok('recover', { dep_graph: graph.session_id, algorithm: 'pkg' });
    assert.equal(arch.type, 'Architecture');
    const components = arch.components as { name: string; entities: string[]; files: string[] }[];
    assert.ok(components.length >= 1);
    const files = components.flatMap((c) => c.files);
    assert.ok(files.includes('inventory/service.py'));
    assert.ok(!files.some((f) => f.startsWith('tests/')), 'the exclude_tests filter reaches recover');
    const louvain = await server.ok('recover', { dep_graph: unfiltered.session_id, algorithm: 'louvain' });

    const metrics = await server.ok('compute_metrics', { architecture: arch.session_id });
    assert.equal(metrics.componentCount, components.length);
    assert.equal(typeof metrics.turboMQ, 'number');
    const comparison = await server.ok('compare', { architecture_a: arch.session_id, architecture_b: louvain.session_id });
    assert.ok(Number(comparison.mojoFM) >= 0 && Number(comparison.mojoFM) <= 100);
    assert.ok(Array.isArray(comparison.matches));
    const smells = await server.ok('detect_smells', { architecture: arch.session_id });
    assert.ok(Array.isArray(smells.smells));

    const full = await server.ok('get_full_result', { session_id: arch.session_id });
    assert.deepEqual(full.components, arch.components);
    const listed = await server.ok('list_sessions');
    const ids = (listed.sessions as { session_id: string }[]).map((s) => s.session_id);
    for (const id of [ingested.session_id, graph.session_id, arch.session_id, louvain.session_id]) assert.ok(ids.includes(String(id)));
    assert.equal(ids[0], louvain.session_id, 'newest first');
  });

  test('retrieval tools: context_for_task, get_context, callers, dependencies, execution paths', async () => {
    const ingested = await server.ok('ingest', { source: '.', exclude_tests: true });
    const filtered = await server.ok('parse', { session_id: ingested.session_id });
    const graph = await server.ok('parse', { source_path: '.' });
    const arch = await server.ok('recover', { dep_graph: graph.session_id });

    const task = 'reserve_stock raises OutOfStock even after restock';
    const ranked = await server.ok('context_for_task', { dep_graph: graph.session_id, task, architecture: arch.session_id });
    const files = (ranked.files as { file_path: string; reason: string }[]).map((f) => f.file_path);
    assert.equal(files[0], 'inventory/service.py', JSON.stringify(ranked.files));
    const page2 = await server.ok('context_for_task', { dep_graph: graph.session_id, task, offset: 1, max_files: 2 });
    assert.deepEqual((page2.files as { file_path: string }[]).map((f) => f.file_path), files.slice(1, 3));

    const symbols = await server.ok('search_symbol', { name: 'reserve' });
    const matches = symbols.matches as { fqn: string; match: string }[];
    assert.equal(matches[0]!.fqn, 'inventory.service.reserve_stock', JSON.stringify(matches));
    const exact = await server.ok('search_symbol', { name: 'Item', exact: true });
    assert.deepEqual((exact.matches as { fqn: string }[]).map((m) => m.fqn), ['inventory.models.Item']);

    assert.deepEqual((await server.ok('synonym_list')).synonyms, []);
    assert.equal((await server.ok('synonym_add', { term: 'Stock', aliases: ['inventory', 'supply'] })).added, 2);
    assert.deepEqual((await server.ok('synonym_list')).synonyms, [{ term: 'stock', alias: 'inventory' }, { term: 'stock', alias: 'supply' }]);
    assert.equal((await server.ok('synonym_remove', { term: 'stock', alias: 'supply' })).removed, 1);
    assert.equal((await server.ok('synonym_remove', { term: 'stock' })).removed, 1);
    assert.deepEqual((await server.ok('synonym_list')).synonyms, []);
    const blank = await server.call('synonym_add', { term: '   ', aliases: ['x'] });
    assert.equal(blank.isError, true);
    assert.doesNotMatch(blank.text, /internal error/);

    const context = await server.ok('get_context', { query: 'how is stock reserved for an order', token_budget: 800, seed_symbols: ['reserve_stock'] });
    const nodes = context.nodes as { path: string; symbol: string; snippet: string }[];
    assert.ok(nodes.some((n) => n.symbol === 'inventory.service.reserve_stock' || (n.path === 'inventory/service.py' && n.snippet.includes('def reserve_stock'))));
    assert.ok(Number(context.tokens_used) <= 800);
    const escaped = await server.call('get_context', { query: 'stock', seed_files: ['/etc/passwd'] });
    assert.match(escaped.text, /outside the served repositories/);

    const callers = await server.ok('get_callers', { symbol: 'reserve_stock' });
    const callerNames = (callers.callers as { caller: { symbol: string } }[]).map((c) => c.caller.symbol).sort();
    assert.deepEqual(callerNames, ['inventory.api.handle_reserve', 'tests.test_service.test_reserve_after_restock']);
    const filteredCallers = await server.ok('get_callers', { symbol: 'reserve_stock', dep_graph: filtered.session_id });
    assert.deepEqual((filteredCallers.callers as { caller: { symbol: string } }[]).map((c) => c.caller.symbol), ['inventory.api.handle_reserve']);
    const unknown = await server.call('get_callers', { symbol: 'no_such_function' });
    assert.equal(unknown.isError, true);

    const deps = await server.ok('get_dependencies', { target: 'inventory/api.py', transitive: true, depth: 3 });
    const direct = (deps.dependencies as { symbol: string; children: unknown[] }[]).map((d) => d.symbol);
    assert.ok(direct.includes('inventory.service.reserve_stock'), direct.join(', '));
    assert.ok((deps.dependencies as { children: unknown[] }[]).some((d) => d.children.length > 0), 'a transitive tree');
    const outside = await server.call('get_dependencies', { target: '../outside.py' });
    assert.equal(outside.isError, true);

    const path = await server.ok('get_execution_path', { source: 'handle_reserve', sink: 'load_item' });
    assert.equal(path.found, true);
    const steps = (path.paths as { nodes: { symbol: string }[] }[])[0]!.nodes.map((n) => n.symbol);
    assert.deepEqual(steps, ['inventory.api.handle_reserve', 'inventory.service.reserve_stock', 'inventory.storage.load_item']);
    const none = await server.ok('get_execution_path', { source: 'load_item', sink: 'handle_reserve' });
    assert.equal(none.found, false);
    assert.match(String(none.message), /no call or import path/);

    for (const [tool, args] of [
      ['get_context', { query: 'how is stock reserved for an order', token_budget: 2000 }],
      ['get_dependencies', { target: 'inventory/api.py', transitive: true }],
      ['get_callers', { symbol: 'load_item' }],
      ['context_for_task', { dep_graph: graph.session_id, task }],
    ] as const) {
      const full = await server.call(tool, args);
      const maxTokens = Math.floor(countTokens(full.text) * 0.7);
      const reply = await server.call(tool, { ...args, max_tokens: maxTokens });
      assertWithinBudget(reply, maxTokens);
      assertTruncated(reply);
    }
  });

  test('small budgets: results stay within max_tokens, flagged, with a note on how to get the rest', async () => {
    const graph = await server.ok('parse', { source_path: '.' });
    const arch = await server.ok('recover', { dep_graph: graph.session_id, algorithm: 'pkg', pkg_depth: 1 });
    const calls: [string, Record<string, unknown>][] = [
      ['recover', { dep_graph: graph.session_id, algorithm: 'pkg', pkg_depth: 1 }],
      ['get_full_result', { session_id: arch.session_id }],
    ];
    for (const [tool, args] of calls) {
      const fullTokens = countTokens((await server.call(tool, args)).text);
      // Each recover call makes a session whose random 12-hex id costs 9 to 17 tokens in its reply: a budget just
      // under the first reply's size must stay under the next one's.
      for (const maxTokens of [fullTokens - 10, Math.floor(fullTokens * 0.6), 130]) {
        const reply = await server.call(tool, { ...args, max_tokens: maxTokens });
        assertWithinBudget(reply, maxTokens);
        assertTruncated(reply);
      }
    }
    const listed = await server.call('list_sessions', { max_tokens: 160 });
    assertWithinBudget(listed, 160);
    assertTruncated(listed);
    const kept = (listed.data.sessions as unknown[]).length;
    assert.ok(kept >= 1, 'a ranked list keeps what fits');
    assert.match(String(listed.data.truncation), new RegExp(`offset=${kept}`));
    const page2 = await server.ok('list_sessions', { offset: kept });
    assert.equal((page2.sessions as unknown[]).length, Number(listed.data.sessions_total) - kept);

    const tiny = await server.call('recover', { dep_graph: graph.session_id, max_tokens: 10 });
    assert.equal(tiny.isError, true);
    assert.match(tiny.text, /max_tokens=10 is too small/);
  });

  test('paths that leave the served repository are rejected', async () => {
    for (const [source, message] of [
      ['../', /may not contain '\.\.'/],
      ['inventory/../../', /may not contain '\.\.'/],
      ['/etc', /outside the served repositories/],
      [outside, /outside the served repositories/],
      ['escape', /through a symlink/],
    ] as const) {
      const reply = await server.call('ingest', { source });
      assert.equal(reply.isError, true, `${source} must be rejected`);
      assert.match(reply.text, message);
    }
    const dirs = await server.call('ingest', { source: '.', exclude_dirs: ['../elsewhere'] });
    assert.equal(dirs.isError, true);
    const parse = await server.call('parse', { source_path: '/' });
    assert.match(parse.text, /outside the served repositories/);
  });

  test('unknown and deleted session ids are errors that list the available ids; oversized arguments are refused', async () => {
    const ingested = await server.ok('ingest', { source: '.' });
    const unknown = await server.call('parse', { session_id: 'deadbeef0000' });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /unknown session "deadbeef0000"; available/);
    assert.ok(unknown.text.includes(String(ingested.session_id)));
    const wrongType = await server.call('recover', { dep_graph: ingested.session_id });
    assert.match(wrongType.text, /is a IngestedRepo; this needs DependencyGraph/);

    const graph = await server.ok('parse', { source_path: 'inventory' });
    const arch = await server.ok('recover', { dep_graph: graph.session_id });
    await server.ok('delete_session', { session_id: graph.session_id });
    const orphan = await server.call('compute_metrics', { architecture: arch.session_id });
    assert.match(orphan.text, /recovered from DependencyGraph [0-9a-f]{12}, which no longer exists/);

    const deleted = await server.ok('delete_session', { session_id: ingested.session_id });
    assert.equal(deleted.deleted, ingested.session_id);
    const gone = await server.call('get_full_result', { session_id: ingested.session_id });
    assert.equal(gone.isError, true);
    assert.match(gone.text, /unknown session/);
    assert.ok(!gone.text.includes(`${String(ingested.session_id)} (`), 'the deleted id is no longer listed');

    const huge = await server.call('ingest', { source: 'x'.repeat(10_000) });
    assert.equal(huge.isError, true);
    const many = await server.call('ingest', { source: '.', exclude_dirs: Array.from({ length: 500 }, (_, i) => `d${i}`) });
    assert.equal(many.isError, true);
    const both = await server.call('parse', { source_path: '.', session_id: 'abc' });
    assert.match(both.text, /exactly one of source_path or session_id/);
  });
});

test('sessions survive a restart; edits make them stale and parse refresh=true updates them in place', async () => {
  const repo = copyFixture('mcp-repo');
  try {
    let server = await McpTestClient.spawn(['--repo', repo]);
    const graph = await server.ok('parse', { source_path: '.' });
    const arch = await server.ok('recover', { dep_graph: graph.session_id });
    await server.close();

    server = await McpTestClient.spawn(['--repo', repo]);
    try {
      const ids = ((await server.ok('list_sessions')).sessions as { session_id: string; stale: boolean }[]).map((s) => s.session_id);
      assert.deepEqual(ids.sort(), [String(graph.session_id), String(arch.session_id)].sort());
      const restored = await server.ok('get_full_result', { session_id: arch.session_id });
      assert.deepEqual(restored.components, arch.components);
      assert.equal(restored.stale, false);

      appendFileSync(join(repo, 'inventory', 'storage.py'), '\n\ndef delete_item(sku):\n    _TABLE.pop(sku, None)\n');
      const stale = await server.ok('parse', { session_id: graph.session_id });
      assert.equal(stale.stale, true);
      assert.equal(stale.num_entities, graph.num_entities, 'without refresh the session is returned as it was');
      assert.equal((await server.ok('get_full_result', { session_id: arch.session_id })).stale, true);
      assert.equal((await server.ok('compute_metrics', { architecture: arch.session_id })).stale, true);

      const refreshed = await server.ok('parse', { session_id: graph.session_id, refresh: true });
      assert.equal(refreshed.session_id, graph.session_id);
      assert.equal(refreshed.stale, false);
      assert.equal(refreshed.num_entities, Number(graph.num_entities) + 1);
      assert.equal((await server.ok('get_full_result', { session_id: arch.session_id })).stale, true, 'the architecture is still the old one');
      assert.deepEqual(filesOf(repo).filter((f) => !f.startsWith('.codectx/')), filesOf(fixturePath('mcp-repo')), 'nothing written outside the index folder');
    } finally {
      await server.close();
    }
  } finally {
    removeTree(repo);
  }
});

test('get_dependencies and get_execution_path list same-named definitions with file and line; path arguments pick one', async () => {
  const repo = makeTree({ 'a.py': 'def f():\n    pass\n', 'a/__init__.py': '\n\ndef f():\n    pass\n', 'c.py': 'def main():\n    pass\n' });
  const server = await McpTestClient.spawn(['--repo', repo]);
  try {
    const ambiguous = await server.call('get_dependencies', { target: 'a.f' });
    assert.equal(ambiguous.isError, true);
    assert.match(ambiguous.text, /a\.f \(a\.py:1\), a\.f \(a\/__init__\.py:3\)\); add the path argument/);
    const deps = await server.ok('get_dependencies', { target: 'a.f', path: 'a/__init__.py' });
    assert.equal((deps.target as { entity: { path: string } }).entity.path, 'a/__init__.py');

    const sink = await server.call('get_execution_path', { source: 'main', sink: 'f' });
    assert.match(sink.text, /add the sink_path argument/);
    const path = await server.ok('get_execution_path', { source: 'main', sink: 'f', sink_path: 'a.py' });
    assert.equal((path.sink as { path: string }).path, 'a.py');
    assert.equal((await server.call('get_execution_path', { source: 'main', sink: 'f', sink_path: '../x.py' })).isError, true);
  } finally {
    await server.close();
    removeTree(repo);
  }
});
