import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitToBudget, tokensOf, type JsonObject, type JsonValue } from '../../src/mcp/budget.js';
import { dependencyReductions } from '../../src/mcp/tools/retrieval-tools.js';

function node(name: string, depth: number, fanout: number, maxDepth: number): JsonValue {
  return {
    symbol: `pkg.mod.${name}`, kind: 'function', path: `pkg/${name}.py`, depth,
    children: depth >= maxDepth ? [] : Array.from({ length: fanout }, (_, i) => node(`${name}_${i}`, depth + 1, fanout, maxDepth)),
  };
}

function maxDepthOf(nodes: JsonValue[]): number {
  return nodes.reduce<number>((d, n) => Math.max(d, 1 + maxDepthOf((n as JsonObject).children as JsonValue[])), 0);
}

test('dependency trees lose their deepest levels first, then externals, then direct dependencies; always within budget', () => {
  const result: JsonObject = {
    target: { kind: 'file', path: 'pkg/a.py' },
    dependencies: Array.from({ length: 4 }, (_, i) => node(`d${i}`, 1, 3, 3)),
    externals: Array.from({ length: 10 }, (_, i) => ({ module: `ext${i}`, symbol: 'x', kind: 'calls', count: 1 })),
  };
  const full = tokensOf(result);
  let previousDepth = 3;
  const notes: string[] = [];
  for (const fraction of [0.9, 0.6, 0.3, 0.15, 0.08]) {
    const maxTokens = Math.floor(full * fraction);
    const fitted = fitToBudget(result, maxTokens, dependencyReductions(result));
    assert.ok(fitted.tokens <= maxTokens);
    assert.equal(fitted.value._budget_truncated, true);
    notes.push(String(fitted.value.truncation));
    const deps = fitted.value.dependencies as JsonValue[];
    const depth = maxDepthOf(deps);
    assert.ok(depth <= previousDepth, 'smaller budgets never keep deeper trees');
    previousDepth = depth;
    if (depth > 1) assert.equal((fitted.value.externals as JsonValue[]).length, 10, 'externals go only after the tree is one level deep');
    if ((fitted.value.externals as JsonValue[]).length < 10) assert.equal(depth, 1);
    if (deps.length < 4) assert.equal((fitted.value.externals as JsonValue[]).length, 0, 'direct dependencies go last');
    for (const d of deps) {
      const cut = (d as JsonObject).children_total;
      if (cut !== undefined) assert.ok(Number(cut) > 0);
    }
  }
  for (const stage of [/cut below level 2/, /externals: kept items/, /externals dropped; dependencies: kept/]) {
    assert.ok(notes.some((n) => stage.test(n)), `stage ${stage} reached: ${notes.join(' | ')}`);
  }
});
