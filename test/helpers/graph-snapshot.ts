/** A canonical, comparable dump of an index: every entity, edge and external reference, sorted. */
import { IndexStore } from '../../src/graph/store.js';

export function snapshotIndex(indexDir: string): { entities: string[]; edges: string[]; externals: string[] } {
  const store = IndexStore.open(indexDir);
  try {
    const fqnOf = new Map(store.entities().map((e) => [e.id, e.fqn]));
    return {
      entities: store.entities().map((e) => JSON.stringify(e)).sort(),
      edges: store.edges().map((e) => `${fqnOf.get(e.source)} ${e.kind} ${fqnOf.get(e.target)} ${e.confidence} x${e.count} @${e.line}`).sort(),
      externals: store.externals().map((x) => `${fqnOf.get(x.source)} ${x.kind} ${x.module}:${x.symbol} x${x.count} @${x.line}`).sort(),
    };
  } finally {
    store.close();
  }
}
