/**
 * A recovered architecture as context_for_task reads it (structural, so retrieval does not depend on
 * the architecture stage's types), and the components a task names.
 */
import type { LoadedGraph } from '../graph/memory.js';
import { analyzeText } from './analyzer.js';
import type { QueryTerm } from './bm25f.js';

export interface ArchitectureComponentLike {
  name: string;
  responsibility: string;
  /** Fqns of the component's entities. */
  entities: readonly string[];
  files?: readonly string[];
  depends_on?: readonly string[];
}

export interface ArchitectureLike {
  algorithm: string;
  params?: Readonly<Record<string, unknown>>;
  components: readonly ArchitectureComponentLike[];
}

export interface ComponentMember {
  node: number;
  /** Share of the component's name and responsibility words the task uses, in (0, 1]. */
  strength: number;
}

/** Components whose name or responsibility shares words with the task contribute their entities. */
export function componentSiblings(graph: LoadedGraph, architecture: ArchitectureLike, terms: readonly QueryTerm[]): ComponentMember[] {
  const taskTerms = new Set(terms.map((t) => t.term));
  const out = new Map<number, number>();
  for (const component of architecture.components) {
    const words = new Set(analyzeText(`${component.name} ${component.responsibility}`));
    if (words.size === 0) continue;
    let shared = 0;
    for (const w of words) if (taskTerms.has(w)) shared++;
    if (shared === 0) continue;
    const strength = shared / words.size;
    for (const fqn of component.entities) {
      for (const node of graph.byFqn.get(fqn) ?? []) out.set(node, Math.max(out.get(node) ?? 0, strength));
    }
  }
  return [...out].map(([node, strength]) => ({ node, strength }));
}
