/** synonym_list, synonym_add, synonym_remove: a repository's own vocabulary, used to expand task and query words. */
import { z } from 'zod';
import { addRepoSynonyms, removeRepoSynonyms, repoSynonymPairs } from '../../api/retrieval.js';
import { indexIdle } from '../../api/workspace.js';
import { cutRankedList } from '../budget.js';
import { defineTool, toJson } from '../tool.js';
import { MAX_LIST_ITEMS, offsetArg, pathArg } from './args.js';

const repoArg = pathArg.optional().describe('A served repository root (default: the first one)');
const wordArg = z.string().min(1).max(200);

export const synonymListTool = defineTool({
  name: 'synonym_list',
  description: "The repository's synonyms (term -> alias pairs) that context_for_task, get_context and search expand queries with.",
  readOnly: true,
  input: { repo: repoArg, offset: offsetArg },
  run(args, ctx) {
    const pairs = repoSynonymPairs(ctx.repoFor(args.repo).store);
    const result = toJson({ offset: args.offset, synonyms: pairs.slice(args.offset), synonyms_total: pairs.length });
    const rest = (next: number): string => `call synonym_list with offset=${next} for more`;
    return { result, reductions: [cutRankedList(result, 'synonyms', { label: 'pairs', order: 'alphabetical', offset: args.offset, total: pairs.length, rest })] };
  },
});

export const synonymAddTool = defineTool({
  name: 'synonym_add',
  description: 'Teach the repository a synonym: words in tasks and queries that mean `term` in this code base (e.g. term "auth", aliases ["login", "signin"]).',
  readOnly: false,
  input: { term: wordArg, aliases: z.array(wordArg).min(1).max(MAX_LIST_ITEMS), repo: repoArg },
  async run(args, ctx) {
    const repo = ctx.repoFor(args.repo);
    await indexIdle(repo);
    const added = addRepoSynonyms(repo.store, args.term, args.aliases);
    return { result: { term: args.term.trim().toLowerCase(), added } };
  },
});

export const synonymRemoveTool = defineTool({
  name: 'synonym_remove',
  description: 'Remove one alias of a term, or all of its aliases when no alias is given.',
  readOnly: false,
  input: { term: wordArg, alias: wordArg.optional(), repo: repoArg },
  async run(args, ctx) {
    const repo = ctx.repoFor(args.repo);
    await indexIdle(repo);
    const removed = removeRepoSynonyms(repo.store, args.term, args.alias);
    return { result: { term: args.term.trim().toLowerCase(), removed } };
  },
});
