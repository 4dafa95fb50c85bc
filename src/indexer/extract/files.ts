/** Repository file paths as module naming sees them. */

/** Directory part of a repo-relative POSIX path ('' at the root). */
export function dirOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

const fileSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The layout's file list as a set, built once per list. */
export function fileSet(files: readonly string[]): ReadonlySet<string> {
  let set = fileSets.get(files);
  if (set === undefined) {
    set = new Set(files);
    fileSets.set(files, set);
  }
  return set;
}
