/** Prints the resolved edges and externals of a directory: `node dist/bench/resolve-dump.js <dir>`. */
import { describeEdges, describeExternals, resolveRepo } from '../test/resolve/helpers.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: resolve-dump <dir>');
const { input, results } = await resolveRepo(dir);
for (const line of describeEdges(input, results)) console.log(line);
if (process.argv.includes('--externals')) for (const line of describeExternals(input, results)) console.log(line);
