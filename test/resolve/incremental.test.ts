import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EntityKind } from '../../src/graph/types.js';
import type { RefKind } from '../../src/indexer/types.js';
import { FileBuilder, repoOf } from './build.js';
import { checkIncremental } from './incremental.js';

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['alpha', 'beta', 'Gamma', 'Delta', 'run', 'save', 'Eps', 'zeta', 'eta', 'Theta', 'stop', 'load'];
const MODULES = ['p.a', 'p.b', 'p.c', 'q', 'r'];

interface Spec {
  defs: { kind: EntityKind; name: string; cls?: string; returns?: string }[];
  imports: { from: string; module: string; name?: string; alias?: string; wildcard?: boolean }[];
  refs: { scope: string; kind: RefKind; path: string }[];
  bases: { cls: string; base: string }[];
  binds: { scope: string; variable: string; type: string; value?: boolean }[];
}

/** Return annotations, attribute and value bindings, and receivers with calls: the typed paths the resolver follows. */
const RETURNS = ['Gamma', 'Delta', 'x.Gamma', 'Optional["Eps"]', 'Self', 'type[Theta]'];
const VALUES = ['Gamma()', 'run()', 'x.Gamma()', 'self.v', 'v.load()', 'x', 'alpha', 'Delta'];
const RECEIVERS = ['', '', 'x', 'self', 'super()', 'v', 'x.b', 'self.v', 'run()', 'x.run()', 'v.save()', 'Gamma()'];

function randomSpec(next: () => number): Spec {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const spec: Spec = { defs: [], imports: [], refs: [], bases: [], binds: [] };
  const classes: string[] = [];
  for (let i = 0, n = 1 + Math.floor(next() * 4); i < n; i++) {
    if (next() < 0.4) {
      const name = pick(['Gamma', 'Delta', 'Eps', 'Theta']);
      spec.defs.push({ kind: 'class', name });
      classes.push(name);
      if (next() < 0.5) spec.defs.push({ kind: 'method', name: pick(['run', 'save', 'stop', 'load']), cls: name });
      if (next() < 0.5) spec.bases.push({ cls: name, base: pick(['Gamma', 'Delta', 'Eps', 'Theta', 'x.Gamma', 'x.Delta', 'x.Eps']) });
    } else spec.defs.push({ kind: 'function', name: pick(NAMES) });
  }
  for (const d of spec.defs) if (d.kind !== 'class' && next() < 0.4) d.returns = pick(RETURNS);
  if (next() < 0.2) spec.imports.push({ from: '', module: 'typing', name: 'Self' });
  for (let i = 0, n = Math.floor(next() * 3); i < n; i++) {
    const r = next();
    const module = pick([...MODULES, '.a', '.b', 'p', 'os']);
    if (r < 0.5) spec.imports.push({ from: '', module, name: pick(NAMES), ...(next() < 0.3 ? { alias: pick(NAMES) } : {}) });
    else if (r < 0.8) spec.imports.push({ from: '', module, alias: 'x' });
    else spec.imports.push({ from: '', module, wildcard: true });
  }
  const scopes = ['', ...spec.defs.filter((d) => d.kind !== 'method' && d.kind !== 'class').map((d) => d.name), ...spec.defs.filter((d) => d.kind === 'method').map((d) => `${d.cls}.${d.name}`)];
  for (let i = 0, n = Math.floor(next() * 5); i < n; i++) {
    const receiver = pick(RECEIVERS);
    spec.refs.push({ scope: pick(scopes), kind: pick(['call', 'call', 'new', 'type'] as const), path: receiver === '' ? pick(NAMES) : `${receiver}.${pick(NAMES)}` });
  }
  if (next() < 0.5) spec.binds.push({ scope: pick(scopes), variable: 'v', type: pick(['Gamma', 'Delta', 'x.Gamma']) });
  const bindScopes = [...scopes, ...classes];
  for (let i = 0, n = Math.floor(next() * 3); i < n; i++) {
    spec.binds.push({ scope: pick(bindScopes), variable: pick(['v', 'self.v', 'w']), type: pick(VALUES), value: true });
  }
  return spec;
}

function build(module: string, spec: Spec): FileBuilder {
  const path = module.includes('.') ? `${module.replace(/\./g, '/')}.py` : `${module}.py`;
  const f = new FileBuilder(path, 'python', module);
  const defined = new Set<string>();
  for (const d of spec.defs) {
    const local = d.cls ? `${d.cls}.${d.name}` : d.name;
    if (d.cls && !defined.has(d.cls)) continue;
    f.def(d.kind, local, 1, d.returns === undefined ? '' : `def ${d.name}(self) -> ${d.returns}`);
    defined.add(local);
  }
  for (const i of spec.imports) f.import(i.from, i.module, i.name ? [i.alias ? [i.name, i.alias] : i.name] : [], { ...(i.alias && !i.name ? { alias: i.alias } : {}), ...(i.wildcard ? { wildcard: true } : {}) });
  for (const b of spec.bases) if (defined.has(b.cls)) f.ref(b.cls, 'inherits', b.base);
  for (const r of spec.refs) {
    if (!defined.has(r.scope) && r.scope !== '') continue;
    const at = r.path.lastIndexOf('.');
    if (r.path.startsWith('super()')) f.refWith(r.scope, r.kind, 'super()', r.path.slice(8));
    else f.ref(r.scope, r.kind, at < 0 ? r.path : r.path);
  }
  for (const b of spec.binds) if (defined.has(b.scope) || b.scope === '') f.bind(b.scope, b.variable, b.type, b.value);
  return f;
}

