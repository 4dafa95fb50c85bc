/**
 * A repository's first index is built in a file of its own, with no journal, and moved into place once committed.
 * SQLite then writes each page once, where a WAL run writes it to the log and again to the database when the log
 * is checkpointed (on Django, 86 MB each, and the checkpoint takes ~0.2 s at the end of the run). Until the file
 * is in place a reader finds no index, as it would if the run had not started; a run killed half-way leaves a
 * file the next run deletes.
 */
import { closeSync, fsyncSync, linkSync, openSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../util/errors.js';
import { DERIVED_DIR_NAME, INDEX_DB_NAME } from './store.js';
const BUILDING_PREFIX = `${INDEX_DB_NAME}.building-`;

/** First indexes this process is building, for an interrupted process to delete (discardUnfinished). */
const unfinished = new Set<FreshIndexFile>();

export class FreshIndexFile {
  private constructor(
    private readonly indexDir: string,
    /** The file being built, in indexDir. */
    readonly name: string,
  ) {}

  /**
   * A file to build a first index in, having deleted those left by runs that died and the files derived from an
   * index that was there before (its versions, which they record, start again); `indexDir` must exist.
   */
  static begin(indexDir: string): FreshIndexFile {
    rmSync(join(indexDir, DERIVED_DIR_NAME), { recursive: true, force: true });
    for (const entry of readdirSync(indexDir)) {
      if (!entry.startsWith(BUILDING_PREFIX)) continue;
      const pid = Number(entry.slice(BUILDING_PREFIX.length).split('-')[0]);
      if (!isAlive(pid)) unlinkSync(join(indexDir, entry));
    }
    const file = new FreshIndexFile(indexDir, `${BUILDING_PREFIX}${process.pid}-${Date.now().toString(36)}`);
    unfinished.add(file);
    return file;
  }

  /** Flushes the built file (closed, with its journal mode set for readers) to disk and makes it the index. */
  publish(): void {
    const built = join(this.indexDir, this.name);
    const fd = openSync(built, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      // A link, unlike a rename, fails when another run has put an index in place meanwhile.
      linkSync(built, join(this.indexDir, INDEX_DB_NAME));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new UserError(`another codectx run created the index in ${this.indexDir} meanwhile; run codectx index again`);
      }
      throw err;
    } finally {
      this.discard();
    }
  }

  /** Deletes the file being built (with any journal files of its connection). */
  discard(): void {
    unfinished.delete(this);
    for (const suffix of ['', '-wal', '-shm', '-journal']) {
      try {
        unlinkSync(join(this.indexDir, this.name + suffix));
      } catch {
        // not there
      }
    }
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Deletes the first indexes this process is building, for a process about to end on a signal: the next run would
 * delete them, but an interrupted `codectx index` should not leave a partial file of the index's size behind.
 * Returns how many there were.
 */
export function discardUnfinished(): number {
  const files = [...unfinished];
  for (const file of files) file.discard();
  return files.length;
}
