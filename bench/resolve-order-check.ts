/**
 * Resolution must not depend on the order files are resolved in: a cold index resolves every file in path order,
 * an update only some of them, and both must give the same edges. Resolves every file of a repository in path
 * order and in reverse, each pass with a resolver of its own and, as indexing does, every other file's
 * references but the inheritance ones held back; prints the files whose edges, externals or dependency records
 * differ, and exits 1 if any do.
 *   node dist/bench/resolve-order-check.js --repo DIR
 */
import { parseArgs } from 'node:util';
import { resolveInOrder } from '../test/resolve/helpers.js';
import { extractRepo } from './resolve-bench.js';

const { values } = parseArgs({ options: { repo: { type: 'string' } } });
if (!values.repo) {
  process.stderr.write('usage: node dist/bench/resolve-order-check.js --repo DIR\n');
  process.exit(2);
}

const { input } = await extractRepo(values.repo);
const paths = [...input.extracts.keys()].sort();

const forward = resolveInOrder(input, paths);
const backward = resolveInOrder(input, [...paths].reverse());
const differ = paths.filter((path) => forward.get(path) !== backward.get(path));
console.log(`${values.repo}: ${paths.length} files, ${differ.length} resolved differently in reverse order`);
for (const path of differ.slice(0, 20)) console.log(`  ${path}`);
process.exit(differ.length === 0 ? 0 : 1);
