/** recover, metrics, compare, smells: the recovered architecture on the command line. */
import {
  toMermaid,
  type Architecture,
  architectureFrom, architectureMetrics, architectureSmells, compareArchitectures, recoverArchitecture, type RecoverRequest,
} from '../../api/architecture.js';
import { UserError } from '../../util/errors.js';
import { REPO_OPTIONS, printJson, str, withUpdatedRepo, type Command, type OptionSpec, type ParsedValues } from '../command.js';

const RECOVER_OPTIONS: OptionSpec = {
  ...REPO_OPTIONS,
  algorithm: { type: 'string', help: 'how to group files into components (default: pkg, by package)' },
  'pkg-depth': { type: 'string', help: 'pkg: the package depth that makes a component (default: chosen from the tree)' },
  clusters: { type: 'string', help: 'wca, limbo: how many components (default: chosen from the file count)' },
  similarity: { type: 'string', help: 'wca: the similarity measure (default: uem)' },
};

function positiveInt(values: ParsedValues, key: string): number | undefined {
  const v = str(values, key);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UserError(`--${key} must be a positive integer, got ${v}`);
  return n;
}

function request(values: ParsedValues): RecoverRequest {
  return {
    algorithm: str(values, 'algorithm'),
    pkgDepth: positiveInt(values, 'pkg-depth'),
    numClusters: positiveInt(values, 'clusters'),
    similarity: str(values, 'similarity'),
  };
}

function renderArchitecture(arch: Architecture): string {
  const lines = [`${arch.components.length} components (${arch.algorithm} ${JSON.stringify(arch.params)})`, ''];
  for (const c of arch.components) {
    lines.push(`${c.name}  (${c.entities.length} entities, ${c.files.length} files)`);
    lines.push(`  ${c.responsibility}`);
    if (c.depends_on.length) lines.push(`  depends on: ${c.depends_on.join(', ')}`);
  }
  return lines.join('\n');
}

export const recoverCommand: Command = {
  name: 'recover',
  usage: 'codectx recover [--algorithm pkg|acdc|wca|limbo|louvain] [--pkg-depth N] [--clusters N] [--similarity uem|uenm] [--repo DIR] [--index-dir DIR] [--json|--mermaid]',
  summary: 'recover the architecture: components, responsibilities and their dependencies',
  positionals: [],
  options: { ...RECOVER_OPTIONS, mermaid: { type: 'boolean', help: 'print a Mermaid diagram' } },
  async run(values) {
    const arch = await withUpdatedRepo(values, (h) => recoverArchitecture(h, request(values)));
    if (values.json) return printJson(arch);
    process.stdout.write(`${values.mermaid ? toMermaid(arch) : renderArchitecture(arch)}\n`);
  },
};

export const metricsCommand: Command = {
  name: 'metrics',
  usage: 'codectx metrics [--algorithm A] [--pkg-depth N] [--clusters N] [--similarity S] [--repo DIR] [--index-dir DIR] [--json]',
  summary: 'TurboMQ, BasicMQ, modularity and connectivity of a recovered architecture',
  positionals: [],
  options: RECOVER_OPTIONS,
  async run(values) {
    const metrics = await withUpdatedRepo(values, (h) => architectureMetrics(h, recoverArchitecture(h, request(values))));
    if (values.json) return printJson(metrics);
    const s = metrics.sizes;
    process.stdout.write(
      `${[
        `components:  ${metrics.componentCount} (size min ${s.min}, median ${s.median}, max ${s.max}, mean ${s.mean.toFixed(1)}, sd ${s.sd.toFixed(1)})`,
        `TurboMQ:     ${metrics.turboMQ.toFixed(4)}`,
        `BasicMQ:     ${metrics.basicMQ.toFixed(4)}`,
        `modularity:  ${metrics.modularity.toFixed(4)}`,
        `intra / inter connectivity: ${metrics.intraConnectivity.toFixed(4)} / ${metrics.interConnectivity.toFixed(6)}`,
        `edges inside / between components: ${metrics.internalEdges} / ${metrics.externalEdges}`,
      ].join('\n')}\n`,
    );
  },
};

export const compareCommand: Command = {
  name: 'compare',
  usage: 'codectx compare A B [--repo DIR] [--index-dir DIR] [--json]   (A, B: an algorithm name or a JSON file from recover --json; B is the reference)',
  summary: 'MoJoFM, a2a and matched components between two architectures',
  positionals: ['A', 'B'],
  options: REPO_OPTIONS,
  async run(values, positionals) {
    const [a, b] = positionals;
    if (!a || !b) throw new UserError('usage: codectx compare A B');
    const result = await withUpdatedRepo(values, (h) => compareArchitectures(architectureFrom(h, a), architectureFrom(h, b)));
    if (values.json) return printJson(result);
    const lines = [`MoJoFM(${a} -> ${b}): ${result.mojoFM.toFixed(2)}`, `a2a: ${result.a2a.toFixed(2)}`, 'matched components (overlap, jaccard):'];
    for (const m of result.matches.slice(0, 30)) lines.push(`  ${m.a}  <->  ${m.b}  (${m.overlap}, ${m.jaccard.toFixed(2)})`);
    if (result.matches.length > 30) lines.push(`  ... ${result.matches.length - 30} more`);
    process.stdout.write(`${lines.join('\n')}\n`);
  },
};

export const smellsCommand: Command = {
  name: 'smells',
  usage: 'codectx smells [--algorithm A] [--pkg-depth N] [--clusters N] [--similarity S] [--repo DIR] [--index-dir DIR] [--json]',
  summary: 'architecture smells: dependency cycles, link overload, concern overload, scattered functionality',
  positionals: [],
  options: RECOVER_OPTIONS,
  async run(values) {
    const smells = await withUpdatedRepo(values, (h) => architectureSmells(h, recoverArchitecture(h, request(values))));
    if (values.json) return printJson(smells);
    if (smells.length === 0) return void process.stdout.write('no smells found\n');
    for (const s of smells) process.stdout.write(`[${s.severity}] ${s.kind}: ${s.explanation}\n    components: ${s.components.join(', ')}\n`);
  },
};
