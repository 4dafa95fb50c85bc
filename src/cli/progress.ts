/** Progress reporting for long runs: a redrawn bar on a TTY, sparse plain lines otherwise. */
import type { IndexProgress } from '../api/indexing.js';

/** `silentForMs`: nothing is shown before the run has taken that long (a query's refresh of an index mostly up to date). */
export function progressReporter(
  stream: NodeJS.WriteStream = process.stderr,
  { silentForMs = 0 }: { silentForMs?: number } = {},
): {
  update: (p: IndexProgress) => void;
  finish: () => void;
} {
  const tty = stream.isTTY === true;
  const started = performance.now();
  let phaseStart = performance.now();
  let lastPhase = '';
  let lastDraw = 0;
  let lastPlainPct = -1;
  const update = (p: IndexProgress): void => {
    const now = performance.now();
    if (now - started < silentForMs) return;
    if (p.phase !== lastPhase) {
      if (tty && lastPhase) stream.write('\n');
      lastPhase = p.phase;
      phaseStart = now;
      lastPlainPct = -1;
      if (!tty) stream.write(`codectx: ${p.phase}...\n`);
    }
    if (p.total <= 0) return;
    if (tty) {
      if (now - lastDraw < 100 && p.done < p.total) return;
      lastDraw = now;
      const elapsed = (now - phaseStart) / 1000;
      const rate = elapsed > 0 ? p.done / elapsed : 0;
      const eta = rate > 0 ? (p.total - p.done) / rate : 0;
      const width = 30;
      const filled = Math.round((p.done / p.total) * width);
      const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
      stream.write(`\r${p.phase.padEnd(7)} [${bar}] ${p.done}/${p.total} files  ${rate.toFixed(0)} files/s  ETA ${eta.toFixed(0)}s `);
    } else if (p.phase === 'parse') {
      const pct = Math.floor((p.done / p.total) * 10) * 10;
      if (pct > lastPlainPct) {
        lastPlainPct = pct;
        stream.write(`codectx: parsed ${p.done}/${p.total} files (${pct}%)\n`);
      }
    }
  };
  const finish = (): void => {
    if (tty && lastPhase) stream.write('\n');
  };
  return { update, finish };
}
