/**
 * Resolution must not depend on the order files are resolved in: a cold index resolves every file in path order,
 * an update only some of them, and both must give the same edges. Resolves every file of a repository in path
 * order and in reverse, each pass with a resolver of its own and, as indexing does, every other file's
 * references but the inheritance ones held back; prints the files whose edges, externals or dependency records
 * differ, and exits 1 if any do.
 *   node dist/bench/resolve-order-check.js --repo DIR
 */
import { parseArgs } from 'node:util';
import { createResolver } from '../src/indexer/resolve/index.js';
import { isInheritance, type FileExtract } from '../src/indexer/types.js';
import { extractRepo } from './resolve-bench.js';

const { values } = parseArgs({ options: { repo: { type: 'string' } } });
if (!values.repo) {
  process.stderr.write('usage: node dist/bench/resolve-order-check.js --repo DIR\n');
  process.exit(2);
}

const { input } = await extractRepo(values.repo);
const paths = [...input.extracts.keys()].sort();

/** Each file's resolution, as JSON, resolving the files in `order`. */
function resolveInOrder(order: readonly string[]): Map<string, string> {
  const extracts = new Map<string, FileExtract>();
  for (const [path, extract] of input.extracts) extracts.set(path, { ...extract, refs: extract.refs.filter(isInheritance) });
  const resolver = createResolver({ ...input, extracts });
  const out = new Map<string, string>();
  for (const path of order) {
    const declarations = extracts.get(path)!;
    extracts.set(path, input.extracts.get(path)!);
    const { edges, externals, deps } = resolver.resolveFile(path);
    extracts.set(path, declarations);
    out.set(path, JSON.stringify([edges, externals, deps]));
  }
  return out;
}

const forward = resolveInOrder(paths);
const backward = resolveInOrder([...paths].reverse());
const differ = paths.filter((path) => forward.get(path) !== backward.get(path));
console.log(`${values.repo}: ${paths.length} files, ${differ.length} resolved differently in reverse order`);
for (const path of differ.slice(0, 20)) console.log(`  ${path}`);
process.exit(differ.length === 0 ? 0 : 1);
