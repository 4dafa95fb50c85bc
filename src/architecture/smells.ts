/**
 * Architectural smells (Garcia et al., with ARCADE Core's thresholds; algorithms.md §7).
 *
 * Topics stand in for ARCADE's LDA topics: the topic vocabulary is the union of every component's five
 * most distinctive terms (TF-IDF, topics.ts), and a component's topic proportions are its counts of
 * those terms divided by their sum.
 */
import type { DepGraph } from '../graph/types.js';
import { countComponentEdges } from './component-edges.js';
import { buildTermCorpus } from './corpus.js';
import { buildFileGraph } from './file-graph.js';
import { mean, sampleSd } from './stats.js';
import { distinctiveTerms, termBag } from './topics.js';
import type { Architecture, Severity, Smell } from './types.js';

const TOPICS_PER_COMPONENT = 5;
const CONCERN_SHARE = 0.1;
const MAIN_TOPIC_SHARE = 0.2;
const LINK_SD_FACTOR = 1.5;

export function detectSmells(arch: Architecture, graph: DepGraph): Smell[] {
  const edges = countComponentEdges(arch, graph);
  const names = arch.components.map((c) => c.name);
  const topics = topicProportions(arch, graph);
  return [
    ...dependencyCycles(edges.between, names),
    ...linkOverload(edges.between, names),
    ...concernOverload(topics, names),
    ...scatteredFunctionality(topics, names),
  ];
}

function list(xs: string[]): string {
  return xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** Strongly connected components of the component graph (Tarjan), each sorted, larger than one. */
function stronglyConnected(between: Map<number, number>[]): number[][] {
  const n = between.length;
  const index = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const onStack = new Array<boolean>(n).fill(false);
  const stack: number[] = [];
  const result: number[][] = [];
  let counter = 0;
  const visit = (v: number) => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (const w of [...between[v].keys()].sort((a, b) => a - b)) {
      if (index[w] < 0) {
        visit(w);
        low[v] = Math.min(low[v], low[w]);
      } else if (onStack[w]) {
        low[v] = Math.min(low[v], index[w]);
      }
    }
    if (low[v] === index[v]) {
      const scc: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = false;
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) result.push(scc.sort((a, b) => a - b));
    }
  };
  for (let v = 0; v < n; v++) if (index[v] < 0) visit(v);
  return result.sort((a, b) => a[0] - b[0]);
}

/** Every cycle of two or more components: ARCADE counts only three or more, but mutual pairs matter too. */
function dependencyCycles(between: Map<number, number>[], names: string[]): Smell[] {
  return stronglyConnected(between).map((scc) => {
    const members = new Set(scc);
    let crossing = 0;
    for (const i of scc) for (const [j, n] of between[i]) if (members.has(j)) crossing += n;
    return {
      kind: 'dependency_cycle' as const,
      severity: (scc.length > 2 ? 'high' : 'medium') as Severity,
      components: scc.map((i) => names[i]),
      explanation: `${list(scc.map((i) => names[i]))} depend on each other in a cycle (${crossing} dependency edges among them).`,
    };
  });
}

function linkOverload(between: Map<number, number>[], names: string[]): Smell[] {
  const out = between.map((m) => [...m.values()].reduce((s, x) => s + x, 0));
  const inn = names.map(() => 0);
  between.forEach((m) => m.forEach((n, j) => (inn[j] += n)));
  const total = out.map((o, i) => o + inn[i]);
  const measures: [string, number[]][] = [
    ['incoming', inn],
    ['outgoing', out],
    ['total', total],
  ];
  const smells: Smell[] = [];
  names.forEach((name, i) => {
    const exceeded: string[] = [];
    let worst = 0;
    for (const [label, values] of measures) {
      const m = mean(values);
      const sd = sampleSd(values);
      if (sd > 0 && values[i] > m + LINK_SD_FACTOR * sd) {
        exceeded.push(`${label} ${values[i]} (mean ${m.toFixed(1)}, sd ${sd.toFixed(1)})`);
        worst = Math.max(worst, (values[i] - m) / sd);
      }
    }
    if (exceeded.length === 0) return;
    smells.push({
      kind: 'link_overload',
      severity: worst > 3 ? 'high' : 'medium',
      components: [name],
      explanation: `${name} is a dependency hub: ${exceeded.join('; ')} dependency edges, above mean + ${LINK_SD_FACTOR}·sd.`,
    });
  });
  return smells;
}

interface Topics {
  vocabulary: string[];
  /** proportions[c].get(topic) */
  proportions: Map<string, number>[];
}

function topicProportions(arch: Architecture, graph: DepGraph): Topics {
  const fg = buildFileGraph(graph);
  const corpus = buildTermCorpus(graph, fg);
  const bags = arch.components.map((c) =>
    termBag(
      c.files.flatMap((f) => fg.indexOf.get(f) ?? []),
      corpus,
    ),
  );
  const vocabulary = [...new Set(bags.flatMap((bag) => distinctiveTerms(bag, corpus, TOPICS_PER_COMPONENT).map((t) => t.term)))].sort();
  const proportions = bags.map((bag) => {
    const total = vocabulary.reduce((s, t) => s + (bag.get(t) ?? 0), 0);
    const p = new Map<string, number>();
    if (total > 0) for (const t of vocabulary) if (bag.has(t)) p.set(t, bag.get(t)! / total);
    return p;
  });
  return { vocabulary, proportions };
}

function concernOverload(topics: Topics, names: string[]): Smell[] {
  const concerns = topics.proportions.map((p) =>
    [...p]
      .filter(([, share]) => share > CONCERN_SHARE)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([t]) => t),
  );
  const counts = concerns.map((c) => c.length);
  const m = mean(counts);
  const sd = sampleSd(counts);
  const smells: Smell[] = [];
  concerns.forEach((c, i) => {
    if (sd === 0 || c.length <= m + sd) return;
    smells.push({
      kind: 'concern_overload',
      severity: c.length > m + 2 * sd ? 'high' : 'medium',
      components: [names[i]],
      explanation: `${names[i]} mixes ${c.length} topics (${c.join(', ')}), above mean ${m.toFixed(1)} + sd ${sd.toFixed(1)}.`,
    });
  });
  return smells;
}

function scatteredFunctionality(topics: Topics, names: string[]): Smell[] {
  const holders = new Map<string, number[]>();
  topics.proportions.forEach((p, i) => {
    for (const [t, share] of p) if (share >= MAIN_TOPIC_SHARE) holders.set(t, [...(holders.get(t) ?? []), i]);
  });
  const spread = topics.vocabulary.map((t) => holders.get(t)?.length ?? 0);
  const threshold = mean(spread) + sampleSd(spread);
  const mainTopics = (i: number) => [...topics.proportions[i]].filter(([, s]) => s >= MAIN_TOPIC_SHARE).length;
  const smells: Smell[] = [];
  for (const t of topics.vocabulary) {
    const h = holders.get(t) ?? [];
    if (h.length <= threshold) continue;
    const affected = h.filter((i) => mainTopics(i) > 1);
    if (affected.length < 2) continue;
    smells.push({
      kind: 'scattered_functionality',
      severity: affected.length > 2 * threshold ? 'high' : 'medium',
      components: affected.map((i) => names[i]),
      explanation: `Topic "${t}" is a main concern (≥ ${MAIN_TOPIC_SHARE * 100}% of topic terms) of ${list(affected.map((i) => names[i]))}, each of which also has another main concern.`,
    });
  }
  return smells;
}
