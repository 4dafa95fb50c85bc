/**
 * Repository walk: which files get indexed. Honors .gitignore at every level and .codectxignore,
 * never enters VCS, dependency or index folders, stays inside the root through symlinks, and indexes a file under
 * its own path rather than a link's.
 */
import { readdirSync, readFileSync, realpathSync, statSync, type BigIntStats, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

export const ALWAYS_SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules', '.hg', '.svn']);
const IGNORE_FILES = ['.gitignore', '.codectxignore'];

/**
 * A stamp (file or directory) taken less than this before it was read is not trusted later: a change in the same
 * clock tick as the read would leave it unchanged.
 */
export const STAMP_MARGIN_MS = 2000;

/** A directory's entries, sorted by name, and its stamp (times and inode) when they were read. */
interface Listing {
  stamp: string;
  entries: Dirent[];
  /**
   * The rules of its ignore files as last read, with their text: while the text is the same, the same rules (and
   * the answers they memoise per path) serve the next walk.
   */
  ignore?: { text: string; rules: Ignore };
}

/** Roots whose listings are kept: a process walks few repositories in turn (the evaluation one worktree each). */
const KEPT_ROOTS = 4;

/**
 * The directory listings of this process's last walk of each root, by directory. Creating, deleting or renaming
 * an entry changes its directory's times, so a directory whose stamp is unchanged holds the entries it held: a
 * walk again (`codectx watch`, a server's runs and its checks that the index is current) reads again only the
 * directories that changed, a stat costing about a third of a listing.
 */
const keptListings = new Map<string, Map<string, Listing>>();

/**
 * `symlink-loop`: a directory link to its own directory or an ancestor (also through the links followed to reach
 * it), or a cycle of links; `symlink-duplicate`: a link whose target is walked anyway, under its own path or another
 * link's; `symlink-broken`: a link to nothing.
 */
export type WalkSkipReason = 'symlink-outside-root' | 'symlink-loop' | 'symlink-duplicate' | 'symlink-broken' | 'unreadable';

export interface WalkedFile {
  /** Repo-relative POSIX path. */
  path: string;
  absPath: string;
  size: number;
  /**
   * Size, modification and change times (ns) and inode, as one string: a file whose stamp equals the one
   * recorded when it was last read still holds what was read then (as git trusts its index).
   */
  stamp: string;
  /** The later of the modification and change times in ms, to tell whether the stamp is too recent to trust. */
  changedMs: number;
}

export interface WalkResult {
  files: WalkedFile[];
  skipped: Map<string, WalkSkipReason>;
}

interface IgnoreLevel {
  /** Repo-relative POSIX directory the rules belong to ('' for the root). */
  dir: string;
  rules: Ignore;
}

export interface WalkOptions {
  root: string;
  /** Absolute path of the index folder, never walked into. */
  indexDir?: string;
  /** Accept only files this predicate likes (by repo-relative path); others are not listed at all. */
  accept: (path: string) => boolean;
}

/** A symlink found by the walk, followed once everything reachable without links has been walked. */
interface DeferredLink {
  abs: string;
  rel: string;
  real: string;
}

interface DirLink extends DeferredLink {
  /** The ignore rules where the link is. */
  levels: IgnoreLevel[];
  /** The real directories holding the links followed to reach it, its own included: the ancestors of a loop. */
  linkDirs: readonly string[];
}

export function walkRepository(options: WalkOptions): WalkResult {
  const rootReal = realpathSync(options.root);
  const indexReal = options.indexDir ? safeRealpath(options.indexDir) : undefined;
  const files: WalkedFile[] = [];
  const skipped = new Map<string, WalkSkipReason>();
  /** Walked directories: real path -> repo-relative path they were walked under. */
  const visitedDirs = new Map<string, string>([[rootReal, '']]);
  const dirLinks: DirLink[] = [];
  const fileLinks: (DeferredLink & { st: BigIntStats })[] = [];
  const earlier = keptListings.get(rootReal);
  const listings = new Map<string, Listing>();
  const trustedBefore = Date.now() - STAMP_MARGIN_MS;

  const addFile = (rel: string, abs: string, st: BigIntStats): void => {
    files.push({ path: rel, absPath: abs, size: Number(st.size), stamp: `${st.size}:${st.mtimeNs}:${st.ctimeNs}:${st.ino}`, changedMs: Math.max(Number(st.mtimeMs), Number(st.ctimeMs)) });
  };

  /** `absDir` is where the walk found the directory, `realDir` its real path, `linkDirs` as in DirLink. */
  const visit = (absDir: string, realDir: string, relDir: string, levels: IgnoreLevel[], linkDirs: readonly string[]): void => {
    let listing: Listing;
    try {
      listing = listDirectory(absDir, earlier, listings, trustedBefore);
    } catch {
      skipped.set(relDir || '.', 'unreadable');
      return;
    }
    const entries = listing.entries;
    const here = loadIgnoreLevel(absDir, relDir, listing);
    const active = here ? [...levels, here] : levels;
    // Paths are joined by hand: `path.join` normalizes each one again, a tenth of a walk's time.
    const prefix = absDir.endsWith(sep) ? absDir : absDir + sep;
    const realPrefix = realDir.endsWith(sep) ? realDir : realDir + sep;
    for (const entry of entries) {
      const name = entry.name;
      const rel = relDir ? `${relDir}/${name}` : name;
      // Entries that are not symlinks need no stat to be told apart, and a directory's real path follows from its parent's.
      let isDir = entry.isDirectory();
      if (!isDir && entry.isFile() && !options.accept(rel)) continue; // most files in a repository are not sources
      const abs = prefix + name;
      const isLink = entry.isSymbolicLink();
      let real: string | undefined;
      let st: BigIntStats | undefined;
      if (isLink) {
        try {
          real = realpathSync(abs);
        } catch (error) {
          skipped.set(rel, linkFailure(error));
          continue;
        }
        if (!isInside(real, rootReal)) {
          skipped.set(rel, 'symlink-outside-root');
          continue;
        }
        try {
          st = statSync(real, { bigint: true });
          isDir = st.isDirectory();
        } catch {
          skipped.set(rel, 'unreadable');
          continue;
        }
        const target = real;
        if (isDir && (isInside(realDir, target) || linkDirs.some((d) => isInside(d, target)))) {
          skipped.set(rel, 'symlink-loop');
          continue;
        }
        if (!isDir && !st.isFile()) continue;
      } else if (isDir) {
        real = realPrefix + name;
      } else if (!entry.isFile()) {
        continue; // sockets, fifos, devices
      }
      if (isDir) {
        if (ALWAYS_SKIPPED_DIRS.has(name)) continue;
        if (real === indexReal) continue;
        if (isIgnored(active, rel, true)) continue;
        if (isLink) {
          dirLinks.push({ abs, rel, real: real!, levels: active, linkDirs: [...linkDirs, realDir] });
          continue;
        }
        if (visitedDirs.has(real!)) continue; // walked already through a link
        visitedDirs.set(real!, rel);
        visit(abs, real!, rel, active, linkDirs);
      } else {
        if (!options.accept(rel) || isIgnored(active, rel, false)) continue;
        if (isLink) {
          fileLinks.push({ abs, rel, real: real!, st: st! });
          continue;
        }
        try {
          st = statSync(abs, { bigint: true });
        } catch {
          skipped.set(rel, 'unreadable');
          continue;
        }
        addFile(rel, abs, st);
      }
    }
  };
  visit(rootReal, rootReal, '', [], []);
  // Links are followed last, so that whatever the names' order a directory reachable without links is walked under
  // its own path and its links are duplicates. The links found while following links wait for the next round.
  for (let round = dirLinks.splice(0); round.length > 0; round = dirLinks.splice(0)) {
    for (const link of round) {
      if (visitedDirs.has(link.real)) {
        skipped.set(link.rel, 'symlink-duplicate');
        continue;
      }
      visitedDirs.set(link.real, link.rel);
      visit(link.abs, link.real, link.rel, link.levels, link.linkDirs);
    }
  }
  // File links as directory links: one whose target is walked (or another link to it indexed) is a duplicate; a link
  // to a file the walk leaves out (ignored, say) is indexed under the link's path.
  if (fileLinks.length > 0) {
    const walked = new Set(files.map((f) => f.path));
    const linked = new Set<string>();
    for (const link of fileLinks) {
      const dirRel = visitedDirs.get(dirname(link.real));
      const name = basename(link.real);
      if (linked.has(link.real) || (dirRel !== undefined && walked.has(dirRel ? `${dirRel}/${name}` : name))) {
        skipped.set(link.rel, 'symlink-duplicate');
        continue;
      }
      linked.add(link.real);
      addFile(link.rel, link.abs, link.st);
    }
  }
  keptListings.delete(rootReal);
  keptListings.set(rootReal, listings);
  for (const root of keptListings.keys()) {
    if (keptListings.size <= KEPT_ROOTS) break;
    keptListings.delete(root);
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped };
}

/**
 * The listing of `absDir`, its entries sorted by name: `earlier`'s when its stamp is unchanged. Recorded in
 * `listings` for the next walk, unless the directory changed too recently for its stamp to be trusted.
 */
function listDirectory(absDir: string, earlier: ReadonlyMap<string, Listing> | undefined, listings: Map<string, Listing>, trustedBefore: number): Listing {
  const st = statSync(absDir, { bigint: true });
  const stamp = `${st.mtimeNs}:${st.ctimeNs}:${st.ino}`;
  const kept = earlier?.get(absDir);
  if (kept !== undefined && kept.stamp === stamp) {
    listings.set(absDir, kept);
    return kept;
  }
  const entries = readdirSync(absDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const listing: Listing = { stamp, entries };
  if (Math.max(Number(st.mtimeMs), Number(st.ctimeMs)) < trustedBefore) listings.set(absDir, listing);
  return listing;
}

/** The ignore rules of one directory, read from the ignore files among its entries. */
function loadIgnoreLevel(absDir: string, relDir: string, listing: Listing): IgnoreLevel | undefined {
  const texts: string[] = [];
  for (const name of IGNORE_FILES) {
    if (!listing.entries.some((e) => e.name === name)) continue;
    try {
      texts.push(readFileSync(join(absDir, name), 'utf8'));
    } catch {
      continue;
    }
  }
  if (texts.length === 0) return undefined;
  const text = texts.join('\n');
  if (listing.ignore?.text !== text) {
    const rules = ignore();
    for (const t of texts) rules.add(t); // an array would be read as one pattern per element, not per line
    listing.ignore = { text, rules };
  }
  return { dir: relDir, rules: listing.ignore.rules };
}

/** Git precedence: the deepest ignore file with a matching rule decides; `!pattern` re-includes. */
function isIgnored(levels: IgnoreLevel[], rel: string, isDir: boolean): boolean {
  for (let i = levels.length - 1; i >= 0; i--) {
    const level = levels[i]!;
    const local = level.dir ? rel.slice(level.dir.length + 1) : rel;
    const result = level.rules.test(isDir ? `${local}/` : local);
    if (result.ignored) return true;
    if (result.unignored) return false;
  }
  return false;
}

/** Why a link's real path could not be had: a cycle of links, a link to nothing, or else unreadable. */
function linkFailure(error: unknown): WalkSkipReason {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ELOOP' ? 'symlink-loop' : code === 'ENOENT' || code === 'ENOTDIR' ? 'symlink-broken' : 'unreadable';
}

function safeRealpath(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

function isInside(target: string, root: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel.split(sep)[0] !== '..');
}
