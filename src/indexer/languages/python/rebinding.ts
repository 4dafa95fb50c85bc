/**
 * Which Python definitions a name stops denoting (overload stubs, unconditional redefinitions), and the
 * names a module declares for `from m import *` (a literal `__all__`).
 */
import type { Node } from 'web-tree-sitter';

/** Statements whose blocks run in the scope they appear in (a def under `if`/`try` still binds a module name). */
const COMPOUND = new Set([
  'block', 'if_statement', 'elif_clause', 'else_clause', 'try_statement', 'except_clause', 'except_group_clause',
  'finally_clause', 'with_statement', 'for_statement', 'while_statement', 'match_statement', 'case_clause',
]);

/** `@overload`, `@typing.overload`, `@t.overload`, `@typing_extensions.overload`. */
const OVERLOAD = /^@\s*(?:[\p{ID_Start}_]\p{ID_Continue}*\s*\.\s*)*overload\s*$/u;

/** A string literal holding one identifier (`'Größe'`, `"名前"`), as `__all__` lists names. */
const NAME_LITERAL = /^(['"])([\p{ID_Start}_]\p{ID_Continue}*)\1$/u;

interface ScopeDef {
  name: string;
  start: number;
  overload: boolean;
  /** A statement of the scope's own body, not under `if`, `try`, a loop...: it always runs. */
  unconditional: boolean;
  /** A decorator names the definition's name (`@x.setter`, `@f.register`): the new value may carry the old one. */
  decoratorsMention: boolean;
}

/** A scope's definitions in source order, and indexed the two ways `superseded` asks about them. */
interface ScopeDefs {
  byStart: Map<number, ScopeDef>;
  byName: Map<string, ScopeDef[]>;
}

function indexDefs(defs: readonly ScopeDef[]): ScopeDefs {
  const byStart = new Map<number, ScopeDef>();
  const byName = new Map<string, ScopeDef[]>();
  for (const d of defs) {
    if (!byStart.has(d.start)) byStart.set(d.start, d);
    const named = byName.get(d.name);
    if (named === undefined) byName.set(d.name, [d]);
    else named.push(d);
  }
  return { byStart, byName };
}

/**
 * Decides, for the defs and classes of module and class bodies, whether a later definition of the same
 * scope always rebinds their name: an `@overload` stub when the scope has a later definition of the name that
 * is not a stub (the implementation), any other definition when a later one that is not a stub and whose
 * decorators do not refer to the name sits directly in the scope's body. Function bodies are left out: a call
 * between the two definitions would see the first.
 */
export class Rebinding {
  private readonly scopes = new Map<number, ScopeDefs>();

  /**
   * `outer` is the definition with its decorators (a `decorated_definition`) or the bare definition;
   * `outerParent` is its parent, which the caller has at hand.
   */
  superseded(outer: Node, outerParent: Node | null, name: string): boolean {
    const scope = scopeBody(outerParent);
    if (scope === null) return false;
    let defs = this.scopes.get(scope.id);
    if (defs === undefined) {
      const found: ScopeDef[] = [];
      collect(scope, scope, found);
      defs = indexDefs(found);
      this.scopes.set(scope.id, defs);
    }
    const own = defs.byStart.get(outer.startIndex);
    if (own === undefined) return false;
    const later = (defs.byName.get(name) ?? []).filter((d) => d.start > own.start && !d.overload);
    if (own.overload) return later.length > 0;
    return later.some((d) => d.unconditional && !d.decoratorsMention);
  }
}

/** The body (module, or class block) whose namespace a definition binds its name in; null inside functions. */
function scopeBody(outerParent: Node | null): Node | null {
  for (let p = outerParent, type = p?.type; p !== null && type !== undefined; ) {
    if (type === 'module') return p;
    if (!COMPOUND.has(type)) return null;
    const up = p.parent;
    const upType = up?.type;
    if (type === 'block' && upType === 'class_definition') return p;
    p = up;
    type = upType;
  }
  return null;
}

function collect(node: Node, scope: Node, out: ScopeDef[]): void {
  for (const child of node.namedChildren) {
    if (child === null) continue;
    const type = child.type;
    if (type === 'function_definition' || type === 'class_definition' || type === 'decorated_definition') {
      const decorated = type === 'decorated_definition';
      const def = decorated ? child.childForFieldName('definition') : child;
      const name = def?.childForFieldName('name')?.text;
      if (name === undefined) continue;
      const decorators = decorated ? child.namedChildren.filter((c) => c?.type === 'decorator').map((d) => d!.text) : [];
      out.push({
        name,
        start: child.startIndex,
        overload: decorators.some((d) => OVERLOAD.test(d)),
        unconditional: node.id === scope.id,
        decoratorsMention: decorators.some((d) => mentionsWord(d.slice(1), name)),
      });
    } else if (COMPOUND.has(type)) collect(child, scope, out);
  }
}

const WORD_CHAR = /\p{ID_Continue}/u;

/** Whether the character at `at` is an identifier's (of any script: the `ö` of `Größe`). */
function isWordChar(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  if (Number.isNaN(code)) return false;
  // The character ending before a surrogate pair's second half is the whole pair.
  const start = code >= 0xdc00 && code <= 0xdfff && at > 0 && text.codePointAt(at - 1)! > 0xffff ? at - 1 : at;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(start)!));
}

