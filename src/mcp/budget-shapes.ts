/**
 * Progressive reductions for graph- and architecture-shaped results: a list of components, each listing its
 * members (entities, files), plus optional top-level edges. In order: cap the member lists per component, then
 * replace members by counts per kind, then edges by counts per relation, then components by name and size.
 */
import type { JsonObject, JsonValue, Reduction } from './budget.js';

export interface ComponentShape {
  /** Key of the component list in the result, e.g. 'components'. */
  key: string;
  /** Keys of each component's member lists, capped first, e.g. ['entities', 'files']. */
  members: readonly string[];
  /** The kind of a member, for counts per kind ('function', 'class'); members without one count as 'other'. */
  kindOf?: (list: string, member: JsonValue) => string | undefined;
  /** Key of a top-level edge list whose records carry a `kind` (relation), e.g. 'edges'. */
  edges?: string;
  /** How to get everything that was cut, e.g. "get_full_result(session_id='…')". */
  rest: string;
}

type Component = JsonObject;

export function componentReductions(value: JsonObject, shape: ComponentShape): Reduction[] {
  const components = componentsOf(value, shape.key);
  const longest = Math.max(0, ...components.flatMap((c) => shape.members.map((m) => listAt(c, m).length)));
  const memberNames = shape.members.join('/');

  const capped = (cap: number): JsonObject => ({
    ...value,
    [shape.key]: components.map((c) => {
      const out: Component = { ...c };
      for (const m of shape.members) {
        const list = listAt(c, m);
        if (list.length > cap) {
          out[m] = list.slice(0, cap);
          out[`${m}_total`] = list.length;
        }
      }
      return out;
    }),
  });

  const counted = (): JsonObject => ({
    ...value,
    [shape.key]: components.map((c) => {
      const out: Component = {};
      for (const [k, v] of Object.entries(c)) {
        if (!shape.members.includes(k)) out[k] = v;
        else {
          const byKind = countBy(listAt(c, k), (x) => shape.kindOf?.(k, x));
          if (Object.keys(byKind).every((kind) => kind === 'other')) out[`${k}_count`] = listAt(c, k).length;
          else out[`${k}_by_kind`] = byKind;
        }
      }
      return out;
    }),
  });

  const withEdgeCounts = (base: JsonObject): JsonObject => {
    if (!shape.edges || !Array.isArray(value[shape.edges])) return base;
    const { [shape.edges]: edges, ...rest } = base;
    const byRelation = countBy(Array.isArray(edges) ? edges : [], (e) => (isObject(e) && typeof e.kind === 'string' ? e.kind : undefined));
    return { ...rest, [`${shape.edges}_by_kind`]: byRelation };
  };

  const bySize = [...components].sort((a, b) => sizeOf(b, shape.members) - sizeOf(a, shape.members));
  const namesAndSizes = (keep: number): JsonObject => {
    const base = withEdgeCounts(counted());
    return {
      ...base,
      [shape.key]: bySize.slice(0, keep).map((c) => ({ name: c.name ?? null, size: sizeOf(c, shape.members) })),
      [`${shape.key}_total`]: components.length,
    };
  };

  const reductions: Reduction[] = [
    {
      min: 0,
      max: Math.max(0, longest - 1),
      render: (cap) => ({
        value: capped(cap),
        note: `${memberNames} capped at ${cap} per component (the *_total fields give full counts); for all of them: ${shape.rest}`,
      }),
    },
    {
      min: 1,
      max: 1,
      render: () => ({
        value: counted(),
        note: `${memberNames} of each component replaced by counts per kind; for the lists: ${shape.rest}`,
      }),
    },
  ];
  if (shape.edges && Array.isArray(value[shape.edges])) {
    reductions.push({
      min: 1,
      max: 1,
      render: () => ({
        value: withEdgeCounts(counted()),
        note: `${memberNames} replaced by counts per kind and ${shape.edges} by counts per relation; for the lists: ${shape.rest}`,
      }),
    });
  }
  reductions.push({
    min: 0,
    max: components.length,
    render: (keep) => ({
      value: namesAndSizes(keep),
      note: `components reduced to name and size, largest ${keep} of ${components.length} kept; for the full records: ${shape.rest}`,
    }),
  });
  return reductions;
}

function componentsOf(value: JsonObject, key: string): Component[] {
  const list = value[key];
  if (!Array.isArray(list)) throw new Error(`componentReductions: ${key} is not a list`);
  return list.map((c) => (isObject(c) ? c : { value: c }));
}

function listAt(component: Component, key: string): JsonValue[] {
  const v = component[key];
  return Array.isArray(v) ? v : [];
}

/** A component's size: the length of its first member list. */
function sizeOf(component: Component, members: readonly string[]): number {
  return members.length ? listAt(component, members[0]!).length : 0;
}

function countBy(items: readonly JsonValue[], kindOf: (item: JsonValue) => string | undefined): JsonObject {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const k = kindOf(item) ?? 'other';
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function isObject(v: JsonValue): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
