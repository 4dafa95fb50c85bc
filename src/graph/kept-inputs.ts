/**
 * What resolution loads from an index (every file's declarations and resolution record), kept by a process
 * between its runs on that index (`codectx watch`, the MCP server): a run that finds the index at the version
 * the last run left starts from these instead of reading and parsing them again. The declarations of the files
 * a run stored are kept as loading them from the index gives them (rows.ts fileRecord); another process's run
 * changes the version, and the next run loads from the index again.
 */
import type { FileDeps, RepoTables } from '../indexer/resolve/index.js';
import type { FileExtract } from '../indexer/types.js';

interface Kept {
  indexDir: string;
  version: number;
  /** By path, in path order (as the index loads them). */
  declarations: Map<string, FileExtract>;
  deps: Map<string, FileDeps>;
  /** The last run's resolver tables over `declarations`, until a run takes them to update. */
  tables: RepoTables | undefined;
}

/** Every stored file's declarations (as IndexStore.loadDeclarations gives them) and resolution records. */
export interface ResolutionInputs {
  extracts: ReadonlyMap<string, FileExtract>;
  deps: ReadonlyMap<string, FileDeps>;
}

/** One index's inputs at a time: a process rarely indexes several repositories in turn. */
let kept: Kept | undefined;

/** The kept declarations and records of `indexDir` at `version`, or undefined. */
export function keptInputs(indexDir: string, version: number): ResolutionInputs | undefined {
  if (kept === undefined || kept.indexDir !== indexDir || kept.version !== version) return undefined;
  return { extracts: new Map(kept.declarations), deps: new Map(kept.deps) };
}

/**
 * The resolver tables kept with the declarations of `indexDir` at `version`, handed over once: the run that takes
 * them updates them in place, and keeps them again only once committed.
 */
export function takeKeptTables(indexDir: string, version: number): RepoTables | undefined {
  if (kept === undefined || kept.indexDir !== indexDir || kept.version !== version) return undefined;
  const tables = kept.tables;
  kept.tables = undefined;
  return tables;
}

export interface RunChanges {
  /** Declarations of the files the run stored, as stored (see RunWriter.upsertFile). */
  stored: ReadonlyMap<string, FileExtract>;
  removed: readonly string[];
  /** Resolution records the run wrote. */
  resolved: ReadonlyMap<string, FileDeps>;
}

/**
 * Keeps what the index holds after a committed run at `version`: `before` (the declarations and records the run
 * started from, unchanged) with the run's changes, and `tables` when they were built or updated over the result.
 */
export function keepInputs(
  indexDir: string,
  version: number,
  before: ResolutionInputs,
  changes: RunChanges,
  tables: RepoTables | undefined,
): void {
  const declarations = new Map<string, FileExtract>(before.extracts);
  const deps = new Map(before.deps);
  for (const path of changes.removed) {
    declarations.delete(path);
    deps.delete(path);
  }
  for (const [path, stored] of changes.stored) declarations.set(path, stored);
  for (const [path, record] of changes.resolved) deps.set(path, record);
  const sorted = [...declarations].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  kept = { indexDir, version, declarations: new Map(sorted), deps, tables };
}
