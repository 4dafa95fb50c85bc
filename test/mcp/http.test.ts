import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { once } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { copyFixture, makeTree, removeTree } from '../helpers/tmp.js';
import { BIN, toReply } from './harness.js';

function statusWithHost(url: URL, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '0' } } }));
  });
}

test('Streamable HTTP on loopback: a real client lists and calls tools over two served repositories; foreign Host headers are refused', async () => {
  const repo = copyFixture('mcp-repo');
  const second = makeTree({ 'lib/util.py': 'def helper():\n    return 1\n' });
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '--port', '0', '--repo', repo, '--repo', second], { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    let stderr = '';
    child.stderr.setEncoding('utf8');
    const url = await new Promise<URL>((resolve, reject) => {
      child.stderr.on('data', (chunk: string) => {
        stderr += chunk;
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
        if (m) resolve(new URL(m[1]!));
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
    });

    const client = new Client({ name: 'codectx-http-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    const { tools } = await client.listTools();
    assert.ok(tools.some((t) => t.name === 'parse'));
    const parsed = toReply((await client.callTool({ name: 'parse', arguments: { source_path: '.' } })) as CallToolResult);
    assert.equal(parsed.isError, false, parsed.text);
    assert.equal(parsed.data.type, 'DependencyGraph');
    const other = toReply((await client.callTool({ name: 'parse', arguments: { source_path: second } })) as CallToolResult);
    assert.equal(other.isError, false, other.text);
    assert.equal(other.data.num_entities, 2, 'the second repository has its own index');
    const callers = toReply((await client.callTool({ name: 'search_symbol', arguments: { name: 'helper', repo: second } })) as CallToolResult);
    assert.deepEqual((callers.data.matches as { fqn: string }[]).map((m) => m.fqn), ['lib.util.helper']);
    const listed = toReply((await client.callTool({ name: 'list_sessions', arguments: {} })) as CallToolResult);
    assert.deepEqual((listed.data.sessions as { repo: string }[]).map((x) => x.repo).sort(), [repo, second].sort());
    const escape = toReply((await client.callTool({ name: 'ingest', arguments: { source: '/etc' } })) as CallToolResult);
    assert.equal(escape.isError, true);
    await client.close();

    assert.equal(await statusWithHost(url, 'evil.example:80'), 403);
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
    removeTree(repo);
    removeTree(second);
  }
});
