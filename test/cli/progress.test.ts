import { test } from 'node:test';
import assert from 'node:assert/strict';
import { progressReporter } from '../../src/cli/progress.js';

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const stream = { isTTY, write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

const MB = 1024 * 1024;

test('plain progress counts the parse phase by bytes, as the files go largest first, and says 100% only once all are done', () => {
  const { stream, written } = fakeStream(false);
  const reporter = progressReporter(stream);
  const total = 10 * MB;
  const parse = (done: number, bytes: number): void => reporter.update({ phase: 'parse', done, total: 1000, bytes: { done: bytes, total } });
  parse(0, 0);
  parse(3, 3 * MB);
  parse(10, 5.5 * MB);
  parse(900, total);
  parse(1000, total);
  reporter.finish();
  assert.deepEqual(written, [
    'codectx: parse...\n',
    'codectx: parsed 0/1000 files (0% of 10.0 MB)\n',
    'codectx: parsed 3/1000 files (30% of 10.0 MB)\n',
    'codectx: parsed 10/1000 files (50% of 10.0 MB)\n',
    'codectx: parsed 900/1000 files (90% of 10.0 MB)\n',
    'codectx: parsed 1000/1000 files (100% of 10.0 MB)\n',
  ]);
});

test('the progress bar fills by bytes and shows files done', () => {
  const { stream, written } = fakeStream(true);
  const reporter = progressReporter(stream);
  reporter.update({ phase: 'parse', done: 2, total: 100, bytes: { done: 5 * MB, total: 10 * MB } });
  reporter.finish();
  const bar = written.find((s) => s.startsWith('\rparse'));
  assert.ok(bar, written.join('|'));
  assert.match(bar, /\[#{15}-{15}\] 2\/100 files .* ETA \d+s\x1b\[K$/);
  reporter.update({ phase: 'resolve', done: 1, total: 100 });
  assert.match(written.at(-1)!, /^\rresolve \[-{30}\] 1\/100 files .* ETA \?\x1b\[K$/);
});

test('without bytes, the share of files done is the progress', () => {
  const { stream, written } = fakeStream(false);
  const reporter = progressReporter(stream);
  reporter.update({ phase: 'parse', done: 50, total: 100 });
  assert.equal(written.at(-1), 'codectx: parsed 50/100 files (50%)\n');
});

test('plain progress of resolution starts with its first file, once the total is known', () => {
  const { stream, written } = fakeStream(false);
  const reporter = progressReporter(stream);
  reporter.update({ phase: 'resolve', done: 0, total: 0 });
  for (let done = 1; done <= 40; done++) reporter.update({ phase: 'resolve', done, total: 40 });
  assert.deepEqual(written, [
    'codectx: resolve...\n',
    ...[0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((pct) => `codectx: resolved ${Math.max(1, (pct / 100) * 40)}/40 files (${pct}%)\n`),
    'codectx: resolved 40/40 files (100%)\n',
  ]);
});

/** What a terminal shows after `written`: `\r` returns to the line's start, ESC[K erases to its end, text overwrites. */
function screen(written: string[]): string[] {
  const lines = [''];
  let col = 0;
  for (const chunk of written) {
    for (let i = 0; i < chunk.length; i++) {
      const line = lines.length - 1;
      if (chunk[i] === '\r') col = 0;
      else if (chunk[i] === '\n') {
        lines.push('');
        col = 0;
      } else if (chunk.startsWith('\x1b[K', i)) {
        lines[line] = lines[line]!.slice(0, col);
        i += 2;
      } else {
        lines[line] = lines[line]!.slice(0, col) + chunk[i] + lines[line]!.slice(col + 1);
        col++;
      }
    }
  }
  return lines;
}

test('on a terminal, phases without counts show their name until the next, and only the counted phases leave a bar', () => {
  const { stream, written } = fakeStream(true);
  const reporter = progressReporter(stream);
  reporter.update({ phase: 'walk', done: 0, total: 0 });
  assert.deepEqual(screen(written), ['walk...']);
  reporter.update({ phase: 'read', done: 0, total: 0 });
  assert.deepEqual(screen(written), ['read...']);
  reporter.update({ phase: 'parse', done: 0, total: 3, bytes: { done: 0, total: 30 } });
  reporter.update({ phase: 'parse', done: 3, total: 3, bytes: { done: 30, total: 30 } });
  reporter.update({ phase: 'resolve', done: 0, total: 0 });
  assert.equal(screen(written).at(-1), 'resolve...');
  reporter.update({ phase: 'resolve', done: 1, total: 2 });
  reporter.update({ phase: 'resolve', done: 2, total: 2 });
  reporter.update({ phase: 'write', done: 0, total: 0 });
  assert.equal(screen(written).at(-1), 'write...');
  reporter.finish();
  const shown = screen(written);
  assert.equal(shown.length, 3, JSON.stringify(shown));
  assert.match(shown[0]!, /^parse   \[#{30}\] 3\/3 files .* ETA 0s$/);
  assert.match(shown[1]!, /^resolve \[#{30}\] 2\/2 files .* ETA 0s$/);
  assert.equal(shown[2], '');
});
