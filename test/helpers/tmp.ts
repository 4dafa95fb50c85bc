/** Temporary directory trees for tests, written from a path -> content map. */
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function makeTree(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(join(tmpdir(), 'codectx-test-'));
  writeTree(root, files);
  return root;
}

export function writeTree(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

export function removeTree(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/** Absolute path of the repository checkout the tests run from (works from dist/test/...). */
export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function fixturePath(name: string): string {
  return join(PROJECT_ROOT, 'test', 'fixtures', name);
}

/** A writable copy of a fixture repository. */
export function copyFixture(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `codectx-${name.replace(/\W/g, '_')}-`));
  cpSync(fixturePath(name), root, { recursive: true });
  return root;
}
