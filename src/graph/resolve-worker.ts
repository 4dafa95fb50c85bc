/**
 * Resolution thread: resolves a part of a run's files against every file's stored declarations, as the main
 * thread would, and sends back each file's rows and dependency record in order, a chunk at a time.
 */
import { parentPort } from 'node:worker_threads';
import { createResolver } from '../indexer/resolve/index.js';
import type { FileExtract, RawRef } from '../indexer/types.js';
import { ProjectFileReads } from './project-files.js';
import type { ResolvePartJob, ResolvePartReply, ResolvedFile } from './resolve-thread.js';
import { declarationsOf, resolutionRows } from './rows.js';

if (!parentPort) throw new Error('resolve-worker.ts must run as a worker thread');
const port = parentPort;

/** Files per reply: the main thread writes them as they come once its own part is done. */
const CHUNK = 32;

port.once('message', (job: ResolvePartJob) => {
  let reply: ResolvePartReply;
  try {
    const extracts = new Map<string, FileExtract>();
    for (const [path, language, syntaxErrors, json] of job.declarations) extracts.set(path, declarationsOf(path, language, syntaxErrors, json));
    for (const [path, refsJson] of job.files) extracts.set(path, { ...extracts.get(path)!, refs: JSON.parse(refsJson) as RawRef[] });
    const reads = new ProjectFileReads(job.repo);
    const resolver = createResolver({ extracts, layout: job.layout, readFile: reads.read });
    let chunk: ResolvedFile[] = [];
    for (const [path] of job.files) {
      const { deps, ...edges } = resolver.resolveFile(path);
      chunk.push([path, resolutionRows(edges), deps, JSON.stringify(deps)]);
      if (chunk.length === CHUNK) {
        port.postMessage({ op: 'resolved', files: chunk } satisfies ResolvePartReply);
        chunk = [];
      }
    }
    if (chunk.length > 0) port.postMessage({ op: 'resolved', files: chunk } satisfies ResolvePartReply);
    reply = { op: 'done', projectFileReads: reads.entries() };
  } catch (err) {
    reply = { op: 'failed', message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
