/** Writer thread: runs one index run's UpdateWriter on a connection of its own, message by message, in order. */
import { parentPort } from 'node:worker_threads';
import { IndexStore } from './store.js';
import type { UpdateWriter } from './update-writer.js';
import type { WriteOp, WriteReply } from './write-thread.js';

if (!parentPort) throw new Error('write-worker.ts must run as a worker thread');
const port = parentPort;
let store: IndexStore | undefined;
let writer: UpdateWriter | undefined;
/** The first failure: later writes are dropped, and commit reports it instead of committing. */
let failure: string | undefined;

/** Ends the run; the thread ends too unless `stay` (then it waits for the next run's `open`). */
function finish(reply: WriteReply, stay = false): void {
  try {
    writer?.rollback();
    if (reply.op === 'done') {
      // Committed (or rolled back): what the run wrote is in the WAL, durable and visible to readers. The answer
      // goes first; copying the WAL into the database file, which SQLite would otherwise do inside COMMIT
      // (~0.1 s after a switch of commits on Django), follows on this thread while the caller goes on.
      port.postMessage(reply);
      store?.db.pragma('wal_checkpoint(PASSIVE)');
    }
  } catch {
    // A checkpoint that cannot run now is made by a later run's commit, or when the last connection closes.
  } finally {
    store?.close();
    store = undefined;
    writer = undefined;
    failure = undefined;
    if (reply.op !== 'done') port.postMessage(reply);
    if (reply.op !== 'done' || !stay) port.close();
  }
}

port.on('message', (ops: WriteOp[]) => {
  for (const op of ops) apply(op);
});

function apply(op: WriteOp): void {
  if (op.op === 'quit') return port.close();
  if (op.op === 'rollback') return finish({ op: 'done' }, op.stay);
  if (op.op === 'commit') {
    if (failure !== undefined || writer === undefined) return finish({ op: 'failed', message: failure ?? 'writer not open' });
    try {
      writer.commit(new Map(op.skips), op.summary);
    } catch (err) {
      return finish({ op: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
    return finish({ op: 'done' }, op.stay);
  }
  if (failure !== undefined) return;
  try {
    switch (op.op) {
      case 'open':
        store = IndexStore.open(op.indexDir, { building: op.building });
        // Checkpointed once answered (finish), not inside COMMIT.
        store.db.pragma('wal_autocheckpoint = 0');
        writer = store.beginUpdate();
        break;
      case 'remove':
        writer!.removeFile(op.path);
        break;
      case 'upsert':
        writer!.upsertRow(op.row, op.entities);
        break;
      case 'stamp':
        writer!.setStamp(op.path, op.stamp);
        break;
      case 'resolution':
        writer!.storeResolution(op.path, op.rows, op.deps);
        break;
      case 'meta':
        writer!.setMeta(op.key, op.value);
        break;
      case 'filesDone':
        writer!.filesDone();
        break;
    }
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  }
}