function repoFrom(specs: Map<string, Spec>) {
  const files = [new FileBuilder('p/__init__.py', 'python', 'p'), ...[...specs].map(([m, s]) => build(m, s))];
  return repoOf(files).input;
}

test('incremental == cold on random Python-like repositories under random edits (add, modify, delete files)', () => {
  let nonTrivial = 0;
  for (let seed = 1; seed <= 1500; seed++) {
    const next = rng(seed);
    const specs = new Map<string, Spec>();
    for (const m of MODULES) if (next() < 0.8) specs.set(m, randomSpec(next));
    const before = repoFrom(specs);
    const edited = new Map(specs);
    for (let k = 0, n = 1 + Math.floor(next() * 2); k < n; k++) {
      const m = MODULES[Math.floor(next() * MODULES.length)]!;
      const r = next();
      const old = edited.get(m);
      if (r < 0.2) edited.delete(m);
      else if (r < 0.5 && old) edited.set(m, { ...old, refs: randomSpec(next).refs.filter((ref) => ref.scope === '') });
      else edited.set(m, randomSpec(next));
    }
    const affected = checkIncremental(before, repoFrom(edited));
    if (affected.size < edited.size) nonTrivial++;
  }
  // With six shared names most interface edits touch every file; body-only edits must not.
  assert.ok(nonTrivial > 80, `only ${nonTrivial} edits affected fewer than all files`);
});

test('an edit inside a function body affects only its own file', () => {
  const a1 = new FileBuilder('a.py', 'python', 'a').def('function', 'f').ref('f', 'call', 'g');
  const a2 = new FileBuilder('a.py', 'python', 'a').def('function', 'f').ref('f', 'call', 'h');
  const b = new FileBuilder('b.py', 'python', 'b').import('', 'a', ['f']).ref('', 'call', 'f');
  const affected = checkIncremental(repoOf([a1, b]).input, repoOf([a2, b]).input);
  assert.deepEqual([...affected], ['a.py']);
});

test('a definition removed behind a renaming import re-resolves the files using the new name', () => {
  const c1 = new FileBuilder('c.py', 'python', 'c').def('function', 'foo');
  const c2 = new FileBuilder('c.py', 'python', 'c').def('function', 'other');
  const b = new FileBuilder('b.py', 'python', 'b').import('', 'c', [['foo', 'bar']]);
  const a = new FileBuilder('a.py', 'python', 'a').import('', 'b', ['bar']).ref('', 'call', 'bar');
  const affected = checkIncremental(repoOf([c1, b, a]).input, repoOf([c2, b, a]).input);
  assert.ok(affected.has('a.py'));
});

test('changing the bases of a class re-resolves calls that reach members of the old or new bases', () => {
  const mixins = new FileBuilder('mixins.py', 'python', 'mixins').def('class', 'Old').def('method', 'Old.ping').def('class', 'New').def('method', 'New.pong');
  const k1 = new FileBuilder('k.py', 'python', 'k').import('', 'mixins', ['Old', 'New']).def('class', 'K').ref('K', 'inherits', 'Old');
  const k2 = new FileBuilder('k.py', 'python', 'k').import('', 'mixins', ['Old', 'New']).def('class', 'K').ref('K', 'inherits', 'New');
  const mid = new FileBuilder('mid.py', 'python', 'mid').import('', 'k', ['K']).def('class', 'Mid').ref('Mid', 'inherits', 'K');
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'mid', ['Mid']).def('class', 'Sub').ref('Sub', 'inherits', 'Mid').def('method', 'Sub.go').ref('Sub.go', 'call', 'self.ping').ref('Sub.go', 'call', 'self.pong');
  const affected = checkIncremental(repoOf([mixins, k1, mid, user]).input, repoOf([mixins, k2, mid, user]).input);
  assert.ok(affected.has('user.py'));
});

test('adding a wildcard import re-resolves files importing the names it brings in', () => {
  const models = new FileBuilder('pkg/models.py', 'python', 'pkg.models').def('class', 'Foo');
  const init1 = new FileBuilder('pkg/__init__.py', 'python', 'pkg');
  const init2 = new FileBuilder('pkg/__init__.py', 'python', 'pkg').import('', '.models', [], { wildcard: true });
  const user = new FileBuilder('user.py', 'python', 'user').import('', 'pkg', ['Foo']).ref('', 'call', 'Foo');
  const other = new FileBuilder('other.py', 'python', 'other').def('function', 'unrelated').ref('unrelated', 'call', 'len');
  const affected = checkIncremental(repoOf([models, init1, user, other]).input, repoOf([models, init2, user, other]).input);
  assert.deepEqual([...affected].sort(), ['pkg/__init__.py', 'user.py']);
});
