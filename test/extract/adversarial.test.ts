/** Adversarial inputs: deep expression chains must neither overflow the stack nor take quadratic time. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource, fqns, refsOf } from './helpers.js';

/** `unit` repeated `n` times, 50 to a line (`joiner` ends each line), so the file is not taken for minified. */
function lines(unit: string, n: number, joiner = '\n'): string {
  const out: string[] = [];
  for (let i = 0; i < n; i += 50) out.push(unit.repeat(Math.min(50, n - i)));
  return out.join(joiner);
}

test('python: `f()()()...` 10,000 calls deep keeps the file (no stack overflow falling back to a bare module)', async () => {
  const x = await extractSource('calls.py', `x = f${'()'.repeat(10_000)}\n\ndef after():\n    g()\n`);
  assert.ok(fqns(x).includes('function calls.after'), fqns(x).join(', '));
  assert.ok(refsOf(x).includes('call |g @calls.after'));
});

test('python: `a.b().b()...` 10,000 calls long is extracted in linear time, the outer call with its receiver path', async () => {
  const start = performance.now();
  const x = await extractSource('chain.py', `x = a${lines('.b()', 10_000, '\\\n')}\n\ndef after():\n    pass\n`);
  assert.ok(performance.now() - start < 20_000, `took ${performance.now() - start} ms`);
  assert.ok(fqns(x).includes('function chain.after'));
  assert.deepEqual(refsOf(x, ['call']), [`call a${'.b()'.repeat(9_999)}|b @chain`]);
});

for (const ext of ['ts', 'js']) {
  test(`${ext}: \`a.b().b()...\` 10,000 calls long and \`a.b.b...\` 10,000 members keep the file`, async () => {
    for (const body of [`a${lines('.b()', 10_000)};\n`, `const x = a${lines('.b', 10_000)};\nx.c();\n`]) {
      const x = await extractSource(`chain.${ext}`, `${body}export function after() { g(); }\n`);
      assert.ok(fqns(x).includes('function chain:after'), fqns(x).join(', '));
    }
  });
}

test('go: a method whose receiver type has a non-ASCII name hangs under that type, not the receiver variable', async () => {
  const x = await extractSource('a.go', ['package a', 'type Привет struct{}', 'func (p *Привет) Метод() {}', 'func (Привет) Другой() {}', ''].join('\n'));
  assert.deepEqual(fqns(x), ['module a.go', 'class a.Привет', 'method a.Привет.Метод', 'method a.Привет.Другой']);
  assert.equal(x.entities[2]!.parentId, x.entities[1]!.id);
});
