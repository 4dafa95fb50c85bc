/**
 * Parallel reading and extraction over worker threads. Extraction is a pure function of (path, source, layout),
 * so the result does not depend on the worker count; results are handed over in completion order.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { classifyContent, type ContentSkipReason } from './content.js';
import { languageForPath } from './languages/index.js';
import type { KeptTrees } from './kept-trees.js';
import { extractFile } from './parse.js';
import { isInheritance, type FileExtract, type ProjectLayout } from './types.js';

/** A file to read and extract. */
export interface SourceFile {
  path: string;
  absPath: string;
  /** Size seen by the walk, to balance batches. */
  size: number;
}

export interface ExtractJob {
  id: number;
  /** The run's layout, sent with a worker's first job of the run only: it can be large (every file's path). */
  layout: ProjectLayout | undefined;
  maxBytes: number;
  files: SourceFile[];
  /** Source size (UTF-16 code units) whose trees the worker keeps for its next parse of those files; 0: none. */
  treeBudget: number;
  /** Files whose kept trees the worker deletes: another worker parses them now. */
  drop: string[];
}

/**
 * What became of one file: extracted (or failed to parse) with the hash and size of what was read, or skipped for its
 * content. An extract holds only its inheritance references, those other files' resolution reads (isInheritance);
 * `refsJson` holds all of them as the index stores them. One text crosses threads for far less than the objects, and
 * the file's own resolution, long after, parses it then: the objects are not kept through the run.
 */
export type ExtractOutcome =
  | { path: string; hash: string; size: number; extract: FileExtract; refsJson: string }
  | { path: string; hash: string; size: number; error: string }
  | { path: string; skip: ContentSkipReason | 'unreadable' };

export interface ExtractJobResult {
  id: number;
  results: ExtractOutcome[];
  /** Trees the worker keeps once done with the job. */
  keptTrees: number;
}

/** Reads, classifies, hashes and extracts one file (reusing and keeping its tree in `trees`): what a worker does with each file it is sent. */
export async function readAndExtract(file: SourceFile, layout: ProjectLayout, maxBytes: number, trees?: KeptTrees): Promise<ExtractOutcome> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file.absPath);
  } catch {
    return { path: file.path, skip: 'unreadable' };
  }
  const verdict = classifyContent(bytes, { maxBytes, minifiable: languageForPath(file.path)?.minifiable === true });
  if (!verdict.ok) return { path: file.path, skip: verdict.reason };
  const hash = createHash('sha1').update(bytes).digest('hex');
  const size = bytes.length;
  try {
    const reuse = trees === undefined ? undefined : { trees, key: file.absPath };
    const extract = await extractFile(file.path, verdict.text, layout, reuse);
    return { path: file.path, hash, size, extract: { ...extract, refs: extract.refs.filter(isInheritance) }, refsJson: JSON.stringify(extract.refs) };
  } catch (err) {
    return { path: file.path, hash, size, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Below this many files, worker start-up costs more than it saves. */
const MIN_FILES_FOR_WORKERS = 64;
/** Batches hold about this many bytes of source, or less towards the end of the work (see makeBatches). */
const BATCH_BYTES = 256 * 1024;
const MIN_BATCH_BYTES = 32 * 1024;
const MAX_BATCH_FILES = 64;
/**
 * Batches queued at each worker: while the main thread is busy (loading the index, storing results, collecting
 * garbage) a worker that has finished one batch goes on with the next instead of waiting to be sent one.
 */
const BATCHES_IN_FLIGHT = 2;

/**
 * The most extraction workers a run may be asked for: each holds its own V8 heap, grammars and syntax trees
 * (~10 MB idle), and starting hundreds of them for a handful of files took seconds and gigabytes.
 */
export const MAX_WORKERS = 64;

/** The most workers a run starts when not told how many: one per core up to this. */
export const DEFAULT_WORKERS_CAP = 8;

export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(availableParallelism(), DEFAULT_WORKERS_CAP));
}

/**
 * Source size whose trees the workers of a process that indexes again keep, in all (UTF-16 code units): a tree
 * takes 16 - 27 times its source (Java to Go), so at most about 450 MB, held until the pool is closed
 * (IDLE_POOL_MS after its last run). Only a repository whose source fits keeps trees (graph/indexing.ts): in a
 * larger one they would cover part of its files at the budget's full cost. Django's 13.4 MB fit.
 */
export const KEPT_TREE_SOURCE = 16 * 1024 * 1024;

/** How long a process keeps a released pool's workers for its next run (a watcher's, a server's). */
const IDLE_POOL_MS = 60_000;

/** Released pools by worker count: idle, and not keeping the process alive. */
const idlePools = new Map<number, { pool: ExtractPool; timer: NodeJS.Timeout }>();

