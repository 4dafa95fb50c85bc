/** Per-repository synonyms kept in the index (`synonyms(term, alias)`), lowercased and trimmed. */
import type { IndexStore } from './store.js';

export interface SynonymPair {
  term: string;
  alias: string;
}

function clean(word: string): string {
  return word.trim().toLowerCase();
}

/** Adds aliases for a term; returns how many pairs were new. */
export function addSynonyms(store: IndexStore, term: string, aliases: readonly string[]): number {
  const t = clean(term);
  if (!t) throw new RangeError('a synonym term must not be empty');
  const insert = store.db.prepare('INSERT OR IGNORE INTO synonyms(term, alias) VALUES (?, ?)');
  let added = 0;
  store.db.transaction(() => {
    for (const alias of aliases.map(clean)) {
      if (alias && alias !== t) added += insert.run(t, alias).changes;
    }
  })();
  return added;
}

/** Removes one alias of a term, or every alias when none is given; returns how many pairs went. */
export function removeSynonyms(store: IndexStore, term: string, alias?: string): number {
  const t = clean(term);
  if (alias === undefined) return store.db.prepare('DELETE FROM synonyms WHERE term = ?').run(t).changes;
  return store.db.prepare('DELETE FROM synonyms WHERE term = ? AND alias = ?').run(t, clean(alias)).changes;
}

export function listSynonyms(store: IndexStore): SynonymPair[] {
  return store.db.prepare('SELECT term, alias FROM synonyms ORDER BY term, alias').all() as SynonymPair[];
}
