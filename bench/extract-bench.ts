/**
 * Extraction benchmark and dump (not a test): the CPU of per-file extraction on one thread (everything after the
 * parse: the language's extract, token counts included, and freeing the tree), and optionally every file's
 * extractFile() JSON, one line per file in path order, to prove a change leaves the output byte-identical.
 *   node dist/bench/extract-bench.js --repo DIR [--reps N] [--dump FILE]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { languageForPath } from '../src/indexer/languages/index.js';
import { extractFile, parserFor } from '../src/indexer/parse.js';
import { repoSources } from './repo-sources.js';

const { values } = parseArgs({ options: { repo: { type: 'string' }, reps: { type: 'string' }, dump: { type: 'string' } } });
if (!values.repo) {
  process.stderr.write('usage: node dist/bench/extract-bench.js --repo DIR [--reps N] [--dump FILE]\n');
  process.exit(2);
}
const repo = values.repo;
const { layout, sources } = repoSources(repo);
console.log(`files: ${sources.length}`);

if (values.dump) {
  const lines: string[] = [];
  for (const s of sources) lines.push(JSON.stringify(await extractFile(s.path, s.text, layout)));
  writeFileSync(values.dump, lines.join('\n') + '\n');
  console.log(`dumped to ${values.dump}`);
}

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const reps = Number(values.reps ?? 0);
const extractTimes: number[] = [];
const parseTimes: number[] = [];
for (let rep = 0; rep < reps; rep++) {
  let extractMs = 0;
  let parseMs = 0;
  for (const s of sources) {
    const support = languageForPath(s.path)!;
    const parser = await parserFor(support.grammarFor(s.path));
    let t = cpuMs();
    const tree = parser.parse(s.text)!;
    parseMs += cpuMs() - t;
    t = cpuMs();
    support.extract({ filePath: s.path, source: s.text, tree, root: tree.rootNode, layout });
    tree.delete();
    extractMs += cpuMs() - t;
  }
  extractTimes.push(extractMs);
  parseTimes.push(parseMs);
  console.log(`rep ${rep + 1}: parse ${(parseMs / 1000).toFixed(2)} s CPU, extraction ${(extractMs / 1000).toFixed(2)} s CPU`);
}
const seconds = (ms: number): string => (ms / 1000).toFixed(2);
if (reps > 0) {
  console.log(
    `median (min): parse ${seconds(median(parseTimes))} (${seconds(Math.min(...parseTimes))}) s, ` +
      `extraction ${seconds(median(extractTimes))} (${seconds(Math.min(...extractTimes))}) s CPU`,
  );
}
