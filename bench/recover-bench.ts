/**
 * Architecture recovery benchmark (not a test): every algorithm on a real repository's graph, with its time,
 * component count and metrics, then pairwise MoJoFM between the algorithms.
 *   npm run bench:recover -- --repo DIR [--index-dir DIR]
 */
import { parseArgs } from 'node:util';
import { compare, computeMetrics, recover } from '../src/architecture/index.js';
import type { Architecture } from '../src/architecture/index.js';
import { ALGORITHMS, graphOf } from '../src/api/architecture.js';
import { openRepo } from '../src/api/repo.js';

const { values } = parseArgs({ options: { repo: { type: 'string' }, 'index-dir': { type: 'string' } } });
if (!values.repo) {
  process.stderr.write('usage: npm run bench:recover -- --repo DIR [--index-dir DIR]\n');
  process.exit(2);
}
const handle = await openRepo({ repo: values.repo, indexDir: values['index-dir'], update: true });
const graph = graphOf(handle);
console.log(`repo: ${handle.repo}  entities: ${graph.entities.length}  edges: ${graph.edges.length}`);
const results = new Map<string, Architecture>();
// CPU seconds next to wall seconds: on a loaded machine the wall clock mostly measures the other load.
console.log('algorithm  seconds  cpu-s  components  TurboMQ  BasicMQ  modularity');
for (const algorithm of ALGORITHMS) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const arch = recover(graph, { algorithm });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  results.set(algorithm, arch);
  const m = computeMetrics(arch, graph);
  console.log(
    `${algorithm.padEnd(9)}  ${seconds.toFixed(2).padStart(7)}  ${cpuSeconds.toFixed(2).padStart(5)}  ${String(m.componentCount).padStart(10)}  ${m.turboMQ.toFixed(4)}   ${m.basicMQ.toFixed(4)}   ${m.modularity.toFixed(4)}`,
  );
}
console.log('\nMoJoFM(row -> column)');
console.log(`${''.padEnd(9)} ${ALGORITHMS.map((a) => a.padStart(8)).join(' ')}`);
for (const a of ALGORITHMS) {
  const row = ALGORITHMS.map((b) => (a === b ? '-' : compare(results.get(a)!, results.get(b)!).mojoFM.toFixed(1)).padStart(8));
  console.log(`${a.padEnd(9)} ${row.join(' ')}`);
}
console.log(`\npeak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
handle.close();
