/** mcp: serve the tools over the Model Context Protocol (stdio, or Streamable HTTP on loopback). */
import { existsSync } from 'node:fs';
import { ServerContext } from '../../mcp/context.js';
import { isLoopback, serveHttp } from '../../mcp/http.js';
import { serveStdio } from '../../mcp/server.js';
import { UserError } from '../../util/errors.js';
import { packageVersion } from '../../util/package.js';
import { DEFAULT_HOST, PORT_RANGE, int, str, strs, type Command } from '../command.js';

const DEFAULT_PORT = 3333;

export const mcpCommand: Command = {
  name: 'mcp',
  usage: 'codectx mcp [--repo DIR]... [--index-dir DIR] [--http [--port N] [--host ADDR]]',
  summary: 'serve codectx to AI agents over MCP (stdio by default; --http for Streamable HTTP on 127.0.0.1)',
  positionals: [],
  options: {
    repo: { type: 'string', multiple: true, help: 'a repository to serve; repeat for several, the first is the default (default: the current directory)' },
    'index-dir': { type: 'string', help: 'the index folder, with one --repo only (default: $CODECTX_INDEX_DIR when set, else <repo>/.codectx)' },
    http: { type: 'boolean', help: 'serve Streamable HTTP instead of stdio' },
    port: { type: 'string', help: `the HTTP port; 0 picks a free one (default: ${DEFAULT_PORT})` },
    host: { type: 'string', help: `the HTTP address (default: ${DEFAULT_HOST})` },
  },
  async run(values) {
    const repos = strs(values, 'repo');
    const options = { roots: repos.length ? repos : ['.'], indexDir: str(values, 'index-dir') };
    for (const root of options.roots) if (!existsSync(root)) throw new UserError(`repository path does not exist: ${root}`);
    const version = packageVersion();
    if (!values.http) return serveStdio(options, version);
    const port = int(values, 'port', DEFAULT_PORT, PORT_RANGE);
    if (port < 0 || port > 65535) throw new UserError(`--port must be 0..65535, got ${port}`);
    const host = str(values, 'host') ?? DEFAULT_HOST;
    const ctx = new ServerContext(options);
    const running = await serveHttp(ctx, { host, port }, version);
    process.stderr.write(`codectx mcp: listening on ${running.url}\n`);
    if (!isLoopback(host)) process.stderr.write('codectx mcp: warning: not a loopback address; anyone who can reach it can read the served repositories\n');
    await new Promise<void>((resolve) => {
      const stop = (): void => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await running.close();
    ctx.close();
  },
};
