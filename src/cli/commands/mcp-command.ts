/** mcp: serve the tools over the Model Context Protocol (stdio, or Streamable HTTP on loopback). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServerContext } from '../../mcp/context.js';
import { isLoopback, serveHttp } from '../../mcp/http.js';
import { serveStdio } from '../../mcp/server.js';
import { UserError } from '../../util/errors.js';
import { PORT_RANGE, int, str, strs, type Command } from '../command.js';

export const mcpCommand: Command = {
  name: 'mcp',
  usage: 'codectx mcp [--repo DIR]... [--index-dir DIR] [--http [--port N] [--host ADDR]]',
  summary: 'serve codectx to AI agents over MCP (stdio by default; --http for Streamable HTTP on 127.0.0.1)',
  options: {
    repo: { type: 'string', multiple: true },
    'index-dir': { type: 'string' },
    http: { type: 'boolean' },
    port: { type: 'string' },
    host: { type: 'string' },
  },
  async run(values) {
    const repos = strs(values, 'repo');
    const options = { roots: repos.length ? repos : ['.'], indexDir: str(values, 'index-dir') };
    for (const root of options.roots) if (!existsSync(root)) throw new UserError(`repository path does not exist: ${root}`);
    const version = packageVersion();
    if (!values.http) return serveStdio(options, version);
    const port = int(values, 'port', 3333, PORT_RANGE);
    if (port < 0 || port > 65535) throw new UserError(`--port must be 0..65535, got ${port}`);
    const host = str(values, 'host') ?? '127.0.0.1';
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

/** The version in the nearest package.json above this file. */
function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return (JSON.parse(readFileSync(candidate, 'utf8')) as { version?: string }).version ?? '0.0.0';
    const parent = dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}
