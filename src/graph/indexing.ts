/**
 * Builds or updates the stored graph of a repository: walk, read, extract changed files (in parallel),
 * re-resolve the files whose edges may have changed, and commit everything in one transaction.
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync, realpathSync, statfsSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve as resolvePath, sep } from 'node:path';
import { DEFAULT_MAX_BYTES } from '../indexer/content.js';
import { languageForPath } from '../indexer/languages/index.js';
import { detectLayout, isLayoutFile } from '../indexer/layout.js';
import { defaultWorkerCount, extractAll, ExtractPool, KEPT_TREE_SOURCE, MAX_WORKERS, usesWorkers, type ExtractOutcome, type SourceFile } from '../indexer/pool.js';
import { createResolver, projectFileDigestText, type FileDeps, type RepoTables } from '../indexer/resolve/index.js';
import type { FileExtract, RawRef } from '../indexer/types.js';
import { EXTRACT_VERSION, RESOLVE_VERSION } from '../indexer/versions.js';
import { STAMP_MARGIN_MS, walkRepository } from '../indexer/walk.js';
import { limitOptimizingCompiler } from '../util/compiler-budget.js';
import { UserError } from '../util/errors.js';
import { makeDirectory } from '../util/make-dir.js';
import { FreshIndexFile } from './fresh-index.js';
import { keepInputs, keptInputs, takeKeptTables, type ResolutionInputs, type RunChanges } from './kept-inputs.js';
import { IndexStore, INDEX_DB_NAME } from './store.js';
import type { RunWriter } from './update-writer.js';
import { ThreadedWriter } from './write-thread.js';

/** Runs that write at least this many files' records do so from a thread of their own. */
const THREADED_WRITES_FROM = 64;

export interface IndexOptions {
  repo: string;
  indexDir?: string;
  maxFileBytes?: number;
  workers?: number;
  onProgress?: (p: IndexProgress) => void;
  /**
   * Keep the extraction workers, idle, for this process's next run (`codectx watch`, a server), their grammars
   * loaded and their code optimized. Otherwise they end once extraction is done, and their memory is free
   * before resolution needs its own.
   */
  keepWorkers?: boolean;
}

export interface IndexProgress {
  phase: 'walk' | 'read' | 'parse' | 'resolve' | 'write';
  /** Files; `total` is 0 while a phase has nothing to count yet (walking, loading the index, committing). */
  done: number;
  total: number;
  /**
   * Bytes of source, in the parse phase: the files are extracted largest first, so the share of files done
   * says little of the work done (on Django a tenth of the files is over half the bytes).
   */
  bytes?: { done: number; total: number };
}

export interface IndexSummary {
  repo: string;
  indexDir: string;
  files: number;
  filesByLanguage: Record<string, number>;
  parsed: number;
  removed: number;
  reresolved: number;
  skipped: Record<string, number>;
  syntaxErrorFiles: number;
  /** The files with syntax errors, in path order: tree-sitter recovered what it could of them. */
  syntaxErrorPaths: string[];
  entitiesByKind: Record<string, number>;
  edgesByKind: Record<string, Record<string, number>>;
  externals: number;
  /** The index version the counts above describe (it changes with every run that changes the index). */
  indexVersion: number;
  seconds: number;
  /**
   * The repository this index folder held before the run, when it was another: a folder given by --index-dir or
   * CODECTX_INDEX_DIR can be pointed at a second repository, whose index then replaces the first's.
   */
  previousRepo?: string;
  /** Wall seconds per phase of this run. */
  phases: Record<IndexProgress['phase'], number>;
}

export interface RepoLocation {
  repo: string;
  indexDir: string;
}

/** Validates the repository path and picks the index folder (flag, then CODECTX_INDEX_DIR, then <repo>/.codectx). */
export function locateRepo(repo: string, indexDir?: string): RepoLocation {
  const root = resolvePath(repo);
  let st;
  try {
    st = statSync(root);
  } catch {
    throw new UserError(`repository path does not exist: ${repo}`);
  }
  if (!st.isDirectory()) throw new UserError(`repository path is not a directory: ${repo}`);
  const dir = indexDir ?? process.env.CODECTX_INDEX_DIR;
  return { repo: root, indexDir: dir ? resolvePath(dir) : join(root, '.codectx') };
}

