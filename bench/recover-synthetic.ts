/**
 * Times every recovery algorithm on a synthetic graph the size of Django (2,500 files, 40k entities,
 * 300k edges). Dependencies are mostly local (same directory, then same top-level package) with a few
 * heavily used utility files, as in real code; each file calls into 16 imported files, or with
 * --scattered every edge goes to a fresh random file (the worst case for WCA and LIMBO).
 * Run: node dist/bench/recover-synthetic.js [--scattered] [algorithm…]
 */
import type { DepGraph, Edge, EdgeKind, Entity } from '../src/graph/types.js';
import { recover } from '../src/architecture/recover.js';
import { computeMetrics } from '../src/architecture/metrics.js';
import { detectSmells } from '../src/architecture/smells.js';
import { compare } from '../src/architecture/compare.js';
import { seededRandom } from '../src/architecture/louvain.js';
import type { Algorithm } from '../src/architecture/types.js';

const FILES = 2500;
const ENTITIES = 40_000;
const EDGES = 300_000;
const TOP_PACKAGES = 12;
const DIRECTORIES = 150;

function syntheticGraph(scattered: boolean): DepGraph {
  const random = seededRandom(7);
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
  const vocabulary = Array.from({ length: 3000 }, (_, i) => `word${i.toString(36)}`);
  const dirWords = Array.from({ length: DIRECTORIES }, () => Array.from({ length: 12 }, () => pick(vocabulary)));
  const dirOfFile = Array.from({ length: FILES }, (_, f) => f % DIRECTORIES);
  const dirPath = (d: number) => `pkg/top${d % TOP_PACKAGES}/dir${d}`;
  const entities: Entity[] = [];
  const edges: Edge[] = [];
  const byFile: string[][] = Array.from({ length: FILES }, () => []);
  const entity = (f: number, kind: Entity['kind'], name: string, parentId: string | null): Entity => {
    const d = dirOfFile[f];
    const words = Array.from({ length: 4 }, () => pick(dirWords[d]));
    const id = entities.length.toString(16).padStart(16, '0');
    const e: Entity = {
      id, fqn: `${dirPath(d).replace(/\//g, '.')}.file${f}.${name}`, name, kind, language: 'python',
      filePath: `${dirPath(d)}/file${f}.py`, package: dirPath(d).replace(/\//g, '.'), startLine: 1, endLine: 2,
      signature: `def ${name}()`, docstring: words.join(' '), exported: true, tokens: 10, parentId, terms: words.join(' '),
    };
    entities.push(e);
    return e;
  };
  for (let f = 0; f < FILES; f++) {
    const module = entity(f, 'module', `file${f}`, null);
    const size = Math.floor(ENTITIES / FILES) - 1;
    for (let i = 0; i < size; i++) {
      const name = `${pick(dirWords[dirOfFile[f]])}${i % 3 === 0 ? 'Manager' : 'Helper'}${i}`;
      const e = entity(f, i % 4 === 0 ? 'class' : 'function', name, module.id);
      byFile[f].push(e.id);
      edges.push({ source: module.id, target: e.id, kind: 'contains', confidence: 'exact', count: 1, line: 1 });
    }
  }
  const filesInDir = Array.from({ length: DIRECTORIES }, (_, d) => [...Array(FILES).keys()].filter((f) => dirOfFile[f] === d));
  const utilities = [...Array(40).keys()].map((i) => i * 61);
  const kinds: EdgeKind[] = ['calls', 'calls', 'calls', 'references', 'imports', 'inherits'];
  const target = (s: number) => {
    const roll = random();
    const d = dirOfFile[s];
    return roll < 0.55 ? pick(filesInDir[d])
      : roll < 0.8 ? pick(filesInDir[(d + TOP_PACKAGES * Math.floor(random() * 3)) % DIRECTORIES])
      : roll < 0.9 ? pick(utilities)
      : Math.floor(random() * FILES);
  };
  // Real files import a handful of modules and call into them many times; scattered mode is the worst case.
  const imports = Array.from({ length: FILES }, (_, s) => Array.from({ length: 16 }, () => target(s)));
  while (edges.length < EDGES) {
    const s = Math.floor(random() * FILES);
    const t = scattered ? target(s) : pick(imports[s]);
    edges.push({ source: pick(byFile[s]), target: pick(byFile[t]), kind: pick(kinds), confidence: 'exact', count: 1 + Math.floor(random() * 3), line: 1 });
  }
  return { entities, edges, externals: [] };
}

const args = process.argv.slice(2);
const scattered = args.includes('--scattered');
const graph = syntheticGraph(scattered);
const filePairs = new Set(graph.edges.filter((e) => e.kind !== 'contains').map((e) => `${graph.entities[parseInt(e.source, 16)].filePath}>${graph.entities[parseInt(e.target, 16)].filePath}`));
console.log(`graph: ${FILES} files, ${graph.entities.length} entities, ${graph.edges.length} edges, ${filePairs.size} file dependencies${scattered ? ' (scattered)' : ''}`);
// Cross-directory edges stay inside a top-level package: those packages are the planted structure.
const planted = recover(graph, { algorithm: 'pkg', pkgDepth: 2 });
const named = args.filter((a) => !a.startsWith('--'));
const algorithms = (named.length > 0 ? named : ['pkg', 'acdc', 'wca', 'limbo', 'louvain']) as Algorithm[];
for (const algorithm of algorithms) {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const arch = recover(graph, { algorithm });
  const recovered = performance.now();
  const cpu = process.cpuUsage(cpuStart);
  const metrics = computeMetrics(arch, graph);
  const smells = detectSmells(arch, graph);
  const done = performance.now();
  console.log(
    `${algorithm.padEnd(8)} recover ${(recovered - start).toFixed(0).padStart(6)} ms (cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms), metrics+smells ${(done - recovered).toFixed(0).padStart(5)} ms, ` +
      `${arch.components.length} components, TurboMQ ${metrics.turboMQ.toFixed(3)}, modularity ${metrics.modularity.toFixed(3)}, ` +
      `${smells.length} smells, MoJoFM vs planted ${compare(arch, planted).mojoFM.toFixed(1)}`,
  );
  console.log(`  e.g. ${arch.components[0].name}: ${arch.components[0].responsibility}`);
}
