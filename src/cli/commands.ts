/**
 * Every command by name, each loaded only when it runs: a command then loads only the modules it uses. Indexing
 * does not need the MCP SDK or the retrieval stack, and an agent may run `codectx index` after every edit.
 */
import type { Command } from './command.js';

export const COMMANDS: readonly (readonly [name: string, load: () => Promise<Command>])[] = [
  ['index', async () => (await import('./commands/index-commands.js')).indexCommand],
  ['show', async () => (await import('./commands/index-commands.js')).showCommand],
  ['stats', async () => (await import('./commands/index-commands.js')).statsCommand],
  ['export', async () => (await import('./commands/index-commands.js')).exportCommand],
  ['watch', async () => (await import('./commands/index-commands.js')).watchCommand],
  ['context', async () => (await import('./commands/retrieval-commands.js')).contextCommand],
  ['search', async () => (await import('./commands/retrieval-commands.js')).searchCommand],
  ['synonym', async () => (await import('./commands/retrieval-commands.js')).synonymCommand],
  ['get-context', async () => (await import('./commands/context-commands.js')).getContextCommand],
  ['callers', async () => (await import('./commands/context-commands.js')).callersCommand],
  ['deps', async () => (await import('./commands/context-commands.js')).depsCommand],
  ['path', async () => (await import('./commands/context-commands.js')).pathCommand],
  ['recover', async () => (await import('./commands/architecture-commands.js')).recoverCommand],
  ['metrics', async () => (await import('./commands/architecture-commands.js')).metricsCommand],
  ['compare', async () => (await import('./commands/architecture-commands.js')).compareCommand],
  ['smells', async () => (await import('./commands/architecture-commands.js')).smellsCommand],
  ['serve', async () => (await import('./commands/serve-command.js')).serveCommand],
  ['mcp', async () => (await import('./commands/mcp-command.js')).mcpCommand],
];

/** The command called `name`, or undefined. */
export async function loadCommand(name: string): Promise<Command | undefined> {
  return COMMANDS.find(([n]) => n === name)?.[1]();
}

export function loadAllCommands(): Promise<Command[]> {
  return Promise.all(COMMANDS.map(([, load]) => load()));
}
