/**
 * A tool is a small adapter: a zod input shape, a call into the API, and how its result shrinks under a token
 * budget. This module adds what every tool shares: the `max_tokens` argument, budget fitting, the text
 * rendering next to `structuredContent`, and turning every failure into a tool error.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { UserError } from '../util/errors.js';
import { fitToBudget, renderJson, type JsonObject, type Reduction } from './budget.js';
import type { ServerContext } from './context.js';

export const DEFAULT_MAX_TOKENS = 8000;
export const MAX_MAX_TOKENS = 200_000;

export const maxTokensArg = z
  .number()
  .int()
  .min(1)
  .max(MAX_MAX_TOKENS)
  .default(DEFAULT_MAX_TOKENS)
  .describe(`Upper bound on the size of this result in o200k tokens (default ${DEFAULT_MAX_TOKENS}); larger results are cut and flagged _budget_truncated`);

export interface ToolOutput {
  result: JsonObject;
  /** How the result shrinks when over budget, tried in order. */
  reductions?: Reduction[];
}

type Shape = z.ZodRawShape;
type Args<S extends Shape> = z.output<z.ZodObject<S>> & { max_tokens: number };

export interface ToolSpec<S extends Shape> {
  name: string;
  description: string;
  input: S;
  /** True for tools that only read (the MCP readOnlyHint). */
  readOnly: boolean;
  run(args: Args<S>, ctx: ServerContext): ToolOutput | Promise<ToolOutput>;
}

export type AnyToolSpec = ToolSpec<Shape>;

export function defineTool<S extends Shape>(spec: ToolSpec<S>): ToolSpec<S> {
  return spec;
}

/** Plain JSON of an API result: drops undefined fields and class instances' methods. */
export function toJson(value: object): JsonObject {
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}

export function registerTool<S extends Shape>(server: McpServer, ctx: ServerContext, spec: ToolSpec<S>): void {
  const inputSchema: z.ZodRawShape = { ...spec.input, max_tokens: maxTokensArg };
  server.registerTool(
    spec.name,
    { description: spec.description, inputSchema, annotations: { readOnlyHint: spec.readOnly, openWorldHint: false } },
    async (args: unknown): Promise<CallToolResult> => {
      try {
        const typed = args as Args<S>;
        const output = await spec.run(typed, ctx);
        const fitted = fitToBudget(output.result, typed.max_tokens, output.reductions ?? []);
        return { content: [{ type: 'text', text: renderJson(fitted.value) }], structuredContent: fitted.value };
      } catch (err) {
        return toolError(spec.name, err);
      }
    },
  );
}

/** Errors about the caller's input: the API throws UserError, and RangeError for out-of-range arguments. */
function isCallerError(err: unknown): boolean {
  return err instanceof UserError || err instanceof RangeError;
}

function toolError(name: string, err: unknown): CallToolResult {
  const message = err instanceof Error ? err.message : String(err);
  if (!isCallerError(err)) process.stderr.write(`codectx mcp: ${name} failed: ${err instanceof Error ? err.stack : message}\n`);
  const text = isCallerError(err) ? message : `internal error in ${name}: ${message}`;
  return { content: [{ type: 'text', text }], isError: true };
}
