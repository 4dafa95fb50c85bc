/** The codectx MCP server: every tool registered on one McpServer, served over stdio or Streamable HTTP. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ServerContext, type ServerOptions } from './context.js';
import { registerTool, type AnyToolSpec } from './tool.js';
import { compareTool, computeMetricsTool, detectSmellsTool, recoverTool } from './tools/architecture-tools.js';
import {
  contextForTaskTool,
  getCallersTool,
  getContextTool,
  getDependenciesTool,
  getExecutionPathTool,
  searchSymbolTool,
} from './tools/retrieval-tools.js';
import { synonymAddTool, synonymListTool, synonymRemoveTool } from './tools/synonym-tools.js';
import { deleteSessionTool, getFullResultTool, ingestTool, listSessionsTool, parseTool } from './tools/session-tools.js';

/** Bounds the number of array/object elements in one call's arguments. */
export const MAX_ARGUMENT_ELEMENTS = 2000;

export const TOOLS: readonly AnyToolSpec[] = [
  ingestTool,
  parseTool,
  listSessionsTool,
  getFullResultTool,
  deleteSessionTool,
  recoverTool,
  computeMetricsTool,
  compareTool,
  detectSmellsTool,
  contextForTaskTool,
  searchSymbolTool,
  getContextTool,
  getCallersTool,
  getDependenciesTool,
  getExecutionPathTool,
  synonymListTool,
  synonymAddTool,
  synonymRemoveTool,
] as readonly AnyToolSpec[];

export function createMcpServer(ctx: ServerContext, version: string): McpServer {
  const server = new McpServer(
    { name: 'codectx', version },
    {
      capabilities: { tools: {} },
      maxToolInputElements: MAX_ARGUMENT_ELEMENTS,
      instructions:
        'codectx answers which code an agent must read for a task. Start with ingest (or parse a path), then query the ' +
        'DependencyGraph session. Every tool takes max_tokens; truncated results carry _budget_truncated and a note on how to get the rest.',
    },
  );
  for (const tool of TOOLS) registerTool(server, ctx, tool);
  return server;
}

export async function serveStdio(options: ServerOptions, version: string): Promise<void> {
  const ctx = new ServerContext(options);
  const server = createMcpServer(ctx, version);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  await closed;
  ctx.close();
}
