/** Merges repeated relationships: one edge per (source, target, kind), one external per (source, kind, module, symbol). */
import type { Confidence, Edge, EdgeKind, ExternalRef } from '../../graph/types.js';

export class EdgeCollector {
  private readonly edges = new Map<string, Edge>();
  private readonly externals = new Map<string, ExternalRef>();

  addEdge(source: string, target: string, kind: EdgeKind, confidence: Confidence, line: number): void {
    const key = `${source}\0${target}\0${kind}`;
    const edge = this.edges.get(key);
    if (!edge) {
      this.edges.set(key, { source, target, kind, confidence, count: 1, line });
      return;
    }
    edge.count += 1;
    edge.line = Math.min(edge.line, line);
    if (confidence === 'exact') edge.confidence = 'exact';
  }

  addExternal(source: string, kind: EdgeKind, module: string, symbol: string, line: number): void {
    const key = `${source}\0${kind}\0${module}\0${symbol}`;
    const ref = this.externals.get(key);
    if (!ref) {
      this.externals.set(key, { source, kind, module, symbol, count: 1, line });
      return;
    }
    ref.count += 1;
    ref.line = Math.min(ref.line, line);
  }

  result(): { edges: Edge[]; externals: ExternalRef[] } {
    return { edges: [...this.edges.values()], externals: [...this.externals.values()] };
  }
}
