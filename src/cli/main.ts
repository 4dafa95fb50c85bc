/** The codectx command line: parses arguments and dispatches to a command; user errors print one line. */
import { constants } from 'node:os';
import { parseArgs } from 'node:util';
import { discardUnfinished } from '../api/indexing.js';
import { UserError } from '../util/errors.js';
import { loadAllCommands, loadCommand } from './commands.js';

async function usage(): Promise<string> {
  const commands = await loadAllCommands();
  const width = Math.max(...commands.map((c) => c.name.length));
  return ['usage: codectx <command> [options]', '', ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`), '', 'codectx <command> --help for its options'].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${await usage()}\n`);
    return name ? 0 : 2;
  }
  const command = await loadCommand(name);
  if (!command) throw new UserError(`unknown command "${name}"\n${await usage()}`);
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

// A reader that stops early (`codectx export | head`) closes the pipe: the rest of the output is not wanted, which
// is no failure of the command. Without a listener the write error would end the process with a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  process.stderr.write(`codectx: cannot write the output: ${err.message}\n`);
  process.exit(1);
});

// Interrupted (Ctrl-C, a terminal closed, a supervisor's SIGTERM), the process ends as it would by default, having
// deleted a first index it was building: that file grows to the index's size and would stay until the next run.
// An update needs nothing: its transaction is not committed. Commands that stop by themselves on the signal
// (watch, the servers) listen for it too, and are left to do so unless a first index is being built.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (discardUnfinished() === 0 && process.listenerCount(signal) > 1) return;
    process.stderr.write(`${process.stderr.isTTY ? '\n' : ''}codectx: interrupted\n`);
    process.exit(128 + constants.signals[signal]);
  });
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
