/**
 * Creates a directory and its missing parents. Node's `mkdirSync(dir, { recursive: true })` never returns when the
 * file system refuses a directory with ENOENT although the parent exists (`/proc/x` on Linux): it creates the parent
 * and retries, forever, at full CPU. Here such a refusal is an error.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export function makeDirectory(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(dir).isDirectory()) return;
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir || existsSync(parent)) throw err;
    makeDirectory(parent);
    mkdirSync(dir);
  }
}
