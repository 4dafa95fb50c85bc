/**
 * Streamable HTTP: one endpoint (/mcp), one MCP session per client (mcp-session-id), bound to loopback by default.
 * Request bodies are bounded, and on loopback the Host header must name loopback (against DNS rebinding).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { UserError } from '../util/errors.js';
import type { ServerContext } from './context.js';
import { createMcpServer } from './server.js';

export const MCP_PATH = '/mcp';
export const MAX_BODY_BYTES = 1 << 20;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function isLoopback(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}

export interface HttpOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
}

export interface RunningHttpServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function serveHttp(ctx: ServerContext, options: HttpOptions, version: string): Promise<RunningHttpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const loopback = isLoopback(options.host);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== MCP_PATH) return reply(res, 404, `not found: use ${MCP_PATH}`);
    if (loopback && !LOOPBACK_HOSTS.has(hostnameOf(req.headers.host))) return reply(res, 403, 'forbidden host');
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    const body = req.method === 'POST' ? await readJsonBody(req) : undefined;
    if (existing) return existing.handleRequest(req, res, body);
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return reply(res, 400, sessionId ? 'unknown mcp-session-id' : 'the first request must be initialize');
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        transports.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    await createMcpServer(ctx, version).connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof UserError ? 400 : 500;
      if (!res.headersSent) reply(res, status, err instanceof Error ? err.message : String(err));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${MCP_PATH}`,
    server,
    close: async () => {
      for (const transport of transports.values()) await transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new UserError(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(buf);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new UserError('request body is not valid JSON');
  }
}
