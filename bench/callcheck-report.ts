/** Scores codectx's call edges against a reference tool's (caller, callee) pairs and prints precision and recall. */
import type { ResolveInput, Resolver } from '../src/indexer/resolve/index.js';

export function reportCallCheck(
  tool: string,
  input: ResolveInput,
  resolver: Resolver,
  files: readonly string[],
  reference: ReadonlySet<string>,
  header: string,
  /** One call site per reference pair (`file:line: text`), printed next to the pairs codectx misses. */
  sites?: ReadonlyMap<string, string>,
): void {
  const ours = { exact: new Set<string>(), inferred: new Set<string>() };
  for (const file of files) {
    for (const edge of resolver.resolveFile(file).edges) if (edge.kind === 'calls') ours[edge.confidence].add(`${edge.source}>${edge.target}`);
  }
  const hits = (set: Set<string>): number => [...set].filter((p) => reference.has(p)).length;
  const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);
  console.log(`${header}, ${reference.size} distinct reference pairs`);
  for (const kind of ['exact', 'inferred'] as const) {
    console.log(`${kind}: ${ours[kind].size} edges, precision ${pct(hits(ours[kind]), ours[kind].size)}, recall ${pct(hits(ours[kind]), reference.size)}`);
  }
  const all = new Set([...ours.exact, ...ours.inferred]);
  console.log(`exact+inferred: precision ${pct(hits(all), all.size)}, recall ${pct(hits(all), reference.size)}`);
  if (!process.env.CALLCHECK_SAMPLES) return;
  const fqn = new Map([...input.extracts.values()].flatMap((e) => e.entities.map((x) => [x.id, `${x.fqn}@${x.startLine}`] as const)));
  const show = (pair: string): string => pair.split('>').map((id) => fqn.get(id)).join(' -> ');
  const n = Number(process.env.CALLCHECK_SAMPLES);
  console.log(`-- exact edges ${tool} does not confirm:`);
  for (const p of [...ours.exact].filter((p) => !reference.has(p)).slice(0, n)) console.log(show(p));
  console.log(`-- inferred edges ${tool} does not confirm:`);
  for (const p of [...ours.inferred].filter((p) => !reference.has(p)).slice(0, n)) console.log(show(p));
  console.log(`-- ${tool} pairs codectx misses:`);
  for (const p of [...reference].filter((p) => !all.has(p)).slice(0, n)) console.log(show(p) + (sites?.has(p) ? `  @ ${sites.get(p)}` : ''));
}
