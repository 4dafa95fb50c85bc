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

function finish(reply: WriteReply): void {
  try {
    writer?.rollback();
  } finally {
    store?.close();
    store = undefined;
    writer = undefined;
    port.postMessage(reply);
  }
}

port.on('message', (ops: WriteOp[]) => {
  for (const op of ops) apply(op);
});

function apply(op: WriteOp): void {
  if (op.op === 'rollback') return finish({ op: 'done' });
  if (op.op === 'commit') {
    if (failure !== undefined || writer === undefined) return finish({ op: 'failed', message: failure ?? 'writer not open' });
    try {
      writer.commit(new Map(op.skips), op.summary);
    } catch (err) {
      return finish({ op: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
    return finish({ op: 'done' });
  }
  if (failure !== undefined) return;
  try {
    switch (op.op) {
      case 'open':
        store = IndexStore.open(op.indexDir, { building: op.building });
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