/** Whether two paths name one folder: the same real path, or the same path when either no longer exists. */
export function sameFolder(a: string, b: string): boolean {
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return resolvePath(p);
    }
  };
  return real(a) === real(b);
}

/** Whether this process may write in the index folder. */
export function indexDirWritable(indexDir: string): boolean {
  try {
    accessSync(indexDir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Opens the index in `indexDir` to read it: as it is, without upgrading its schema, when the folder cannot be written. */
export function openIndexForRead(indexDir: string): IndexStore {
  return openIndexStore(indexDir, { readOnly: !indexDirWritable(indexDir) });
}

function isFile(path: string): boolean {
  try {
    return !statSync(path).isDirectory();
  } catch {
    return false; // absent, or under something that is no folder: making it will say
  }
}

/** The index folder, created if needed, once it is known to be writable. */
function writableIndexDir(indexDir: string): string {
  if (isFile(indexDir)) {
    throw new UserError(`index directory is a file: ${indexDir} (use --index-dir or CODECTX_INDEX_DIR to put the index elsewhere)`);
  }
  try {
    makeDirectory(indexDir);
    accessSync(indexDir, constants.W_OK);
  } catch {
    throw new UserError(`index directory is not writable: ${indexDir} (use --index-dir or CODECTX_INDEX_DIR)`);
  }
  return indexDir;
}

/** Opens the index in `indexDir` for writing, or with `building`, the first index being built there (fresh-index.ts). */
export function openIndexForWrite(indexDir: string, building?: string): IndexStore {
  writableIndexDir(indexDir);
  return openIndexStore(indexDir, { building });
}

/**
 * Opens the index in `indexDir`; SQLite's refusal becomes a user error, which says how to recover from a damaged
 * file, and that the disk is full when SQLite could not create its shared-memory file for that reason (it then
 * reports only "disk I/O error", even to a reader).
 */
export function openIndexStore(indexDir: string, options?: { building?: string; readOnly?: boolean }): IndexStore {
  try {
    return options?.readOnly === true ? IndexStore.openReadOnly(indexDir) : IndexStore.open(indexDir, options);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    let hint = '';
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      hint = ` (the file is damaged: delete ${join(indexDir, INDEX_DB_NAME)} and run codectx index to rebuild it; the synonyms and sessions it holds go with it)`;
    } else if (typeof code === 'string' && /^SQLITE_(IOERR|FULL|CANTOPEN)/.test(code) && freeBytes(indexDir) < MIN_FREE_BYTES) {
      hint = ' (the disk holding it is full: free some space and run again)';
    }
    throw new UserError(`cannot open index in ${indexDir}: ${err instanceof Error ? err.message : String(err)}${hint}`);
  }
}

/** Less free space than this on the index's disk explains SQLite failing to open it (its -shm file takes 32 KiB). */
const MIN_FREE_BYTES = 64 * 1024;

function freeBytes(dir: string): number {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Reads a repo-relative file, refusing paths that leave the root. */
export function repoFileReader(root: string): (rel: string) => string | null {
  return (rel) => {
    const abs = resolvePath(root, rel);
    const r = relative(root, abs);
    if (r.startsWith('..') || isAbsolute(r) || r.split(sep)[0] === '..') return null;
    try {
      return readFileSync(abs, 'utf8');
    } catch {
      return null;
    }
  };
}

export async function indexRepository(options: IndexOptions): Promise<IndexSummary> {
  const started = performance.now();
  const workerCount = options.workers ?? defaultWorkerCount();
  if (!Number.isInteger(workerCount) || workerCount < 0 || workerCount > MAX_WORKERS) {
    throw new RangeError(`codectx: workers must be an integer from 0 (extract on this thread) to ${MAX_WORKERS}, got ${workerCount}`);
  }
  const { repo, indexDir } = locateRepo(options.repo, options.indexDir);
  const report = options.onProgress ?? (() => undefined);
  const phases: IndexSummary['phases'] = { walk: 0, read: 0, parse: 0, resolve: 0, write: 0 };
  let phase: IndexProgress['phase'] = 'walk';
  let phaseStart = performance.now();
  const progress = (p: IndexProgress): void => {
    if (p.phase !== phase) {
      const now = performance.now();
      phases[phase] += (now - phaseStart) / 1000;
      phase = p.phase;
      phaseStart = now;
    }
    report(p);
  };
  const fresh = existsSync(join(indexDir, INDEX_DB_NAME)) ? undefined : FreshIndexFile.begin(writableIndexDir(indexDir));
  let store = openIndexForWrite(indexDir, fresh?.name);
  let published = false;
  let pool: ExtractPool | undefined;
  limitOptimizingCompiler(options.keepWorkers !== true);
  try {
    const stored = new Map(store.files().map((f) => [f.path, f]));
    const versionAtStart = store.indexVersion();
    const indexedBefore = store.indexedRepo();
    const previousRepo = indexedBefore !== undefined && !sameFolder(indexedBefore, repo) ? indexedBefore : undefined;
    // Stamps of files modified this close to the run are not trusted later: a write in the same clock tick
    // as the read would leave the stamp unchanged.
    const untrustedAfter = Date.now() - STAMP_MARGIN_MS;
    progress({ phase: 'walk', done: 0, total: 0 });
    // A first index extracts every file: its workers start loading their modules while the repository is walked.
    if (fresh !== undefined && workerCount > 1) pool = ExtractPool.start(workerCount);
    // Project files that decide module names (go.mod) are walked with the sources, under the same ignore rules,
    // for the layout only: they are not indexed.
    const walk = walkRepository({ root: repo, indexDir, accept: (p) => languageForPath(p) !== undefined || isLayoutFile(p) });
    const sources = walk.files.filter((f) => languageForPath(f.path) !== undefined);
    const skips = new Map<string, string>(walk.skipped);
    // Project files the layout and resolver read (tsconfig, package.json, go.mod...), with a digest of what they
    // held: when one of them changes, every file is re-resolved.
    const configReads = new Map<string, string | null>();
    const readRepoFile = repoFileReader(repo);
    const readFile = (rel: string): string | null => {
      const text = readRepoFile(rel);
      configReads.set(rel, projectFileDigest(rel, text));
      return text;
    };
    const layout = detectLayout(walk.files.map((f) => f.path), readFile);

    // Records written by a codectx whose extraction or resolution differed are not reused (src/indexer/versions.ts).
    const extractStale = store.getMeta('extract_version') !== String(EXTRACT_VERSION);
    const resolveStale = extractStale || store.getMeta('resolve_version') !== String(RESOLVE_VERSION);
    const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_BYTES;
    const present = new Set<string>();
    // A stored file whose stamp (size, times, inode) is unchanged is taken as unchanged without reading it.
    // The others are read, hashed and extracted by the workers (or on this thread when they are few).
    const candidates: SourceFile[] = [];
    /** Stored files found unchanged although their stamp changed: the new stamp is recorded. */
    const restamped: [path: string, stamp: string][] = [];
    const candidateInfo = new Map<string, { moduleFqn: string; stamp: string }>();
    for (const file of sources) {
      if (file.size > maxBytes) {
        skips.set(file.path, 'too-large');
        continue;
      }
      const lang = languageForPath(file.path)!;
      const moduleFqn = lang.moduleInfo(file.path, layout).moduleFqn;
      const old = stored.get(file.path);
      const same = !extractStale && old !== undefined && old.moduleFqn === moduleFqn && old.language === lang.id;
      if (same && old.stamp !== '' && old.stamp === file.stamp) {
        present.add(file.path);
        continue;
      }
      const stamp = file.changedMs < untrustedAfter ? file.stamp : '';
      // A stored file with another stamp (touched, checked out again, or stamped too recently to trust) is
      // hashed here: most are unchanged, and finding that out costs less than a worker's start-up.
      if (same && hashOf(file.absPath) === old.hash) {
        present.add(file.path);
        if (old.stamp !== stamp) restamped.push([file.path, stamp]);
        continue;
      }
      candidates.push({ path: file.path, absPath: file.absPath, size: file.size });
      candidateInfo.set(file.path, { moduleFqn, stamp });
    }
    // The workers start loading their modules and grammars now, while this thread loads what resolution needs. The
    // idle workers this process kept from its last run extract even a few files sooner than this thread, which would
    // load a grammar, its query and the tokenizer's vocabulary first (~0.4 s), and they hold those files' trees.
    const viaWorkers = usesWorkers(candidates.length, workerCount) || (candidates.length > 0 && workerCount > 1 && ExtractPool.hasIdle(workerCount));
    if (pool === undefined && viaWorkers) pool = ExtractPool.start(workerCount);
    const walkedAway = [...stored.keys()].some((p) => !present.has(p) && !candidateInfo.has(p));
    const projectFiles = projectFileDigests(store.getMeta('config_reads'), readRepoFile);
    // What resolution reads of project files (tsconfig paths, workspace packages, crate names...) reaches it only
    // through the answers to its recorded questions (where a module specifier leads): when that changed, every
    // question is asked again and the files whose answers changed are re-resolved, not every file.
    const projectFilesChanged = projectFiles.changed;
    const reresolveAll = resolveStale;
    const mayResolve = candidates.length > 0 || walkedAway || reresolveAll || projectFilesChanged;

    let summaryBase: { parsed: number; removed: number; reresolved: number };
    let runInputs: { loaded: ResolutionInputs; changes: RunChanges; tables: RepoTables | undefined } | undefined;
    // Many files to write (parsed, or re-resolved all): SQLite works on a thread of its own while this one resolves.
    const manyWrites = candidates.length >= THREADED_WRITES_FROM || ((reresolveAll || projectFilesChanged) && stored.size >= THREADED_WRITES_FROM);
    const writer: RunWriter = manyWrites ? new ThreadedWriter(indexDir, fresh?.name, options.keepWorkers === true) : store.beginUpdate();
    try {
      /**
       * The declarations of the files this run extracted and stores, as the next run loads them (without the entities'
       * long texts), which resolution reads too: their entities then have one shape, whether this run extracted them
       * or not. Kept for the next run of this process (kept-inputs.ts).
       */
      const parsed = new Map<string, FileExtract>();
      /** Every reference of each file in `parsed`, as JSON, until the file is resolved. */
      const parsedRefs = new Map<string, string>();
      /** What this run resolves, for the next run of this process. */
      const resolvedDeps = new Map<string, FileDeps>();
      const take = (batch: ExtractOutcome[]): void => {
        for (const o of batch) {
          if ('skip' in o) {
            skips.set(o.path, o.skip);
            continue;
          }
          present.add(o.path);
          const info = candidateInfo.get(o.path)!;
          if ('error' in o) {
            skips.set(o.path, 'parse-failed');
            present.delete(o.path);
          } else {
            parsed.set(o.path, writer.upsertFile(o.extract, o.refsJson, o.hash, o.size, info.moduleFqn, info.stamp));
            parsedRefs.set(o.path, o.refsJson);
          }
        }
      };
      // Results wait until what resolution needs has been read from the index, so that read sees the index as it
      // was before the run. Many files: it is read while the workers parse. Few (files skipped for their content
      // come back every run): only once the results show that something changed.
      const loadEarly = mayResolve && usesWorkers(candidates.length, workerCount);
      let waiting: ExtractOutcome[][] | undefined = [];
      progress({ phase: 'read', done: 0, total: 0 });
      const sizes = new Map(candidates.map((c) => [c.path, c.size]));
      const bytes = { done: 0, total: candidates.reduce((n, c) => n + c.size, 0) };
      const extraction = extractAll(
        candidates,
        layout,
        maxBytes,
        workerCount,
        (batch, done) => {
          if (waiting) waiting.push(batch);
          else take(batch);
          for (const o of batch) bytes.done += sizes.get(o.path) ?? 0;
          progress({ phase: 'parse', done, total: candidates.length, bytes: { ...bytes } });
        },
        viaWorkers ? pool : undefined,
        // Trees are kept only when the whole repository's fit (pool.ts KEPT_TREE_SOURCE).
        options.keepWorkers === true && sources.reduce((n, f) => n + f.size, 0) <= KEPT_TREE_SOURCE ? KEPT_TREE_SOURCE : 0,
      );
      let extracts = new Map<string, FileExtract>();
      let deps: ReadonlyMap<string, FileDeps> = new Map();
      /** The declarations and records the run started from, left unchanged. */
      let loaded: ResolutionInputs | undefined;
      /** The last run's resolver tables over `loaded`'s declarations, when this process kept them. */
      let tables: RepoTables | undefined;
      const load = (): void => {
        const kept = stored.size === 0 ? undefined : keptInputs(indexDir, versionAtStart);
        loaded = stored.size === 0 ? { extracts, deps } : (kept ?? { extracts: store.loadDeclarations(), deps: store.loadDeps() });
        if (kept !== undefined) tables = takeKeptTables(indexDir, versionAtStart);
        extracts = new Map(loaded.extracts);
        deps = loaded.deps;
      };
      const release = (): void => {
        const batches = waiting!;
        waiting = undefined;
        for (const batch of batches) take(batch);
      };
      if (loadEarly) {
        load();
        release();
      }
      await extraction;
      if (pool !== undefined) {
        const done = pool;
        pool = undefined;
        if (options.keepWorkers === true) done.release();
        else void done.close();
      }
      if (waiting !== undefined) {
        const outcomes = waiting.flat();
        const changes = (o: ExtractOutcome): boolean => 'extract' in o || 'error' in o || ('skip' in o && stored.has(o.path));
        if (walkedAway || reresolveAll || projectFilesChanged || outcomes.some(changes)) load();
        release();
      }
      for (const [path, stamp] of restamped) writer.setStamp(path, stamp);
      const removed = [...stored.keys()].filter((p) => !present.has(p));
      for (const path of removed) writer.removeFile(path);
      writer.filesDone();
      const changedUpFront = new Set<string>([...parsed.keys(), ...removed]);
      const previous = new Map<string, FileExtract | undefined>([...changedUpFront].map((p) => [p, extracts.get(p)]));
      for (const path of changedUpFront) extracts.delete(path);
      for (const [path, extract] of parsed) extracts.set(path, extract);
      // In path order, as a first index and a load from the index have them: resolvers list a package's files in
      // this order, and the digests of such lists in the dependency records must not change with it.
      extracts = new Map([...extracts].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));

      progress({ phase: 'resolve', done: 0, total: 0 });
      const changed = changedUpFront;
      let reresolved = 0;
      if (changed.size > 0 || reresolveAll || projectFilesChanged) {
        const earlier = tables && { tables, before: loaded!.extracts, changed };
        const resolver = createResolver({ extracts, layout, readFile, earlier });
        tables = resolver.tables;
        const resolveAll = stored.size === 0 || reresolveAll;
        const affected = resolveAll ? new Set(extracts.keys()) : resolver.affectedFiles(changed, previous, deps, projectFilesChanged);
        const order = [...affected].filter((p) => extracts.has(p)).sort();
        for (const path of order) {
          // Extracts hold only the references resolving other files reads; this file's own are all needed. Both
          // sources parse JSON, so the references have one shape, as optimized code needs to stay optimized.
          const refsJson = parsedRefs.get(path);
          parsedRefs.delete(path);
          const refs = refsJson === undefined ? store.refsOf(path) : (JSON.parse(refsJson) as RawRef[]);
          const declarations = extracts.get(path)!;
          extracts.set(path, { ...declarations, refs });
          const { deps: read, ...edges } = resolver.resolveFile(path);
          // Resolving the other files reads only this one's inheritance references (ResolveInput): the rest can go.
          extracts.set(path, declarations);
          writer.writeResolution(path, edges, read);
          resolvedDeps.set(path, read);
          progress({ phase: 'resolve', done: ++reresolved, total: order.length });
        }
        // Read after resolving: resolvers may read project files lazily. A partial run reads only those the files it
        // resolves need; the others the last record holds (found unchanged as this run began) still decide the
        // resolution of files it left alone, so they stay recorded until a run resolves every file again.
        const stillRead = resolveAll ? {} : { ...projectFiles.current };
        for (const [rel, digest] of configReads) stillRead[rel] = digest;
        writer.setMeta('config_reads', JSON.stringify(Object.fromEntries(Object.keys(stillRead).sort().map((rel) => [rel, stillRead[rel]]))));
        writer.setMeta('extract_version', String(EXTRACT_VERSION));
        writer.setMeta('resolve_version', String(RESOLVE_VERSION));
      }
      progress({ phase: 'write', done: 0, total: 0 });
      summaryBase = { parsed: parsed.size, removed: removed.length, reresolved };
      // A run that loaded nothing (it changed nothing) leaves what is kept as it is.
      // The tables are kept only for a process that will index again (they take memory its queries may want).
      const keptTables = options.keepWorkers === true ? tables : undefined;
      if (loaded !== undefined) runInputs = { loaded, changes: { stored: parsed, removed, resolved: resolvedDeps }, tables: keptTables };
      await writer.commit(skips, summaryBase);
    } catch (err) {
      await writer.rollback();
      throw err;
    }
    if (fresh !== undefined) {
      // Readers and later runs find the index in WAL mode, as every index is.
      store.db.pragma('journal_mode = WAL');
      store.close();
      fresh.publish();
      published = true;
      store = openIndexForWrite(indexDir);
    }
    if (runInputs !== undefined) keepInputs(indexDir, store.indexVersion(), runInputs.loaded, runInputs.changes, runInputs.tables);
    phases.write += (performance.now() - phaseStart) / 1000;
    const summary: IndexSummary = {
      repo,
      indexDir,
      ...graphCounts(store),
      ...summaryBase,
      skipped: skipCounts(skips),
      seconds: Math.round(((performance.now() - started) / 1000) * 1000) / 1000,
      phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v * 1000) / 1000])) as IndexSummary['phases'],
      ...(previousRepo === undefined ? {} : { previousRepo }),
    };
    store.setMeta('last_run', JSON.stringify(summary));
    return summary;
  } finally {
    if (pool !== undefined) void pool.close();
    store.close();
    if (fresh !== undefined && !published) fresh.discard();
  }
}

