/** Hand-built dependency graphs for ranking tests: entities from short specs, ids from fqns. */
import { buildLoadedGraph, type LoadedGraph } from '../../src/graph/memory.js';
import type { Confidence, Edge, EdgeKind, Entity, EntityKind } from '../../src/graph/types.js';

export interface EntitySpec {
  fqn: string;
  kind: EntityKind;
  file: string;
  signature?: string;
  docstring?: string;
  terms?: string;
  line?: number;
  endLine?: number;
}

export function entity(spec: EntitySpec): Entity {
  const name = spec.kind === 'module' ? spec.fqn.slice(spec.fqn.lastIndexOf('.') + 1) : spec.fqn.slice(spec.fqn.lastIndexOf('.') + 1);
  const parent = spec.kind === 'module' ? null : spec.fqn.slice(0, spec.fqn.lastIndexOf('.'));
  return {
    id: spec.fqn,
    fqn: spec.fqn,
    name,
    kind: spec.kind,
    language: 'python',
    filePath: spec.file,
    package: spec.fqn.split('.').slice(0, -1).join('.'),
    startLine: spec.line ?? 1,
    endLine: spec.endLine ?? (spec.line ?? 1) + 5,
    signature: spec.signature ?? (spec.kind === 'module' ? '' : `def ${name}()`),
    docstring: spec.docstring ?? '',
    exported: !name.startsWith('_'),
    tokens: 50,
    parentId: parent,
    terms: spec.terms ?? '',
  };
}

export function edge(source: string, target: string, kind: EdgeKind, confidence: Confidence = 'exact'): Edge {
  return { source, target, kind, confidence, count: 1, line: 1 };
}

/** A graph whose `contains` edges follow the fqn nesting of the given entities. */
export function graphOf(specs: EntitySpec[], edges: Edge[] = []): LoadedGraph {
  const entities = specs.map(entity);
  const ids = new Set(entities.map((e) => e.id));
  const contains = entities.filter((e) => e.parentId && ids.has(e.parentId)).map((e) => edge(e.parentId!, e.id, 'contains'));
  return buildLoadedGraph({ entities, edges: [...contains, ...edges], externals: [] }, 1);
}
