/** The codectx command line: parses arguments and dispatches to a command; user errors print one line. */
import { statSync } from 'node:fs';
import { constants } from 'node:os';
import { parseArgs } from 'node:util';
import { discardUnfinished } from '../api/indexing.js';
import { UserError } from '../util/errors.js';
import { packageVersion } from '../util/package.js';
import type { Command } from './command.js';
import { loadAllCommands, loadCommand } from './commands.js';

async function usage(): Promise<string> {
  const commands = await loadAllCommands();
  const width = Math.max(...commands.map((c) => c.name.length));
  return ['usage: codectx <command> [options]', '', ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`), '', 'codectx <command> --help for its options, codectx --version for the version'].join('\n');
}

/** `--format jsonl|dot|rsf`: an option with its value named as in the command's usage line. */
function flag(command: Command, name: string): string {
  if (command.options[name]?.type !== 'string') return `--${name}`;
  return `--${name} ${new RegExp(`--${name} ([^\\s\\]]+)`).exec(command.usage)?.[1] ?? 'VALUE'}`;
}

function commandHelp(command: Command): string {
  const rows = Object.entries(command.options).map(([name, option]) => [flag(command, name), option.help ?? ''] as const);
  const width = Math.max(...rows.map(([f]) => f.length));
  return [`usage: ${command.usage}`, command.summary, '', 'options:', ...rows.map(([f, help]) => `  ${f.padEnd(width)}  ${help}`.trimEnd())].join('\n');
}

/**
 * parseArgs's error as one line of ours: its own spans lines and suggests `--` for an unknown option, as if a
 * positional were meant. A lenient parse's tokens say which option it stopped at. (Positionals are allowed here
 * and counted by checkPositionals, so ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL does not occur.)
 */
function optionError(command: Command, args: string[], err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const { code } = err as NodeJS.ErrnoException;
  if (code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return err;
  const { tokens } = parseArgs({ args, options: command.options, allowPositionals: true, strict: false, tokens: true });
  const say = (message: string): UserError => new UserError(`${command.name}: ${message}`);
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    const option = Object.hasOwn(command.options, t.name) ? command.options[t.name] : undefined;
    if (!option) return say(`unknown option ${t.rawName} (codectx ${command.name} --help lists its options)`);
    if (option.type === 'boolean' && t.value !== undefined) return say(`${t.rawName} takes no value, got ${JSON.stringify(t.value)}`);
    if (option.type !== 'string') continue;
    if (t.value === undefined) return say(`${t.rawName} needs a value (${flag(command, t.name)})`);
    // parseArgs takes the next argument as the value, unless it looks like an option: then a value was forgotten.
    if (!t.inlineValue && t.value.length > 1 && t.value.startsWith('-')) {
      return say(`${t.rawName} needs a value, got the option ${t.value} (write ${t.rawName}=${t.value} if it is the value)`);
    }
  }
  return say(err.message.split('\n')[0]);
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

/** Refuses positionals the command does not take: extra words were ignored, and `index DIR` indexed the current directory. */
function checkPositionals(command: Command, positionals: string[]): void {
  const names = command.positionals;
  const min = names.filter((n) => !n.startsWith('[')).length;
  const max = names.some((n) => n.includes('...')) ? Infinity : names.length;
  const n = positionals.length;
  if (n >= min && n <= max) return;
  const quoted = positionals.map((p) => JSON.stringify(p)).join(' ');
  const got = n === 0 ? 'none' : n === 1 ? quoted : `${n} arguments: ${quoted}`;
  const dir = 'repo' in command.options ? positionals.slice(max).find(isDirectory) : undefined;
  const hint = dir === undefined ? '' : ` (did you mean --repo ${dir}?)`;
  throw new UserError(`${command.name} takes ${names.length ? names.join(' ') : 'no arguments'}, got ${got}${hint}`);
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (name === 'help' && rest.length > 0) return main([rest[0], '--help']);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${await usage()}\n`);
    return name ? 0 : 2;
  }
  const command = await loadCommand(name);
  if (!command) throw new UserError(`unknown command "${name}" (codectx --help lists the commands)`);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${commandHelp(command)}\n`);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
  } catch (err) {
    throw optionError(command, rest, err);
  }
  checkPositionals(command, parsed.positionals);
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