/** Whether `word` occurs in `text` between non-word characters (as `(^|\W)word($|\W)` matches, without a RegExp per name). */
function mentionsWord(text: string, word: string): boolean {
  for (let from = 0; from <= text.length; ) {
    const at = text.indexOf(word, from);
    if (at < 0) return false;
    if (!isWordChar(text, at - 1) && !isWordChar(text, at + word.length)) return true;
    from = at + 1;
  }
  return false;
}

/** The strings of a list or tuple literal of plain string literals, or null when it is anything else. */
function stringList(node: Node | null): string[] | null {
  if (node === null || (node.type !== 'list' && node.type !== 'tuple')) return null;
  const out: string[] = [];
  for (const item of node.namedChildren) {
    if (item === null || item.type === 'comment') continue;
    if (item.type !== 'string') return null;
    const match = NAME_LITERAL.exec(item.text);
    if (match === null) return null;
    out.push(match[2]!);
  }
  return out;
}

/**
 * The module's `__all__` when only module-level statements write it, each with literals: `__all__ = [...]`
 * (or a tuple, or annotated), `__all__ += [...]`, `__all__.extend([...])`, `__all__.append('x')`. Null
 * when it is absent or written any other way (computed, under `if`, mutated in a function).
 */
export function declaredAll(root: Node, source: string): string[] | null {
  let names: string[] | null = null;
  let written = false;
  for (let at = source.indexOf('__all__'); at >= 0; at = source.indexOf('__all__', at + 7)) {
    const node = root.descendantForIndex(at, at + 7);
    if (node === null || node.type !== 'identifier' || node.text !== '__all__') continue;
    const parent = node.parent;
    if (parent === null) continue;
    // `other.__all__` is another module's.
    if (parent.type === 'attribute' && parent.childForFieldName('attribute')?.id === node.id) continue;
    const top = parent.parent?.type === 'expression_statement' && parent.parent.parent?.type === 'module';
    const inFunction = insideFunction(node);
    if ((parent.type === 'assignment' || parent.type === 'augmented_assignment') && parent.childForFieldName('left')?.id === node.id) {
      if (inFunction && !hasGlobal(node)) continue; // a local of the function
      written = true;
      const items = stringList(parent.childForFieldName('right'));
      if (!top || items === null) return null;
      if (parent.type === 'assignment') names = items;
      else if (names !== null && parent.childForFieldName('operator')?.text === '+=') names = [...names, ...items];
      else return null;
      continue;
    }
    if (parent.type === 'attribute' && parent.childForFieldName('object')?.id === node.id) {
      const call = parent.parent;
      const method = parent.childForFieldName('attribute')?.text;
      if (call?.type !== 'call' || call.childForFieldName('function')?.id !== parent.id) continue; // a read: `__all__.index`
      if (method === 'index' || method === 'count' || method === 'copy') continue;
      written = true;
      const statement = call.parent;
      const args = call.childForFieldName('arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
      const topCall = statement?.type === 'expression_statement' && statement.parent?.type === 'module';
      if (!topCall || names === null || args.length !== 1) return null;
      if (method === 'extend') {
        const items = stringList(args[0]!);
        if (items === null) return null;
        names = [...names, ...items];
      } else if (method === 'append') {
        const match = NAME_LITERAL.exec(args[0]!.text);
        if (match === null) return null;
        names = [...names, match[2]!];
      } else return null;
      continue;
    }
    // Anything else that can write it: `global __all__`, `del __all__`, `__all__[i] = ...`, `for __all__ in`.
    if (parent.type === 'global_statement' || parent.type === 'delete_statement' || parent.type === 'subscript' || parent.type === 'for_statement' || parent.type === 'pattern_list') {
      if (parent.type === 'subscript' && !isWriteTarget(parent)) continue;
      return null;
    }
  }
  return written ? names : null;
}

function insideFunction(node: Node): boolean {
  for (let p = node.parent; p !== null; p = p.parent) if (p.type === 'function_definition' || p.type === 'class_definition') return true;
  return false;
}

/** Whether the function enclosing `node` declares `global __all__`. */
function hasGlobal(node: Node): boolean {
  let fn: Node | null = node.parent;
  while (fn !== null && fn.type !== 'function_definition') fn = fn.parent;
  return fn !== null && /(?<!\p{ID_Continue})global(?!\p{ID_Continue})[^\n]*(?<!\p{ID_Continue})__all__(?!\p{ID_Continue})/u.test(fn.text);
}

function isWriteTarget(subscript: Node): boolean {
  const parent = subscript.parent;
  if (parent === null) return false;
  if (parent.type === 'delete_statement') return true;
  return (parent.type === 'assignment' || parent.type === 'augmented_assignment') && parent.childForFieldName('left')?.id === subscript.id;
}

/** Variables the module assigns at its top level (also under `if`/`try`/`with`/loops), in source order. */
export function moduleLevelNames(root: Node): string[] {
  const names: string[] = [];
  const targets = (node: Node): void => {
    const type = node.type;
    if (type === 'identifier') names.push(node.text);
    else if (type === 'pattern_list' || type === 'tuple_pattern' || type === 'list_pattern') {
      for (const child of node.namedChildren) if (child !== null) targets(child);
    }
  };
  const visit = (node: Node): void => {
    for (const child of node.namedChildren) {
      if (child === null) continue;
      const type = child.type;
      if (type === 'expression_statement') {
        for (let a = child.firstNamedChild; a !== null && a.type === 'assignment'; a = a.childForFieldName('right')) {
          const left = a.childForFieldName('left');
          if (left !== null) targets(left);
        }
      } else if (COMPOUND.has(type)) visit(child);
    }
  };
  visit(root);
  return [...new Set(names)];
}
