/**
 * An index run's writes on a thread of their own, so SQLite's work (inserting rows, maintaining indexes,
 * committing) overlaps the resolution on the calling thread. The thread holds the run's single transaction
 * on its own connection; messages are applied in the order they were sent, and commit answers only once
 * everything before it is written and committed (or reports the first failure, having rolled back).
 */
import { Worker } from 'node:worker_threads';
import type { FileDeps } from '../indexer/resolve/index.js';
import type { FileExtract } from '../indexer/types.js';
import type { SqlValue } from './batch-insert.js';
import { entityValues, fileRecord, resolutionRows, type FileRow, type ResolutionRows } from './rows.js';
import type { FileEdges } from './store.js';
import type { RunWriter } from './update-writer.js';

export type WriteOp =
  | { op: 'open'; indexDir: string; building?: string }
  | { op: 'remove'; path: string }
  | { op: 'upsert'; row: FileRow; entities: SqlValue[] }
  | { op: 'stamp'; path: string; stamp: string }
  | { op: 'resolution'; path: string; rows: ResolutionRows; deps: string }
  | { op: 'meta'; key: string; value: string }
  | { op: 'filesDone' }
  /** `stay`: the thread waits for another run's `open` instead of ending. */
  | { op: 'commit'; skips: [string, string][]; summary: unknown; stay: boolean }
  | { op: 'rollback'; stay: boolean }
  | { op: 'quit' };

const BATCH_OPS = 64;
/** Posts a batch early once it holds about this many characters (a value of a row list counting as CHARS_PER_VALUE). */
const BATCH_CHARS = 1 << 20;
const CHARS_PER_VALUE = 16;

export type WriteReply = { op: 'done' } | { op: 'failed'; message: string };

/** How long a process keeps an idle writer thread for its next run, as it keeps its extraction workers (pool.ts). */
const IDLE_WRITER_MS = 60_000;

/** The writer thread a run of this process left for the next one: started, its modules loaded, its code optimized. */
let idle: { worker: Worker; timer: NodeJS.Timeout } | undefined;

/** The thread id of the idle writer thread, if any (for tests). */
export function idleWriterThread(): number | undefined {
  return idle?.worker.threadId;
}

function takeIdle(): Worker | undefined {
  if (idle === undefined) return undefined;
  const { worker, timer } = idle;
  idle = undefined;
  clearTimeout(timer);
  forgetListeners(worker);
  worker.ref();
  return worker;
}

/** Removes the listeners a run or the idle slot added (not all: Node's own start and stop the thread's port). */
function forgetListeners(worker: Worker): void {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
}

/** Keeps a thread whose run is over for the next run; one at a time: another ends once it has checkpointed. */
function park(worker: Worker): void {
  forgetListeners(worker);
  if (idle !== undefined) {
    worker.postMessage([{ op: 'quit' }]);
    return;
  }
  worker.unref();
  const drop = (): void => {
    if (idle?.worker !== worker) return;
    clearTimeout(idle.timer);
    idle = undefined;
  };
  worker.on('error', drop);
  worker.on('exit', drop);
  const timer = setTimeout(() => {
    drop();
    worker.postMessage([{ op: 'quit' }]);
  }, IDLE_WRITER_MS);
  timer.unref();
  idle = { worker, timer };
}

export class ThreadedWriter implements RunWriter {
  private readonly worker: Worker;
  private ended = false;
  /** The run's end: the thread's reply to commit or rollback, or its crash. */
  private readonly reply: Promise<WriteReply>;

  /**
   * Starts the thread, or takes the one an earlier run of this process left, and opens the run's transaction there
   * (the index must exist and be migrated). With `keep`, the thread waits for this process's next run once done.
   */
  constructor(
    indexDir: string,
    building?: string,
    private readonly keep = false,
  ) {
    this.worker = takeIdle() ?? new Worker(new URL('./write-worker.js', import.meta.url));
    this.reply = new Promise<WriteReply>((resolve) => {
      this.worker.once('message', resolve);
      this.worker.once('error', (err) => resolve({ op: 'failed', message: err.message }));
      this.worker.once('exit', (code) => resolve({ op: 'failed', message: `writer thread exited (${code})` }));
    });
    this.send({ op: 'open', indexDir, building });
    this.flush();
  }

  /** Writes not yet posted: they go in batches, since every message costs a wake-up of the thread. */
  private pending: WriteOp[] = [];
  private pendingChars = 0;

  private send(op: WriteOp, chars = 0): void {
    if (this.ended) return;
    this.pending.push(op);
    this.pendingChars += chars;
    if (this.pending.length >= BATCH_OPS || this.pendingChars >= BATCH_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.worker.postMessage(this.pending);
    this.pending = [];
    this.pendingChars = 0;
  }

  removeFile(path: string): void {
    this.send({ op: 'remove', path });
  }

  upsertFile(extract: FileExtract, refsJson: string, hash: string, size: number, moduleFqn: string, stamp: string): FileExtract {
    const { row, declarations } = fileRecord(extract, refsJson, hash, size, moduleFqn, stamp);
    const entities = entityValues(extract.entities);
    this.send({ op: 'upsert', row, entities }, row.extract.length + row.refs.length + entities.length * CHARS_PER_VALUE);
    return declarations;
  }

  setStamp(path: string, stamp: string): void {
    this.send({ op: 'stamp', path, stamp });
  }

  writeResolution(path: string, res: FileEdges, deps: FileDeps): void {
    const op = { op: 'resolution', path, rows: resolutionRows(res), deps: JSON.stringify(deps) } as const;
    this.send(op, (op.rows.edges.length + op.rows.externals.length) * CHARS_PER_VALUE + op.deps.length);
  }

  setMeta(key: string, value: string): void {
    this.send({ op: 'meta', key, value });
  }

  filesDone(): void {
    this.send({ op: 'filesDone' });
    this.flush();
  }

  async commit(skips: ReadonlyMap<string, string>, summary: unknown): Promise<void> {
    this.send({ op: 'commit', skips: [...skips], summary, stay: this.keep });
    const reply = await this.end();
    if (reply.op === 'failed') throw new Error(`codectx: writing the index failed: ${reply.message}`);
  }

  async rollback(): Promise<void> {
    this.send({ op: 'rollback', stay: this.keep });
    await this.end();
  }

  private async end(): Promise<WriteReply> {
    this.flush();
    this.ended = true;
    const reply = await this.reply;
    // Having answered, the thread checkpoints and then ends by itself or, kept, waits (write-worker.ts); one that
    // failed may do neither.
    if (reply.op !== 'done') await this.worker.terminate();
    else if (this.keep) park(this.worker);
    return reply;
  }
}