/**
 * Worker threads started ahead of the work, so that loading their modules and grammars overlaps what the
 * caller does meanwhile (reading, hashing, loading the index). Extraction is a pure function of
 * (path, source, layout), so which worker gets a file changes nothing in the result; so a process that indexes
 * again (`codectx watch`, the MCP server) reuses the workers of its last run, their grammars loaded, their
 * queries compiled and their code optimized.
 */
export class ExtractPool {
  private readonly workers: Worker[] = [];
  /** The first error a worker raised before or while extracting, or its unexpected exit. */
  private failure: unknown;
  private onFailure: ((err: unknown) => void) | undefined;
  private closing = false;
  /** The worker holding each file's kept tree (by absolute path), as far as this side knows. */
  private readonly owners = new Map<string, number>();
  /** Per worker, files whose trees it should delete with its next job. */
  private readonly drops: string[][] = [];
  /** Per worker, how many trees it kept after its last job. */
  private readonly keptByWorker: number[] = [];

  private constructor(count: number) {
    const workerUrl = new URL('./worker.js', import.meta.url);
    for (let i = 0; i < count; i++) {
      const worker = new Worker(workerUrl);
      const fail = (err: unknown): void => {
        this.failure ??= err;
        this.onFailure?.(err);
      };
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (!this.closing) fail(new Error(`codectx: an extraction worker exited (code ${code})`));
      });
      this.workers.push(worker);
      this.drops.push([]);
      this.keptByWorker.push(0);
    }
  }

  /** `count` workers: those of a pool this process released, else new ones, started now. */
  static start(count: number): ExtractPool {
    const size = Math.max(1, count);
    const kept = idlePools.get(size);
    if (kept === undefined) return new ExtractPool(size);
    idlePools.delete(size);
    clearTimeout(kept.timer);
    for (const worker of kept.pool.workers) worker.ref();
    return kept.pool;
  }

  /** Whether this process keeps an idle pool of `count` workers from its last run. */
  static hasIdle(count: number): boolean {
    return idlePools.has(Math.max(1, count));
  }

  /** Done with the pool: it waits, idle, for this process's next run (IDLE_POOL_MS), unless it failed. */
  release(): void {
    const size = this.workers.length;
    if (this.failure !== undefined || idlePools.has(size)) {
      void this.close();
      return;
    }
    for (const worker of this.workers) worker.unref();
    const timer = setTimeout(() => {
      idlePools.delete(size);
      void this.close();
    }, IDLE_POOL_MS);
    timer.unref();
    idlePools.set(size, { pool: this, timer });
  }

  /**
   * Extracts `files` over the pool's workers, handing results over batch by batch as they arrive. With
   * `treeSource` > 0, the workers keep their trees for the next run, that much source in all (with 0, each worker
   * sent a job deletes what it kept; indexing closes such a run's pool after it), and a file goes back to the
   * worker holding its tree, unless another worker would idle meanwhile.
   */
  extract(
    files: SourceFile[],
    layout: ProjectLayout,
    maxBytes: number,
    onResults: (outcomes: ExtractOutcome[], done: number) => void,
    treeSource = 0,
  ): Promise<void> {
    const keep = treeSource > 0;
    if (!keep) this.owners.clear();
    const queues = this.queuesFor(files, keep);
    const treeBudget = keep ? Math.floor(treeSource / this.workers.length) : 0;
    let nextId = 0;
    let done = 0;
    /** Workers that have been sent this run's layout. */
    const hasLayout = new Set<number>();
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const finish = (err?: unknown): void => {
        if (settled) return;
        settled = true;
        this.onFailure = undefined;
        for (const worker of this.workers) worker.removeAllListeners('message');
        if (err === undefined) resolve();
        else reject(err);
      };
      if (this.failure !== undefined) return finish(this.failure);
      this.onFailure = finish;
      let running = 0;
      const send = (index: number): boolean => {
        const batch = queues.next(index);
        if (batch === undefined) return false;
        if (keep) {
          for (const file of batch) {
            const owner = this.owners.get(file.absPath);
            if (owner !== undefined && owner !== index) this.drops[owner]!.push(file.absPath);
            this.owners.set(file.absPath, index);
          }
        }
        const job: ExtractJob = {
          id: nextId++,
          layout: hasLayout.has(index) ? undefined : layout,
          maxBytes,
          files: batch,
          treeBudget,
          drop: this.drops[index]!.splice(0),
        };
        hasLayout.add(index);
        this.workers[index]!.postMessage(job);
        return true;
      };
      // Batches go out round-robin, so that every worker has one before any has two.
      const inFlight = this.workers.map(() => 0);
      for (let round = 0; round < BATCHES_IN_FLIGHT; round++) {
        for (let i = 0; i < this.workers.length; i++) if (send(i)) inFlight[i]!++;
      }
      this.workers.forEach((worker, i) => {
        if (inFlight[i] === 0) return;
        running++;
        worker.on('message', (msg: ExtractJobResult) => {
          done += msg.results.length;
          this.keptByWorker[i] = msg.keptTrees;
          // A next batch goes out first, so the worker parses while these results are being stored.
          if (!send(i)) inFlight[i]!--;
          try {
            onResults(msg.results, done);
          } catch (err) {
            finish(err);
            return;
          }
          if (inFlight[i] === 0) {
            worker.removeAllListeners('message');
            if (--running === 0) finish();
          }
        });
      });
      if (running === 0) finish();
    });
  }

  /**
   * The batches of a run: each worker's own (files whose trees it holds), then shared ones, then another
   * worker's own, taken from its end.
   */
  private queuesFor(files: SourceFile[], keepTrees: boolean): { next(worker: number): SourceFile[] | undefined } {
    const owned: SourceFile[][] = this.workers.map(() => []);
    const shared: SourceFile[] = [];
    for (const file of files) {
      const owner = keepTrees ? this.owners.get(file.absPath) : undefined;
      if (owner === undefined) shared.push(file);
      else owned[owner]!.push(file);
    }
    const own = owned.map((list) => makeBatches(list, 1));
    const common = makeBatches(shared, this.workers.length);
    return {
      next(worker: number): SourceFile[] | undefined {
        const batch = own[worker]!.shift() ?? common.shift();
        if (batch !== undefined) return batch;
        let longest = own[0]!;
        for (const queue of own) if (queue.length > longest.length) longest = queue;
        return longest.pop();
      },
    };
  }

  /** How many trees the workers keep, as of their last jobs. */
  keptTrees(): number {
    return this.keptByWorker.reduce((a, b) => a + b, 0);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/**
 * Reads and extracts every file, handing results over batch by batch (in completion order) as they arrive, so
 * the caller can store them while the workers go on parsing. Uses `pool` when given, for however few files (and
 * leaves it open), else `workers` threads for the call (released after it); few files are extracted on the calling
 * thread. With `treeSource` > 0, `pool`'s workers keep their trees for the pool's next run (ExtractPool.extract).
 */
export async function extractAll(
  files: SourceFile[],
  layout: ProjectLayout,
  maxBytes: number,
  workers: number,
  onResults: (outcomes: ExtractOutcome[], done: number) => void,
  pool?: ExtractPool,
  treeSource = 0,
): Promise<void> {
  onResults([], 0);
  if (pool !== undefined) return pool.extract(files, layout, maxBytes, onResults, treeSource);
  if (!usesWorkers(files.length, workers)) return extractInline(files, layout, maxBytes, onResults);
  const own = ExtractPool.start(Math.min(workers, makeBatches(files, workers).length));
  try {
    await own.extract(files, layout, maxBytes, onResults);
  } finally {
    own.release();
  }
}

/** Whether extracting this many files uses worker threads (below MIN_FILES_FOR_WORKERS, start-up costs more than it saves). */
export function usesWorkers(fileCount: number, workers: number): boolean {
  return workers > 1 && fileCount >= MIN_FILES_FOR_WORKERS;
}

async function extractInline(
  files: SourceFile[],
  layout: ProjectLayout,
  maxBytes: number,
  onResults: (outcomes: ExtractOutcome[], done: number) => void,
): Promise<void> {
  let done = 0;
  for (const f of files) onResults([await readAndExtract(f, layout, maxBytes)], ++done);
}

/**
 * Largest files first, in batches that shrink as the work left does (to a share of it per worker): the workers
 * then finish within a small batch of each other, instead of one going on alone with a large one.
 */
export function makeBatches(files: SourceFile[], workers: number): SourceFile[][] {
  const bySize = [...files].sort((a, b) => b.size - a.size || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let remaining = bySize.reduce((n, f) => n + f.size, 0);
  const batches: SourceFile[][] = [];
  let current: SourceFile[] = [];
  let bytes = 0;
  let target = batchTarget(remaining, workers);
  for (const f of bySize) {
    current.push(f);
    bytes += f.size;
    if (bytes >= target || current.length >= MAX_BATCH_FILES) {
      batches.push(current);
      remaining -= bytes;
      current = [];
      bytes = 0;
      target = batchTarget(remaining, workers);
    }
  }
  if (current.length) batches.push(current);
  return batches;
}

function batchTarget(remaining: number, workers: number): number {
  return Math.min(BATCH_BYTES, Math.max(MIN_BATCH_BYTES, Math.floor(remaining / (2 * workers))));
}
