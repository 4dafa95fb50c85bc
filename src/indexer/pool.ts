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

/**
 * Extracts every file, handing results over batch by batch (in completion order) as they arrive, so the caller
 * can store them while the workers go on parsing.
 */
export async function extractAll(
  files: SourceFile[],
  layout: ProjectLayout,
  workers: number,
  onResults: (outcomes: ExtractOutcome[], done: number) => void,
): Promise<void> {
  onResults([], 0);
  if (workers <= 1 || files.length < MIN_FILES_FOR_WORKERS) return extractInline(files, layout, onResults);
  return extractInWorkers(files, layout, workers, onResults);
}

async function extractInline(files: SourceFile[], layout: ProjectLayout, onResults: (outcomes: ExtractOutcome[], done: number) => void): Promise<void> {
  let done = 0;
  for (const f of files) {
    let outcome: ExtractOutcome;
    try {
      outcome = { path: f.path, extract: await extractFile(f.path, f.source, layout) };
    } catch (err) {
      outcome = { path: f.path, error: err instanceof Error ? err.message : String(err) };
    }
    onResults([outcome], ++done);
  }
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
  onResults: (outcomes: ExtractOutcome[], done: number) => void,
): Promise<void> {
  const batches = makeBatches(files);
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
        done += msg.results.length;
        // A next batch goes out first, so the worker parses while these results are being stored.
        const more = next < batches.length;
        if (more) send();
        try {
          onResults(msg.results, done);
        } catch (err) {
          void worker.terminate();
          reject(err);
          return;
        }
        if (!more) send();
      });
      worker.on('error', reject);
      send();
    });
  await Promise.all(Array.from({ length: Math.min(workerCount, batches.length) }, runWorker));
}
