/**
 * Sessions: named, stored results (an ingested repository, a dependency graph, an architecture) that later calls
 * refer to by id. They live in the index database, so they outlive the process that made them.
 */
import { randomBytes } from 'node:crypto';
import type { IndexStore } from './store.js';

/** The index and working-tree state a session was built from. */
export interface SessionState {
  indexVersion: number;
  /** Fingerprint of the indexable files' contents when the session was built. */
  treeHash: string;
}

export interface SessionRecord extends SessionState {
  /** 12 lowercase hex characters. */
  id: string;
  type: string;
  params: unknown;
  result: unknown;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export type SessionSummary = Omit<SessionRecord, 'params' | 'result'>;

export const SESSION_ID_PATTERN = /^[0-9a-f]{12}$/;

interface SessionRow {
  id: string;
  type: string;
  params: string;
  result: string;
  index_version: number;
  tree_hash: string;
  created_at: string;
}

export class SessionStore {
  constructor(private readonly store: IndexStore) {}

  create(type: string, params: unknown, result: unknown, state: SessionState): SessionRecord {
    const insert = this.store.db.prepare(
      'INSERT OR IGNORE INTO sessions(id, type, params, result, index_version, tree_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const createdAt = new Date().toISOString();
    for (;;) {
      const id = randomBytes(6).toString('hex');
      const info = insert.run(id, type, JSON.stringify(params), JSON.stringify(result), state.indexVersion, state.treeHash, createdAt);
      if (info.changes === 1) return { id, type, params, result, ...state, createdAt };
    }
  }

  get(id: string): SessionRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
    return row && {
      id: row.id,
      type: row.type,
      params: JSON.parse(row.params) as unknown,
      result: JSON.parse(row.result) as unknown,
      indexVersion: row.index_version,
      treeHash: row.tree_hash,
      createdAt: row.created_at,
    };
  }

  /** Oldest first. */
  list(): SessionSummary[] {
    const rows = this.store.db
      .prepare('SELECT id, type, index_version, tree_hash, created_at FROM sessions ORDER BY created_at, rowid')
      .all() as SessionRow[];
    return rows.map((r) => ({ id: r.id, type: r.type, indexVersion: r.index_version, treeHash: r.tree_hash, createdAt: r.created_at }));
  }

  /** Replaces a session's result and state (a refresh); false when the id is unknown. */
  update(id: string, result: unknown, state: SessionState): boolean {
    const info = this.store.db
      .prepare('UPDATE sessions SET result = ?, index_version = ?, tree_hash = ? WHERE id = ?')
      .run(JSON.stringify(result), state.indexVersion, state.treeHash, id);
    return info.changes === 1;
  }

  delete(id: string): boolean {
    return this.store.db.prepare('DELETE FROM sessions WHERE id = ?').run(id).changes === 1;
  }
}
