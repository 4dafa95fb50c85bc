/** Progress reporting for long runs: a redrawn bar on a TTY, sparse plain lines otherwise. */
import type { IndexProgress } from '../api/indexing.js';

const MIN_SHARE_FOR_ETA = 0.05;
/** ANSI: erase from the cursor to the end of the line, so a shorter text leaves nothing of a longer one behind. */
const CLEAR_TO_END = '\x1b[K';

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
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastPlainPct = -1;
  /** On a TTY, what the cursor's line shows: a phase's bar stays when the next phase begins, its bare name does not. */
  let onLine: 'nothing' | 'name' | 'bar' = 'nothing';
  const draw = (text: string, kind: 'name' | 'bar'): void => {
    stream.write(`\r${text}${CLEAR_TO_END}`);
    onLine = kind;
  };
  const update = (p: IndexProgress): void => {
    const now = performance.now();
    if (now - started < silentForMs) return;
    if (p.phase !== lastPhase) {
      if (tty && onLine === 'bar') stream.write('\n');
      lastPhase = p.phase;
      phaseStart = now;
      lastDraw = Number.NEGATIVE_INFINITY;
      lastPlainPct = -1;
      if (!tty) stream.write(`codectx: ${p.phase}...\n`);
      else if (p.total <= 0) draw(`${p.phase}...`, 'name');
    }
    if (p.total <= 0) return;
    // The share of the work done: of the bytes when the phase reports them, else of the files.
    const share = p.bytes !== undefined && p.bytes.total > 0 ? p.bytes.done / p.bytes.total : p.done / p.total;
    if (tty) {
      if (now - lastDraw < 100 && p.done < p.total) return;
      lastDraw = now;
      const elapsed = (now - phaseStart) / 1000;
      const rate = elapsed > 0 ? p.done / elapsed : 0;
      // Too early an estimate is mostly start-up (resolution builds its tables before the first file).
      const eta = share >= MIN_SHARE_FOR_ETA ? `${((elapsed * (1 - share)) / share).toFixed(0)}s` : '?';
      const width = 30;
      const filled = Math.round(share * width);
      const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
      draw(`${p.phase.padEnd(7)} [${bar}] ${p.done}/${p.total} files  ${rate.toFixed(0)} files/s  ETA ${eta}`, 'bar');
    } else if (p.phase === 'parse' || p.phase === 'resolve') {
      // The smallest files go last, and may hold no bytes at all (an empty __init__.py): 100% waits for them.
      const pct = p.done < p.total ? Math.min(90, Math.floor(share * 10) * 10) : 100;
      if (pct > lastPlainPct) {
        lastPlainPct = pct;
        const of = p.bytes !== undefined ? ` of ${megabytes(p.bytes.total)}` : '';
        stream.write(`codectx: ${p.phase === 'parse' ? 'parsed' : 'resolved'} ${p.done}/${p.total} files (${pct}%${of})\n`);
      }
    }
  };
  const finish = (): void => {
    if (!tty) return;
    if (onLine === 'bar') stream.write('\n');
    else if (onLine === 'name') stream.write(`\r${CLEAR_TO_END}`);
    onLine = 'nothing';
  };
  return { update, finish };
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
