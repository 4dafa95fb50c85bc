/**
 * Prints the resolved edges and externals of a directory as golden JSON:
 * `node dist/bench/resolve-dump.js <dir>` (check the output by hand before using it as a golden file).
 */
import { describeEdges, describeExternals, resolveRepo } from '../test/resolve/helpers.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: resolve-dump <dir>');
const { input, results } = await resolveRepo(dir);
console.log(JSON.stringify({ edges: describeEdges(input, results), externals: describeExternals(input, results) }, null, 2));
