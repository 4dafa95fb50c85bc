/**
 * Maximum-weight one-to-one assignment (Kuhn–Munkres with potentials, O(n²m)) on a rectangular matrix.
 * Returns, for each row, its column or -1 when the matrix has more rows than columns and it got none.
 */
export function maxWeightAssignment(weights: number[][]): number[] {
  const rows = weights.length;
  const cols = rows === 0 ? 0 : weights[0].length;
  if (rows === 0 || cols === 0) return weights.map(() => -1);
  if (rows > cols) {
    const transposed = Array.from({ length: cols }, (_, j) => weights.map((row) => row[j]));
    const colToRow = maxWeightAssignment(transposed);
    const result = weights.map(() => -1);
    colToRow.forEach((r, c) => (result[r] = c));
    return result;
  }
  // Minimise the negated weights; arrays are 1-based with 0 as the virtual start column.
  const cost = (i: number, j: number) => -weights[i - 1][j - 1];
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(cols + 1);
  const rowOfCol = new Int32Array(cols + 1);
  const way = new Int32Array(cols + 1);
  for (let i = 1; i <= rows; i++) {
    rowOfCol[0] = i;
    let j0 = 0;
    const minv = new Float64Array(cols + 1).fill(Infinity);
    const used = new Uint8Array(cols + 1);
    do {
      used[j0] = 1;
      const i0 = rowOfCol[j0];
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
        if (used[j]) continue;
        const reduced = cost(i0, j) - u[i0] - v[j];
        if (reduced < minv[j]) {
          minv[j] = reduced;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        if (used[j]) {
          u[rowOfCol[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (rowOfCol[j0] !== 0);
    do {
      const j1 = way[j0];
      rowOfCol[j0] = rowOfCol[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  const result = weights.map(() => -1);
  for (let j = 1; j <= cols; j++) if (rowOfCol[j] !== 0) result[rowOfCol[j] - 1] = j - 1;
  return result;
}
