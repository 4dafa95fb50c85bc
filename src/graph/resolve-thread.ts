/**
 * A second thread for the resolution of many files (a first index, or every file re-resolved). Resolution runs
 * on the main thread while the writer thread uses only part of the other core; this thread, started with the
 * run so that its modules load while the workers extract, resolves the last part of the files in path order
 * while the main thread resolves the first. Resolving a file reads only the declarations of the others, which
 * the thread gets as the JSON texts the run stores, so its results equal the main thread's.
 */
import { Worker } from 'node:worker_threads';
import type { FileDeps } from '../indexer/resolve/index.js';
import type { ProjectLayout } from '../indexer/types.js';
import type { ResolutionRows } from './rows.js';
import type { LanguageId } from './types.js';

export interface ResolvePartJob {
  /** The repository root, for the project files resolvers read. */
  repo: string;
  layout: ProjectLayout;
  /** Every file's stored declarations (rows.ts StoredDeclarations as JSON), in path order. */
  declarations: [path: string, language: LanguageId, syntaxErrors: number, json: string][];
  /** The files to resolve, in order, with their references as JSON. */
  files: [path: string, refsJson: string][];
}

/** A resolved file: its edges and externals as rows, and its dependency record, as an object and as JSON. */
export type ResolvedFile = [path: string, rows: ResolutionRows, deps: FileDeps, depsJson: string];

export type ResolvePartReply =
  | { op: 'resolved'; files: ResolvedFile[] }
  | { op: 'done'; projectFileReads: [string, string | null][] }
  | { op: 'failed'; message: string };

export class ResolveThread {
  private readonly worker = new Worker(new URL('./resolve-worker.js', import.meta.url));
  /** The thread's first error or exit, until a job listens. */
  private failure: string | undefined;

  constructor() {
    this.worker.on('error', (err) => (this.failure ??= err.message));
    this.worker.on('exit', (code) => (this.failure ??= `resolution thread exited (${code})`));
  }

  /**
   * Resolves `job.files` on the thread, handing each chunk of results to `onFiles` in order as it arrives;
   * gives the project files the thread read, with their digests.
   */
  resolve(job: ResolvePartJob, onFiles: (files: ResolvedFile[]) => void): Promise<[string, string | null][]> {
    return new Promise((resolve, reject) => {
      if (this.failure !== undefined) return reject(new Error(`codectx: ${this.failure}`));
      const fail = (message: string): void => reject(new Error(`codectx: resolution thread failed: ${message}`));
      this.worker.on('error', (err) => fail(err.message));
      this.worker.on('exit', (code) => fail(`exited (${code})`));
      this.worker.on('message', (reply: ResolvePartReply) => {
        if (reply.op === 'resolved') {
          try {
            onFiles(reply.files);
          } catch (err) {
            reject(err);
          }
        } else if (reply.op === 'done') resolve(reply.projectFileReads);
        else fail(reply.message);
      });
      this.worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners();
    await this.worker.terminate();
  }
}
