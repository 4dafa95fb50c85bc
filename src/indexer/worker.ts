/**
 * Worker thread: reads, parses and extracts the files it is sent, one batch at a time, in the order received. The
 * pool keeps a next batch waiting here, so the worker never idles while the main thread is busy elsewhere. Within
 * the job's budget the worker keeps the trees it parsed, and reuses them when the same files come back changed.
 */
import { parentPort } from 'node:worker_threads';
import { KeptTrees } from './kept-trees.js';
import { readAndExtract, type ExtractJob, type ExtractJobResult } from './pool.js';
import type { ProjectLayout } from './types.js';

if (!parentPort) throw new Error('worker.ts must run as a worker thread');
const port = parentPort;
const trees = new KeptTrees();
/** The layout of the current run: sent with the first job of each run only. */
let layout: ProjectLayout | undefined;

async function run(job: ExtractJob): Promise<void> {
  layout = job.layout ?? layout;
  if (layout === undefined) throw new Error('codectx: an extraction job came before its run\'s layout');
  trees.drop(job.drop);
  trees.setBudget(job.treeBudget);
  const results: ExtractJobResult['results'] = [];
  for (const file of job.files) results.push(await readAndExtract(file, layout, job.maxBytes, job.treeBudget > 0 ? trees : undefined));
  const reply: ExtractJobResult = { id: job.id, results, keptTrees: trees.count };
  port.postMessage(reply);
}

// A failure rejects the chain unhandled, which ends the worker with an error the pool reports.
let queue = Promise.resolve();
port.on('message', (job: ExtractJob) => {
  queue = queue.then(() => run(job));
});
