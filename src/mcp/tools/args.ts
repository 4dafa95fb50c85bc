/** Argument schemas several tools share; every string and list is bounded. */
import { z } from 'zod';
import { MAX_PATH_CHARS } from '../paths.js';

export const MAX_QUERY_CHARS = 20_000;
export const MAX_NAME_CHARS = 1000;
export const MAX_LIST_ITEMS = 100;

export const pathArg = z.string().min(1).max(MAX_PATH_CHARS);

/** Not pattern-checked, so a malformed id gets the same answer as an unknown one: the list of ids there are. */
export const sessionIdArg = z.string().min(1).max(64).describe('A session id (12 hex characters)');

export const offsetArg = z.number().int().min(0).max(1_000_000).default(0)
  .describe('Skip this many items of the ranked list (to page past a truncated result)');

export const symbolArg = z.string().min(1).max(MAX_NAME_CHARS);

export const queryArg = z.string().min(1).max(MAX_QUERY_CHARS);
