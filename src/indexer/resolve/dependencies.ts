/**
 * What one file's resolution read of the rest of the repository. An update re-resolves a file only when
 * a file it read changed what others can see of it, or a repository-wide question it asked (where does
 * this specifier lead, how many definitions are named `x`) now gets another answer.
 */
import type { FileExtract } from '../types.js';

/** The dependency record of one file, persisted next to its edges. */
export interface FileDeps {
  /** Files whose entities, imports, exports, bindings or bases were read. */
  files: string[];
  /** Repository-wide questions, encoded, with the answer seen. */
  queries: [question: string, answer: string][];
}

class Frame {
  readonly files = new Set<string>();
  readonly queries = new Map<string, string>();

  absorb(other: Frame): void {
    for (const file of other.files) this.files.add(file);
    for (const [q, a] of other.queries) this.queries.set(q, a);
  }
}

/** Collects reads into nested frames, so memoised results carry what computing them read. */
export class DepTracker {
  private readonly stack: Frame[] = [];

  readFile(file: string): void {
    this.stack[this.stack.length - 1]?.files.add(file);
  }

  asked(question: string, answer: string): void {
    this.stack[this.stack.length - 1]?.queries.set(question, answer);
  }

  /** Runs `compute` in a frame of its own, then adds that frame to the enclosing one. */
  capture<T>(compute: () => T): { value: T; reads: Frame } {
    const frame = new Frame();
    this.stack.push(frame);
    try {
      return { value: compute(), reads: frame };
    } finally {
      this.stack.pop();
      this.stack[this.stack.length - 1]?.absorb(frame);
    }
  }

  /** Repeats the reads of a memoised computation in the current frame. */
  replay(reads: Frame): void {
    this.stack[this.stack.length - 1]?.absorb(reads);
  }
}

export function toFileDeps(reads: Frame, self: string): FileDeps {
  return {
    files: [...reads.files].filter((f) => f !== self).sort(),
    queries: [...reads.queries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  };
}

export type Reads = Frame;

/**
 * Everything resolution may read of a file on behalf of another one (not lines, docs or call sites):
 * two versions with the same fingerprint resolve every other file the same way.
 */
export function interfaceFingerprint(extract: FileExtract | undefined): string {
  if (!extract) return '';
  return JSON.stringify([
    extract.language,
    extract.entities.map((e) => [e.id, e.parentId, e.kind, e.name, e.fqn, e.language, e.signature, e.exported]),
    extract.imports.map((i) => ({ ...i, line: 0 })),
    extract.exports,
    extract.bindings,
    extract.refs.filter((r) => r.kind === 'inherits' || r.kind === 'implements').map((r) => [r.fromId, r.kind, r.receiver, r.name]),
  ]);
}
