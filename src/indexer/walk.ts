/**
 * Repository walk: which files get indexed. Honors .gitignore at every level and .codectxignore,
 * never enters VCS, dependency or index folders, stays inside the root through symlinks.
 */
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

export const ALWAYS_SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules', '.hg', '.svn']);
const IGNORE_FILES = ['.gitignore', '.codectxignore'];

export type WalkSkipReason = 'symlink-outside-root' | 'symlink-loop' | 'unreadable';

export interface WalkedFile {
  /** Repo-relative POSIX path. */
  path: string;
  absPath: string;
  size: number;
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

export function walkRepository(options: WalkOptions): WalkResult {
  const rootReal = realpathSync(options.root);
  const indexReal = options.indexDir ? safeRealpath(options.indexDir) : undefined;
  const files: WalkedFile[] = [];
  const skipped = new Map<string, WalkSkipReason>();
  const visitedDirs = new Set<string>([rootReal]);

  const visit = (absDir: string, relDir: string, levels: IgnoreLevel[]): void => {
    let names: string[];
    try {
      names = readdirSync(absDir);
    } catch {
      skipped.set(relDir || '.', 'unreadable');
      return;
    }
    names.sort();
    const here = loadIgnoreLevel(absDir, relDir);
    const active = here ? [...levels, here] : levels;
    for (const name of names) {
      const abs = join(absDir, name);
      const rel = relDir ? `${relDir}/${name}` : name;
      let st: Stats;
      try {
        st = lstatSync(abs);
      } catch {
        skipped.set(rel, 'unreadable');
        continue;
      }
      let isDir = st.isDirectory();
      let size = st.size;
      if (st.isSymbolicLink()) {
        const target = safeRealpath(abs);
        if (!target || !isInside(target, rootReal)) {
          skipped.set(rel, 'symlink-outside-root');
          continue;
        }
        try {
          const tst = statSync(target);
          isDir = tst.isDirectory();
          size = tst.size;
        } catch {
          skipped.set(rel, 'unreadable');
          continue;
        }
        if (isDir && visitedDirs.has(target)) {
          skipped.set(rel, 'symlink-loop');
          continue;
        }
      } else if (!isDir && !st.isFile()) {
        continue; // sockets, fifos, devices
      }
      if (isDir) {
        if (ALWAYS_SKIPPED_DIRS.has(name)) continue;
        const real = safeRealpath(abs);
        if (!real || real === indexReal) continue;
        if (isIgnored(active, rel, true)) continue;
        if (visitedDirs.has(real) && !st.isSymbolicLink()) continue;
        visitedDirs.add(real);
        visit(abs, rel, active);
      } else {
        if (!options.accept(rel) || isIgnored(active, rel, false)) continue;
        files.push({ path: rel, absPath: abs, size });
      }
    }
  };
  visit(rootReal, '', []);
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped };
}

function loadIgnoreLevel(absDir: string, relDir: string): IgnoreLevel | undefined {
  let rules: Ignore | undefined;
  for (const name of IGNORE_FILES) {
    let text: string;
    try {
      text = readFileSync(join(absDir, name), 'utf8');
    } catch {
      continue;
    }
    rules ??= ignore();
    rules.add(text);
  }
  return rules ? { dir: relDir, rules } : undefined;
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
