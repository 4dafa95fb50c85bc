/**
 * The edits that turn one version of a file into the next, line by line, in the form tree-sitter's `Tree.edit`
 * takes: with them an old tree can be reused to parse the new version (kept-trees.ts). Indexes and columns are in
 * UTF-16 code units, as web-tree-sitter counts them.
 */

export interface Point {
  row: number;
  column: number;
}

export interface TextEdit {
  startIndex: number;
  oldEndIndex: number;
  newEndIndex: number;
  startPosition: Point;
  oldEndPosition: Point;
  newEndPosition: Point;
}

/** Lines with their terminators, so that a last line with and without its '\n' differ. */
function linesOf(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
    lines.push(text.slice(start, nl + 1));
    start = nl + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

function starts(lines: readonly string[]): number[] {
  const at = [0];
  for (const line of lines) at.push(at[at.length - 1]! + line.length);
  return at;
}

/** A run of changed lines: before's lines [a0, a1) became after's lines [b0, b1). */
type Hunk = [a0: number, a1: number, b0: number, b1: number];

/**
 * The shortest line edit script between a[lo..aHi) and b[lo..bHi) as hunks (Myers' O(ND) algorithm), or
 * undefined when it takes more than `maxChanges` inserted plus deleted lines. The trace keeps each step's
 * diagonals only (O(D²) memory).
 */
function myers(a: readonly string[], b: readonly string[], a0: number, aHi: number, b0: number, bHi: number, maxChanges: number): Hunk[] | undefined {
  const n = aHi - a0;
  const m = bHi - b0;
  const limit = Math.min(n + m, maxChanges);
  // v[k + d] of step d: the furthest x reached on diagonal k = x - y.
  const trace: Int32Array[] = [];
  let prev = new Int32Array(1);
  for (let d = 0; d <= limit; d++) {
    const v = new Int32Array(2 * d + 1);
    for (let k = -d; k <= d; k += 2) {
      // Down (an insertion) from diagonal k+1, or right (a deletion) from k-1, whichever got further.
      const fromAbove = k === -d || (k !== d && prev[k - 1 + (d - 1)]! < prev[k + 1 + (d - 1)]!);
      let x = d === 0 ? 0 : fromAbove ? prev[k + 1 + (d - 1)]! : prev[k - 1 + (d - 1)]! + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      v[k + d] = x;
      if (x >= n && y >= m) {
        trace.push(v);
        return hunksFrom(trace, n, m, a0, b0);
      }
    }
    trace.push(v);
    prev = v;
  }
  return undefined;
}

/** Walks the trace back from (n, m), merging adjacent single-line steps into hunks. */
function hunksFrom(trace: readonly Int32Array[], n: number, m: number, a0: number, b0: number): Hunk[] {
  const hunks: Hunk[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d - 1]!;
    const k = x - y;
    const fromAbove = k === -d || (k !== d && prev[k - 1 + (d - 1)]! < prev[k + 1 + (d - 1)]!);
    const pk = fromAbove ? k + 1 : k - 1;
    const px = prev[pk + (d - 1)]!;
    const py = px - pk;
    // The step from (px, py) is one line, then a snake of equal lines up to (x, y).
    const sx = fromAbove ? px : px + 1;
    const sy = fromAbove ? py + 1 : py;
    const last = hunks[hunks.length - 1];
    if (last !== undefined && last[0] === a0 + sx && last[2] === b0 + sy) {
      last[0] = a0 + px;
      last[2] = b0 + py;
    } else {
      hunks.push([a0 + px, a0 + sx, b0 + py, b0 + sy]);
    }
    x = px;
    y = py;
  }
  return hunks.reverse();
}

/** Where `text` ends when it starts at (row, 0). */
function endOf(text: string, row: number): Point {
  let rows = 0;
  let lastNl = -1;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) {
    rows++;
    lastNl = nl;
  }
  return { row: row + rows, column: text.length - lastNl - 1 };
}

/**
 * Edits turning `before` into `after`, first to last, each in the coordinates of the text the earlier ones made
 * (so they apply in order). Changed lines are found by a line diff; past `maxChanges` changed lines one edit
 * spans everything between the common first and last lines.
 */
export function textEdits(before: string, after: string, maxChanges = 500): TextEdit[] {
  if (before === after) return [];
  const a = linesOf(before);
  const b = linesOf(after);
  let lo = 0;
  while (lo < a.length && lo < b.length && a[lo] === b[lo]) lo++;
  let aHi = a.length;
  let bHi = b.length;
  while (aHi > lo && bHi > lo && a[aHi - 1] === b[bHi - 1]) {
    aHi--;
    bHi--;
  }
  const hunks = myers(a, b, lo, aHi, lo, bHi, maxChanges) ?? [[lo, aHi, lo, bHi]];
  const aAt = starts(a);
  const bAt = starts(b);
  return hunks.map(([a0, a1, b0, b1]) => {
    // Earlier hunks are applied: the text before this one is `after`'s.
    const startIndex = bAt[b0]!;
    const removed = before.slice(aAt[a0], aAt[a1]);
    const inserted = after.slice(startIndex, bAt[b1]);
    return {
      startIndex,
      oldEndIndex: startIndex + removed.length,
      newEndIndex: startIndex + inserted.length,
      startPosition: { row: b0, column: 0 },
      oldEndPosition: endOf(removed, b0),
      newEndPosition: endOf(inserted, b0),
    };
  });
}
