/** Worker thread: parses and extracts the files it is sent, one batch at a time. */
import { parentPort } from 'node:worker_threads';
import { extractFile } from './parse.js';
import type { ExtractJob, ExtractJobResult } from './pool.js';

if (!parentPort) throw new Error('worker.ts must run as a worker thread');
const port = parentPort;
port.on('message', (job: ExtractJob) => {
  void (async () => {
    const results: ExtractJobResult['results'] = [];
    for (const file of job.files) {
      try {
        results.push({ path: file.path, extract: await extractFile(file.path, file.source, job.layout) });
      } catch (err) {
        results.push({ path: file.path, error: err instanceof Error ? err.message : String(err) });
      }
    }
    const reply: ExtractJobResult = { id: job.id, results };
    port.postMessage(reply);
  })();
});
