/** Drives the built server (`node bin/codectx.js mcp`) as a child process through the SDK's own Client. */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PROJECT_ROOT } from '../helpers/tmp.js';

export const BIN = join(PROJECT_ROOT, 'bin', 'codectx.js');

export interface ToolReply {
  isError: boolean;
  text: string;
  data: Record<string, unknown>;
}

export class McpTestClient {
  private constructor(readonly client: Client, private readonly transport: StdioClientTransport) {}

  static async spawn(args: string[]): Promise<McpTestClient> {
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], stderr: 'pipe' });
    const client = new Client({ name: 'codectx-test', version: '0.0.0' });
    await client.connect(transport);
    return new McpTestClient(client, transport);
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<ToolReply> {
    return toReply((await this.client.callTool({ name, arguments: args })) as CallToolResult);
  }

  /** Calls a tool that must succeed and returns its structured result. */
  async ok(name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const reply = await this.call(name, args);
    if (reply.isError) throw new Error(`${name} failed: ${reply.text}`);
    return reply.data;
  }

  async close(): Promise<void> {
    await this.client.close();
    await this.transport.close();
  }
}

export function toReply(result: CallToolResult): ToolReply {
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  return { isError: result.isError === true, text, data: (result.structuredContent ?? {}) as Record<string, unknown> };
}
