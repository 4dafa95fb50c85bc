/** Small graphs built in code for the architecture tests. */
import type { DepGraph, Edge, EdgeKind, Entity, EntityKind } from '../../src/graph/types.js';

export interface EntitySpec {
  name: string;
  kind?: EntityKind;
  doc?: string;
  /** Enclosing class, for methods. */
  owner?: string;
}

export interface FileSpec {
  path: string;
  /** Defaults to the dotted directory path. */
  pkg?: string;
  doc?: string;
  entities: EntitySpec[];
}

/** [source, target, count?]; an endpoint is `path` (the module) or `path#name`. */
export type DepSpec = [string, string, number?];

function moduleFqn(path: string): string {
  return path.replace(/\.[^.]+$/, '').replace(/\//g, '.');
}

export function makeGraph(files: FileSpec[], deps: DepSpec[], kind: EdgeKind = 'calls'): DepGraph {
  const entities: Entity[] = [];
  const edges: Edge[] = [];
  const idOf = new Map<string, string>();
  const add = (file: FileSpec, name: string, entityKind: EntityKind, doc: string, parentId: string | null, owner?: string): Entity => {
    const fqn = entityKind === 'module' ? moduleFqn(file.path) : [moduleFqn(file.path), owner, name].filter(Boolean).join('.');
    const e: Entity = {
      id: (entities.length + 1).toString(16).padStart(16, '0'),
      fqn,
      name,
      kind: entityKind,
      language: 'python',
      filePath: file.path,
      package: file.pkg ?? file.path.split('/').slice(0, -1).join('.'),
      startLine: 1,
      endLine: 1,
      signature: `def ${name}()`,
      docstring: doc,
      exported: true,
      tokens: 1,
      parentId,
      terms: '',
    };
    entities.push(e);
    return e;
  };
  for (const file of files) {
    const module = add(file, moduleFqn(file.path).split('.').pop()!, 'module', file.doc ?? '', null);
    idOf.set(file.path, module.id);
    for (const spec of file.entities) {
      const e = add(file, spec.name, spec.kind ?? 'function', spec.doc ?? '', module.id, spec.owner);
      idOf.set(`${file.path}#${spec.name}`, e.id);
      edges.push({ source: module.id, target: e.id, kind: 'contains', confidence: 'exact', count: 1, line: 1 });
    }
  }
  for (const [s, t, count] of deps) {
    const source = idOf.get(s);
    const target = idOf.get(t);
    if (!source || !target) throw new Error(`unknown endpoint in ${s} -> ${t}`);
    edges.push({ source, target, kind, confidence: 'exact', count: count ?? 1, line: 1 });
  }
  return { entities, edges, externals: [] };
}

/** Every ordered pair of distinct endpoints, as dependencies. */
export function clique(endpoints: string[]): DepSpec[] {
  return endpoints.flatMap((s) => endpoints.filter((t) => t !== s).map((t): DepSpec => [s, t]));
}

/** Two dense subsystems (billing, auth) with their own vocabulary and one dependency between them. */
export function twoSubsystems(): DepGraph {
  const billing = ['invoice', 'payment', 'ledger', 'refund'];
  const auth = ['login', 'session', 'token', 'password'];
  const files: FileSpec[] = [
    ...billing.map((w) => ({
      path: `shop/billing/${w}.py`,
      doc: `Billing: ${w} records`,
      entities: [
        { name: `${capital(w)}Ledger`, kind: 'class' as const, doc: `Tracks ${w} amounts in the ledger with currency totals.` },
        { name: `compute_${w}_total`, doc: `Sums ${w} currency amounts.` },
      ],
    })),
    ...auth.map((w) => ({
      path: `shop/auth/${w}.py`,
      doc: `Authentication: ${w} handling`,
      entities: [
        { name: `${capital(w)}Credential`, kind: 'class' as const, doc: `Verifies the ${w} credential of a user account.` },
        { name: `check_${w}_credential`, doc: `Checks a ${w} credential for the account.` },
      ],
    })),
  ];
  const deps: DepSpec[] = [
    ...clique(billing.map((w) => `shop/billing/${w}.py#compute_${w}_total`)),
    ...billing.map((w): DepSpec => [`shop/billing/${w}.py#compute_${w}_total`, `shop/billing/invoice.py#InvoiceLedger`, 2]),
    ...clique(auth.map((w) => `shop/auth/${w}.py#check_${w}_credential`)),
    ...auth.map((w): DepSpec => [`shop/auth/${w}.py#check_${w}_credential`, `shop/auth/session.py#SessionCredential`, 2]),
    ['shop/billing/payment.py#compute_payment_total', 'shop/auth/token.py#check_token_credential'],
  ];
  return makeGraph(files, deps);
}

export function capital(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** Deterministic pseudo-random numbers for test data. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** A random graph with directory structure: `dirs` directories of `filesPerDir` files, mostly local edges. */
export function randomGraph(seed: number, dirs: number, filesPerDir: number, edgeCount: number): DepGraph {
  const rnd = random(seed);
  const words = ['cache', 'query', 'router', 'render', 'parse', 'token', 'schema', 'signal', 'stream', 'model'];
  const files: FileSpec[] = [];
  for (let d = 0; d < dirs; d++) {
    for (let f = 0; f < filesPerDir; f++) {
      const w = words[(d + f) % words.length];
      files.push({
        path: `lib/part${d}/mod${f}.py`,
        entities: [
          { name: `${capital(w)}Thing${f}`, kind: 'class', doc: `Handles ${w} for part ${d}.` },
          { name: `do_${w}_${f}`, doc: `Runs ${w}.` },
        ],
      });
    }
  }
  const deps: DepSpec[] = [];
  for (let i = 0; i < edgeCount; i++) {
    const s = files[Math.floor(rnd() * files.length)];
    const local = rnd() < 0.8;
    const candidates = local ? files.filter((f) => f.path.split('/')[1] === s.path.split('/')[1]) : files;
    const t = candidates[Math.floor(rnd() * candidates.length)];
    if (t === s) continue;
    deps.push([`${s.path}#${s.entities[1].name}`, `${t.path}#${t.entities[Math.floor(rnd() * 2)].name}`]);
  }
  return makeGraph(files, deps);
}

/** The same graph with entities and edges in a shuffled order. */
export function shuffled(graph: DepGraph, seed: number): DepGraph {
  const rnd = random(seed);
  const shuffle = <T>(xs: T[]): T[] => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return { entities: shuffle(graph.entities), edges: shuffle(graph.edges), externals: [] };
}
