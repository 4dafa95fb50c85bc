/**
 * A thread of index-bench's parallel floor: parses (mode 'parse') or parses and extracts (mode 'extract') its
 * share of a repository's files, in a plain loop, once the benchmark says go. It warms its grammar on its first
 * file before it reports ready, as the single-thread raw parse loop does, so neither pays the grammar's load.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extractFile, parseOnly } from '../src/indexer/parse.js';
import type { ProjectLayout } from '../src/indexer/types.js';

export interface FloorJob {
  mode: 'parse' | 'extract';
  files: { path: string; text: string }[];
  layout: ProjectLayout;
}

if (!parentPort) throw new Error('parallel-floor-worker must run as a worker thread');
const port = parentPort;
const job = workerData as FloorJob;

async function work(file: { path: string; text: string }): Promise<void> {
  if (job.mode === 'parse') await parseOnly(file.path, file.text);
  else await extractFile(file.path, file.text, job.layout);
}

const first = job.files[0];
if (first !== undefined) await parseOnly(first.path, first.text);
port.once('message', () => {
  void (async () => {
    for (const file of job.files) await work(file);
    port.postMessage('done');
  })();
});
port.postMessage('ready');
