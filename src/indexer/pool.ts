/**
 * Parallel extraction over worker threads. Extraction is a pure function of (path, source, layout), so the
 * result does not depend on the worker count; results are returned in input order.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { extractFile } from './parse.js';
import type { FileExtract, ProjectLayout } from './types.js';

export interface SourceFile {
  path: string;
  source: string;
}

export interface ExtractJob {
  id: number;
  layout: ProjectLayout;
  files: SourceFile[];
}

export interface ExtractJobResult {
  id: number;
  results: ({ path: string; extract: FileExtract } | { path: string; error: string })[];
}

export type ExtractOutcome = { path: string; extract: FileExtract } | { path: string; error: string };

/** Below this many files, worker start-up costs more than it saves. */
const MIN_FILES_FOR_WORKERS = 64;
const BATCH_BYTES = 256 * 1024;

export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(availableParallelism(), 8));
}

export async function extractAll(
  files: SourceFile[],
  layout: ProjectLayout,
  workers: number,
  onProgress: (done: number) => void,
): Promise<ExtractOutcome[]> {
  onProgress(0);
  if (workers <= 1 || files.length < MIN_FILES_FOR_WORKERS) return extractInline(files, layout, onProgress);
  return extractInWorkers(files, layout, workers, onProgress);
}

async function extractInline(files: SourceFile[], layout: ProjectLayout, onProgress: (done: number) => void): Promise<ExtractOutcome[]> {
  const out: ExtractOutcome[] = [];
  for (const f of files) {
    try {
      out.push({ path: f.path, extract: await extractFile(f.path, f.source, layout) });
    } catch (err) {
      out.push({ path: f.path, error: err instanceof Error ? err.message : String(err) });
    }
    onProgress(out.length);
  }
  return out;
}

function makeBatches(files: SourceFile[]): SourceFile[][] {
  const batches: SourceFile[][] = [];
  let current: SourceFile[] = [];
  let bytes = 0;
  for (const f of files) {
    current.push(f);
    bytes += f.source.length;
    if (bytes >= BATCH_BYTES || current.length >= 64) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
  }
  if (current.length) batches.push(current);
  return batches;
}

async function extractInWorkers(
  files: SourceFile[],
  layout: ProjectLayout,
  workerCount: number,
  onProgress: (done: number) => void,
): Promise<ExtractOutcome[]> {
  const batches = makeBatches(files);
  const results: ExtractOutcome[][] = new Array(batches.length);
  let next = 0;
  let done = 0;
  const workerUrl = new URL('./worker.js', import.meta.url);
  const runWorker = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(workerUrl);
      const send = (): void => {
        if (next >= batches.length) {
          void worker.terminate().then(() => resolve());
          return;
        }
        const id = next++;
        const job: ExtractJob = { id, layout, files: batches[id]! };
        worker.postMessage(job);
      };
      worker.on('message', (msg: ExtractJobResult) => {
        results[msg.id] = msg.results;
        done += msg.results.length;
        onProgress(done);
        send();
      });
      worker.on('error', reject);
      send();
    });
  await Promise.all(Array.from({ length: Math.min(workerCount, batches.length) }, runWorker));
  return results.flat();
}
