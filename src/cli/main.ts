/** The codectx command line: parses arguments and dispatches to a command; user errors print one line. */
import { parseArgs } from 'node:util';
import { UserError } from '../util/errors.js';
import type { Command } from './command.js';
import { exportCommand, indexCommand, showCommand, statsCommand, watchCommand } from './commands/index-commands.js';
import { compareCommand, metricsCommand, recoverCommand, smellsCommand } from './commands/architecture-commands.js';
import { callersCommand, depsCommand, getContextCommand, pathCommand } from './commands/context-commands.js';
import { mcpCommand } from './commands/mcp-command.js';
import { contextCommand, searchCommand, synonymCommand } from './commands/retrieval-commands.js';
import { serveCommand } from './commands/serve-command.js';

const COMMANDS: Command[] = [
  indexCommand,
  showCommand,
  statsCommand,
  exportCommand,
  watchCommand,
  contextCommand,
  searchCommand,
  synonymCommand,
  getContextCommand,
  callersCommand,
  depsCommand,
  pathCommand,
  recoverCommand,
  metricsCommand,
  compareCommand,
  smellsCommand,
  serveCommand,
  mcpCommand,
];

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return ['usage: codectx <command> [options]', '', ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`), '', 'codectx <command> --help for its options'].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${usage()}\n`);
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new UserError(`unknown command "${name}"\n${usage()}`);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`usage: ${command.usage}\n${command.summary}\n`);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UserError(`${err instanceof Error ? err.message : String(err)}\nusage: ${command.usage}`);
  }
  const code = await command.run(parsed.values, parsed.positionals);
  return typeof code === 'number' ? code : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`codectx: ${message}\n`);
    if (!(err instanceof UserError) && process.env.CODECTX_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    process.exitCode = err instanceof UserError ? 2 : 1;
  },
);
