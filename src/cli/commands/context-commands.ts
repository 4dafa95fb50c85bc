/** get-context, callers, deps, path: queries that first bring the index up to date. */
import {
  DEFAULT_DEPTH, DEFAULT_PATH_COUNT, DEFAULT_TOKEN_BUDGET, callersForRepo, contextForRepo, dependenciesForRepo, executionPathForRepo, renderContext,
  type Dependency,
} from '../../api/context.js';
import { UserError } from '../../util/errors.js';
import { REPO_OPTIONS, int, printJson, str, strs, withUpdatedRepo, type Command } from '../command.js';

export const getContextCommand: Command = {
  name: 'get-context',
  usage: 'codectx get-context "QUERY" [--budget N] [--seed-file F]... [--seed-symbol S]... [--repo DIR] [--index-dir DIR] [--json]',
  summary: 'the most relevant code for a query, within a token budget',
  positionals: ['QUERY...'],
  options: {
    ...REPO_OPTIONS,
    budget: { type: 'string', help: `the most tokens of code to return (default: ${DEFAULT_TOKEN_BUDGET})` },
    'seed-file': { type: 'string', multiple: true, help: 'start from this file\'s symbols (repeatable)' },
    'seed-symbol': { type: 'string', multiple: true, help: 'start from this symbol (repeatable)' },
  },
  async run(values, positionals) {
    const query = positionals.join(' ');
    if (!query.trim()) throw new UserError('get-context needs a query (codectx get-context --help)');
    const budget = int(values, 'budget', DEFAULT_TOKEN_BUDGET);
    const result = await withUpdatedRepo(values, (handle) =>
      contextForRepo(handle, { query, token_budget: budget, seed_files: strs(values, 'seed-file'), seed_symbols: strs(values, 'seed-symbol') }),
    );
    if (values.json) return printJson(result);
    if (result.nodes.length === 0) {
      process.stdout.write(`no code matched "${result.query}" (try other words, --seed-file or --seed-symbol)\n`);
      return;
    }
    process.stdout.write(renderContext(result));
    const s = result.selection;
    const bucketing = s.knapsack_bucketed ? `, knapsack bucketed by ${s.knapsack_bucket_size} tokens (loss <= ${s.knapsack_capacity_loss_bound})` : '';
    process.stderr.write(`codectx: ${result.nodes.length} snippets, ${result.tokens_used}/${result.token_budget} tokens, ${result.seed_nodes.length} seeds, ${s.candidates} candidates${bucketing}\n`);
  },
};

export const callersCommand: Command = {
  name: 'callers',
  usage: 'codectx callers SYMBOL [--path FILE] [--repo DIR] [--index-dir DIR] [--json]',
  summary: 'who calls a symbol, with call sites and confidence',
  positionals: ['SYMBOL'],
  options: { ...REPO_OPTIONS, path: { type: 'string', help: 'only the symbol defined in this file' } },
  async run(values, positionals) {
    const symbol = positionals[0];
    if (!symbol) throw new UserError(`usage: ${this.usage}`);
    const result = await withUpdatedRepo(values, (handle) => callersForRepo(handle, symbol, str(values, 'path')));
    if (values.json) return printJson(result);
    const lines = [`callers of ${result.targets.map((t) => `${t.kind} ${t.symbol} (${t.path}:${t.line})`).join(', ')}: ${result.callers.length}`];
    for (const c of result.callers) {
      lines.push(`  ${c.site.padEnd(40)} ${c.caller.kind} ${c.caller.symbol}${result.targets.length > 1 ? ` -> ${c.callee}` : ''}  [${c.confidence}, x${c.count}]`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  },
};

export const depsCommand: Command = {
  name: 'deps',
  usage: 'codectx deps FILE_OR_SYMBOL [--file PATH] [--transitive] [--depth N] [--repo DIR] [--index-dir DIR] [--json]',
  summary: 'what a file or symbol depends on (imports, calls, bases), directly or as a tree',
  positionals: ['FILE_OR_SYMBOL'],
  options: {
    ...REPO_OPTIONS,
    file: { type: 'string', help: 'the file that defines the symbol, when several share its name' },
    transitive: { type: 'boolean', help: 'their dependencies too, as a tree' },
    depth: { type: 'string', help: `how deep --transitive goes (default: ${DEFAULT_DEPTH})` },
  },
  async run(values, positionals) {
    const target = positionals[0];
    if (!target) throw new UserError(`usage: ${this.usage}`);
    const depth = int(values, 'depth', DEFAULT_DEPTH);
    const options = { transitive: values.transitive === true, depth, path: str(values, 'file'), narrow: '--file PATH' };
    const result = await withUpdatedRepo(values, (handle) => dependenciesForRepo(handle, target, options));
    if (values.json) return printJson(result);
    const name = result.target.kind === 'file' ? result.target.path : result.target.entity.symbol;
    const lines = [`dependencies of ${name}${result.transitive ? ` (to depth ${result.depth})` : ''}:`];
    const walk = (deps: readonly Dependency[], indent: string): void => {
      for (const d of deps) {
        lines.push(`${indent}${d.via.join('/').padEnd(12)} ${d.kind} ${d.symbol}  (${d.path}:${d.line}) [${d.confidence}]`);
        walk(d.children, `${indent}  `);
      }
    };
    walk(result.dependencies, '  ');
    if (result.externals.length) {
      lines.push(`external (unresolved) dependencies: ${result.externals.length}`);
      for (const x of result.externals) lines.push(`  ${x.kind.padEnd(12)} ${[x.module, x.symbol].filter(Boolean).join('.')}  [x${x.count}]`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  },
};

export const pathCommand: Command = {
  name: 'path',
  usage: 'codectx path SOURCE SINK [--source-file PATH] [--sink-file PATH] [--k N] [--repo DIR] [--index-dir DIR] [--json]',
  summary: 'the cheapest call/import paths from one symbol to another',
  positionals: ['SOURCE', 'SINK'],
  options: {
    ...REPO_OPTIONS,
    k: { type: 'string', help: `how many paths (default: ${DEFAULT_PATH_COUNT})` },
    'source-file': { type: 'string', help: 'the file that defines SOURCE, when several share its name' },
    'sink-file': { type: 'string', help: 'the file that defines SINK, when several share its name' },
  },
  async run(values, positionals) {
    const [source, sink] = positionals;
    if (!source || !sink) throw new UserError(`usage: ${this.usage}`);
    const k = int(values, 'k', DEFAULT_PATH_COUNT);
    const ends = {
      sourcePath: str(values, 'source-file'), sinkPath: str(values, 'sink-file'),
      narrow: { source: '--source-file PATH', sink: '--sink-file PATH' },
    };
    const result = await withUpdatedRepo(values, (handle) => executionPathForRepo(handle, source, sink, k, ends));
    if (values.json) return printJson(result);
    const lines = [result.message];
    result.paths.forEach((p, i) => {
      lines.push(`path ${i + 1} (cost ${p.cost.toFixed(2)}, ${p.steps.length} steps):`);
      lines.push(`  ${p.nodes[0]!.symbol}`);
      for (const s of p.steps) lines.push(`    --${s.kind}${s.confidence === 'inferred' ? '?' : ''}--> ${s.to}  (${s.site})`);
    });
    process.stdout.write(`${lines.join('\n')}\n`);
    return result.found ? 0 : 1;
  },
};