/** sha1 of a file's bytes, or undefined when it cannot be read. */
function hashOf(absPath: string): string | undefined {
  try {
    return createHash('sha1').update(readFileSync(absPath)).digest('hex');
  } catch {
    return undefined;
  }
}

/** Digest of what resolution reads of a project file, null when it cannot be read. */
function projectFileDigest(rel: string, text: string | null): string | null {
  return text === null ? null : createHash('sha1').update(projectFileDigestText(rel, text)).digest('hex');
}

/**
 * The project files recorded by the last resolution with their digests now, and whether any of them now reads
 * differently (or appeared, or vanished).
 */
function projectFileDigests(recorded: string | undefined, read: (rel: string) => string | null): { changed: boolean; current: Record<string, string | null> } {
  const current: Record<string, string | null> = {};
  let changed = false;
  for (const [rel, digest] of Object.entries(recorded ? (JSON.parse(recorded) as Record<string, string | null>) : {})) {
    current[rel] = projectFileDigest(rel, read(rel));
    if (current[rel] !== digest) changed = true;
  }
  return { changed, current };
}

/** What the index holds, by kind, and its version. */
function graphCounts(
  store: IndexStore,
): Pick<IndexSummary, 'files' | 'filesByLanguage' | 'syntaxErrorFiles' | 'syntaxErrorPaths' | 'entitiesByKind' | 'edgesByKind' | 'externals' | 'indexVersion'> {
  const { files, filesByLanguage, syntaxErrorFiles, syntaxErrorPaths, entitiesByKind, edgesByKind, externals } = store.contents();
  return { files, filesByLanguage, syntaxErrorFiles, syntaxErrorPaths, entitiesByKind, edgesByKind, externals, indexVersion: store.indexVersion() };
}

function skipCounts(skips: ReadonlyMap<string, string>): Record<string, number> {
  const skipped: Record<string, number> = {};
  for (const reason of skips.values()) skipped[reason] = (skipped[reason] ?? 0) + 1;
  return skipped;
}
