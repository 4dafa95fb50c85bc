import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';

test('extraction runs inside a worker thread (grammars and queries load there too)', async () => {
  const worker = new Worker(new URL('./worker-entry.js', import.meta.url));
  try {
    const ask = (path: string, source: string) =>
      new Promise<string[]>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ path, source });
      });
    assert.deepEqual(await ask('a/m.py', 'class C:\n    def f(self): pass\n'), ['a.m', 'a.m.C', 'a.m.C.f']);
    assert.deepEqual(await ask('src/x.ts', 'export function g() {}\n'), ['src/x', 'src/x:g']);
  } finally {
    await worker.terminate();
  }
});
