/** `codectx serve`: a small local web page over the same API the CLI and MCP use. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { indexStats } from '../api/graph-queries.js';
import { indexSymbolSearch, taskContext } from '../api/retrieval.js';
import type { RepoHandle } from '../api/repo.js';
import { UserError } from '../util/errors.js';
import { PAGE } from './page.js';

const MAX_QUERY_CHARS = 20_000;

export function startWebServer(handle: RepoHandle, port: number, host = '127.0.0.1'): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const send = (status: number, type: string, body: string): void => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const json = (status: number, value: unknown): void => send(status, 'application/json; charset=utf-8', JSON.stringify(value));
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method !== 'GET') return json(405, { error: 'only GET is supported' });
      const param = (name: string): string => {
        const v = url.searchParams.get(name) ?? '';
        if (v.length > MAX_QUERY_CHARS) throw new UserError(`${name} is longer than ${MAX_QUERY_CHARS} characters`);
        return v;
      };
      switch (url.pathname) {
        case '/':
          return send(200, 'text/html; charset=utf-8', PAGE);
        case '/api/stats':
          return json(200, { repo: handle.repo, ...indexStats(handle.store) });
        case '/api/context': {
          const task = param('task');
          if (!task.trim()) return json(400, { error: 'task is empty' });
          const maxFiles = Number(url.searchParams.get('max_files') ?? 15);
          if (!Number.isInteger(maxFiles) || maxFiles < 1 || maxFiles > 100) return json(400, { error: 'max_files must be an integer in 1..100' });
          return json(200, taskContext(handle, task, { maxFiles }));
        }
        case '/api/search': {
          const q = param('q');
          if (!q.trim()) return json(400, { error: 'q is empty' });
          return json(200, indexSymbolSearch(handle, q));
        }
        default:
          return json(404, { error: `no such page: ${url.pathname}` });
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return json(err instanceof UserError ? 400 : 500, { error: message });
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({ server, url: `http://${host}:${actual}/` });
    });
  });
}
