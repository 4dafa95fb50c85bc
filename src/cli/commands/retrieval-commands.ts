/** context, search, synonym: asking the index which code matters for a task or a name. */
import { architectureFrom } from '../../api/architecture.js';
import { openStoreForWrite } from '../../api/open.js';
import {
  DEFAULT_MAX_FILES, DEFAULT_SYMBOL_LIMIT, addRepoSynonyms, indexSymbolSearch, removeRepoSynonyms, repoSynonymPairs, taskContext,
  type ContextForTaskResult,
} from '../../api/retrieval.js';
import { UserError } from '../../util/errors.js';
import { REPO_OPTIONS, int, printJson, repoOf, str, withUpdatedRepo, type Command } from '../command.js';

function formatContext(result: ContextForTaskResult): string {
  if (result.error) return `${result.error}`;
  const lines = [`keywords: ${result.keywords.join(', ')}`, ''];
  result.files.forEach((f, i) => {
    lines.push(`${String(i + 1).padStart(2)}. ${f.file_path}  (${f.score.toFixed(3)}, ${f.primary_role})`);
    lines.push(`    ${f.reason}`);
    for (const e of f.entities) lines.push(`      ${e.fqn}  [${e.role}]`);
  });
  if (result.files.length === 0) lines.push('no matching files');
  return lines.join('\n');
}

export const contextCommand: Command = {
  name: 'context',
  usage: 'codectx context "TASK" [--repo DIR] [--index-dir DIR] [--max-files N] [--architecture ALGO|FILE] [--json]',
  summary: 'the files to read for a task, ranked, with the entities and relationships that put them there',
  positionals: ['TASK...'],
  options: {
    ...REPO_OPTIONS,
    'max-files': { type: 'string', help: `the most files to list (default: ${DEFAULT_MAX_FILES})` },
    architecture: { type: 'string', help: 'add files of the same components: an algorithm (see recover) or a recover --json file' },
  },
  async run(values, positionals) {
    const task = positionals.join(' ');
    if (!task.trim()) throw new UserError('usage: codectx context "TASK"');
    const maxFiles = int(values, 'max-files', DEFAULT_MAX_FILES, { min: 1 });
    const algorithm = str(values, 'architecture');
    const result = await withUpdatedRepo(values, (handle) =>
      taskContext(handle, task, { maxFiles, architecture: algorithm ? architectureFrom(handle, algorithm) : undefined }),
    );
    if (values.json) printJson(result);
    else process.stdout.write(`${formatContext(result)}\n`);
  },
};

export const searchCommand: Command = {
  name: 'search',
  usage: 'codectx search NAME [--exact] [--limit N] [--repo DIR] [--index-dir DIR] [--json]',
  summary: 'entities for a name or phrase: exact, prefix, word and close-spelling matches',
  positionals: ['NAME...'],
  options: {
    ...REPO_OPTIONS,
    exact: { type: 'boolean', help: 'exact matches only' },
    limit: { type: 'string', help: `the most matches to list (default: ${DEFAULT_SYMBOL_LIMIT})` },
  },
  async run(values, positionals) {
    const name = positionals.join(' ');
    if (!name.trim()) throw new UserError('usage: codectx search NAME');
    const limit = int(values, 'limit', DEFAULT_SYMBOL_LIMIT, { min: 1 });
    const matches = await withUpdatedRepo(values, (handle) => indexSymbolSearch(handle, name, { exact: values.exact === true, limit }));
    if (values.json) return printJson(matches);
    if (matches.length === 0) process.stdout.write('no matching symbols\n');
    for (const m of matches) process.stdout.write(`${m.kind.padEnd(10)} ${m.fqn}  ${m.file_path}:${m.line}  [${m.match}]\n`);
  },
};

export const synonymCommand: Command = {
  name: 'synonym',
  usage: 'codectx synonym add TERM ALIAS... | list | remove TERM [ALIAS]  [--repo DIR] [--index-dir DIR] [--json]',
  summary: "per-repository synonyms that expand a task's words before matching",
  positionals: ['add|list|remove', '[ARG...]'],
  options: REPO_OPTIONS,
  async run(values, positionals) {
    const [action, term, ...rest] = positionals;
    // Synonyms do not depend on the indexed files: they can be set before the first index run.
    const store = openStoreForWrite(await repoOf(values), str(values, 'index-dir'));
    try {
      if (action === 'add') {
        if (!term || rest.length === 0) throw new UserError('usage: codectx synonym add TERM ALIAS...');
        const added = addRepoSynonyms(store, term, rest);
        if (values.json) printJson({ term, aliases: rest, added });
        else process.stdout.write(`added ${added} synonym${added === 1 ? '' : 's'} for ${term}\n`);
      } else if (action === 'remove') {
        if (!term || rest.length > 1) throw new UserError('usage: codectx synonym remove TERM [ALIAS]');
        const removed = removeRepoSynonyms(store, term, rest[0]);
        if (values.json) printJson({ term, alias: rest[0] ?? null, removed });
        else process.stdout.write(`removed ${removed} synonym${removed === 1 ? '' : 's'}\n`);
      } else if (action === 'list' && term === undefined) {
        const pairs = repoSynonymPairs(store);
        if (values.json) return printJson(pairs);
        const byTerm = new Map<string, string[]>();
        for (const p of pairs) byTerm.set(p.term, [...(byTerm.get(p.term) ?? []), p.alias]);
        if (byTerm.size === 0) process.stdout.write('no synonyms\n');
        for (const [t, aliases] of byTerm) process.stdout.write(`${t}: ${aliases.join(', ')}\n`);
      } else {
        throw new UserError(`usage: ${synonymCommand.usage}`);
      }
    } finally {
      store.close();
    }
  },
};
