/** Worker thread: reads, parses and extracts the files it is sent, one batch at a time. */
import { parentPort } from 'node:worker_threads';
import { readAndExtract, type ExtractJob, type ExtractJobResult } from './pool.js';

if (!parentPort) throw new Error('worker.ts must run as a worker thread');
const port = parentPort;
port.on('message', (job: ExtractJob) => {
  void (async () => {
    const results: ExtractJobResult['results'] = [];
    for (const file of job.files) results.push(await readAndExtract(file, job.layout, job.maxBytes));
    const reply: ExtractJobResult = { id: job.id, results };
    port.postMessage(reply);
  })();
});
