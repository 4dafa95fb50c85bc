/** Worker used by worker.test.ts: extracts the file it is sent and posts back the entity FQNs. */
import { parentPort } from 'node:worker_threads';
import { detectLayout } from '../../src/indexer/layout.js';
import { extractFile } from '../../src/indexer/parse.js';

parentPort?.on('message', async ({ path, source }: { path: string; source: string }) => {
  const extract = await extractFile(path, source, detectLayout([path], () => null));
  parentPort?.postMessage(extract.entities.map((e) => e.fqn));
});
