/** Reading the repository's project files (tsconfig.json, package.json, go.mod ...) that layout and resolution consult. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve as resolvePath, sep } from 'node:path';

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

/**
 * The project files a run read, with a digest of what each held (null: absent): when one of them reads
 * differently later, every file is resolved again.
 */
export class ProjectFileReads {
  private readonly digests = new Map<string, string | null>();
  private readonly readRepoFile: (rel: string) => string | null;

  constructor(root: string) {
    this.readRepoFile = repoFileReader(root);
  }

  /** Reads `rel` and records its digest. */
  readonly read = (rel: string): string | null => {
    const text = this.readRepoFile(rel);
    this.digests.set(rel, digestOf(text));
    return text;
  };

  /** Records reads made elsewhere (by a resolution thread). */
  add(entries: Iterable<[string, string | null]>): void {
    for (const [rel, digest] of entries) this.digests.set(rel, digest);
  }

  entries(): [string, string | null][] {
    return [...this.digests];
  }

  /** The record stored with the index: the reads by path. */
  toJson(): string {
    return JSON.stringify(Object.fromEntries([...this.digests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  }
}

/** Whether any project file recorded by the last resolution (`recorded`, ProjectFileReads.toJson) now reads differently. */
export function projectFilesChanged(recorded: string | undefined, root: string): boolean {
  if (!recorded) return false;
  const read = repoFileReader(root);
  const digests = JSON.parse(recorded) as Record<string, string | null>;
  return Object.entries(digests).some(([rel, digest]) => digestOf(read(rel)) !== digest);
}

function digestOf(text: string | null): string | null {
  return text === null ? null : createHash('sha1').update(text).digest('hex');
}
