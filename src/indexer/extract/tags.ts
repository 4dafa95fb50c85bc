/**
 * The driver every language shares: runs `languages/<lang>/tags.scm` over a file, finds each match's role
 * capture, and dispatches definitions, path references, type references and the language's own roles.
 */
import type { Node, QueryCapture } from 'web-tree-sitter';
import type { EntityKind } from '../../graph/types.js';
import type { RefKind } from '../types.js';
import type { FileBuilder } from './builder.js';
import { splitPath } from './paths.js';
import { languageQuery } from './queries.js';

export interface TagMatch {
  /** Name of the capture that says what the match is: 'definition.class', 'import'... */
  role: string;
  node: Node;
  /** 1-based line of `node`. */
  line: number;
  captures: readonly QueryCapture[];
}

/** Handles one role's matches; `claimed` holds start indexes of identifiers that already play a role. */
export type RoleHandler = (match: TagMatch, claimed: Set<number>) => void;

export interface TagsHooks {
  /** Definition captures and the kind each defines; their `@name` part is claimed before `define` runs. */
  definitions: Readonly<Record<string, EntityKind>>;
  define(match: TagMatch, kind: EntityKind, name: Node | undefined): void;
  /** Reference captures whose node text is a path (`a.b.f`, `x::Y`) naming the referenced symbol. */
  pathRefs: Readonly<Record<string, RefKind>>;
  /** Separator of the paths in a reference node's text. */
  pathSep: string | ((node: Node) => string);
  /** Whether the start of a path reference is claimed too, not only its last name. */
  claimPathStart: boolean;
  /**
   * The receiver of a path reference whose text is no plain name path (`f(x).g` in `f(x).g()`), in the
   * language's own notation, or undefined to keep the unknown receiver '?'.
   */
  receiverOf?: (node: Node) => string | undefined;
  /** Drops a path reference after its name is claimed (a `require` call recorded as an import). */
  skipPathRef?: (receiver: string, name: string) => boolean;
  /**
   * Set when `@reference.type` nodes are paths recorded once every match is seen (definition names
   * matched later still claim them), minus the `@claim`ed generic type parameters and what `skip` drops.
   */
  typeRefs?: { skip?: (node: Node, receiver: string, name: string) => boolean };
  /** The language's other roles: imports, bindings, scopes... */
  roles: Readonly<Record<string, RoleHandler>>;
}

const TYPE_REF = 'reference.type';
const TYPE_PARAM = 'claim';

/** The node of capture `name` among a match's captures. */
export function capture(captures: readonly QueryCapture[], name: string): Node | undefined {
  for (const c of captures) if (c.name === name) return c.node;
  return undefined;
}

/** Runs the tags query of `lang` over `root`, feeding `b` through `hooks`; returns the claimed start indexes. */
export function runTagsQuery(root: Node, lang: string, b: FileBuilder, hooks: TagsHooks): Set<number> {
  const claimed = new Set<number>();
  const typeRefs: Node[] = [];
  /** Names of generic type parameters: their uses are not references to anything in the repository. */
  const typeParams = new Set<string>();
  const roleNames = new Set([...Object.keys(hooks.definitions), ...Object.keys(hooks.pathRefs), ...Object.keys(hooks.roles)]);
  if (hooks.typeRefs !== undefined) roleNames.add(TYPE_REF).add(TYPE_PARAM);
  const { pathSep } = hooks;
  const sepOf = (node: Node): string => (typeof pathSep === 'string' ? pathSep : pathSep(node));

  for (const { captures } of languageQuery(root.tree.language, lang, 'tags.scm').matches(root)) {
    const main = captures.find((c) => roleNames.has(c.name));
    if (main === undefined) continue;
    const node = main.node;
    const match: TagMatch = { role: main.name, node, line: node.startPosition.row + 1, captures };
    const kind = hooks.definitions[main.name];
    if (kind !== undefined) {
      const name = capture(captures, 'name');
      if (name !== undefined) claimed.add(name.startIndex);
      hooks.define(match, kind, name);
      continue;
    }
    const refKind = hooks.pathRefs[main.name];
    if (refKind !== undefined) {
      const split = splitPath(node.text, sepOf(node));
      const { name, nameOffset } = split;
      const receiver = split.receiver === '?' ? (hooks.receiverOf?.(node) ?? '?') : split.receiver;
      claimed.add(node.startIndex + nameOffset);
      if (hooks.claimPathStart) claimed.add(node.startIndex);
      if (hooks.skipPathRef?.(receiver, name) !== true) b.ref(node.startIndex, match.line, refKind, receiver, name);
      continue;
    }
    const handler = hooks.roles[main.name];
    if (handler !== undefined) handler(match, claimed);
    else if (main.name === TYPE_REF) typeRefs.push(node);
    else {
      // @claim: the name a generic type parameter declares.
      claimed.add(node.startIndex);
      typeParams.add(node.text);
    }
  }

  const skip = hooks.typeRefs?.skip;
  for (const node of typeRefs) {
    if (claimed.has(node.startIndex)) continue;
    const { receiver, name, nameOffset } = splitPath(node.text, sepOf(node));
    claimed.add(node.startIndex + nameOffset);
    if (receiver === '' && typeParams.has(name)) continue;
    if (skip?.(node, receiver, name) !== true) b.ref(node.startIndex, node.startPosition.row + 1, 'type', receiver, name);
  }
  return claimed;
}
