import type { Node } from 'web-tree-sitter';
import type { Entity, EntityKind } from '../../../graph/types.js';
import { FileBuilder } from '../../extract/builder.js';
import type { LeadingCommentRule } from '../../extract/comments.js';
import { declaredAt } from '../../extract/declaration.js';
import { simpleReceiver } from '../../extract/paths.js';
import { countSyntaxErrors } from '../../extract/syntax.js';
import { capture, runTagsQuery } from '../../extract/tags.js';
import { addValueRefs } from '../../extract/values.js';
import { bridgeGrammarGaps } from './grammar-gaps.js';
import type { FileExtract, RefKind } from '../../types.js';
import type { ExtractInput, LanguageSupport } from '../types.js';

const KEYWORDS = new Set(
  ('abstract assert boolean break byte case catch char class const continue default do double else enum extends ' +
    'final finally float for goto if implements import instanceof int interface long native new null package private ' +
    'protected public return short static strictfp super switch synchronized this throw throws transient try void ' +
    'volatile while true false var record').split(' '),
);

const DOC_RULE: LeadingCommentRule = { commentTypes: new Set(['block_comment', 'line_comment']), isDoc: (t) => t.startsWith('/**') };

const DEF_KINDS: Record<string, EntityKind> = {
  'definition.class': 'class',
  'definition.interface': 'interface',
  'definition.enum': 'enum',
  'definition.method': 'method',
  'definition.function': 'function',
};

const REF_KINDS: Record<string, RefKind> = { 'reference.new': 'new', 'reference.inherits': 'inherits', 'reference.implements': 'implements' };
const SKIP_VALUE_PARENTS = new Set(['scoped_identifier', 'import_declaration', 'package_declaration', 'variable_declarator', 'formal_parameter', 'class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'method_declaration', 'constructor_declaration', 'enum_constant', 'marker_annotation', 'annotation']);

/** Directory-derived package guess (`src/main/java/com/x/A.java` -> `com.x`); the package declaration wins when present. */
function packageFromPath(filePath: string): string {
  const dir = filePath.slice(0, Math.max(0, filePath.lastIndexOf('/')));
  const marker = /(?:^|\/)(?:java|src)\//g;
  let rest = dir;
  for (let m = marker.exec(dir); m !== null; m = marker.exec(dir)) rest = dir.slice(m.index + m[0].length);
  return rest.split('/').filter(Boolean).join('.');
}

function moduleInfo(filePath: string): { moduleFqn: string; package: string } {
  return { moduleFqn: filePath, package: packageFromPath(filePath) };
}

function hasModifier(node: Node, word: string): boolean {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  return modifiers?.children.some((c) => c?.type === word) ?? false;
}

/**
 * The class a variable of declared type `type` is an instance of, as a name path: `List<Foo>` -> 'List',
 * `Map.Entry<K, V>` -> 'Map.Entry'. An array (`Foo[] a`, `Foo a[]`, varargs `Foo... a`) or a multi-catch
 * variable (`IOException | TimeoutException e`) gets '': no class of the repository's, though the name
 * still hides a field of the same name.
 */
function boundType(type: Node, variable: Node): string {
  if (type.type === 'array_type' || type.parent?.type === 'spread_parameter' || variable.nextNamedSibling?.type === 'dimensions') return '';
  const named = type.type === 'catch_type' ? type.namedChildren : [type];
  if (named.length !== 1) return '';
  const single = named[0]!;
  return single.type === 'generic_type' ? (single.firstNamedChild?.text ?? '') : single.type === 'type_identifier' || single.type === 'scoped_type_identifier' ? single.text : '';
}

const PRIMITIVE_TYPES = new Set(['integral_type', 'floating_point_type', 'boolean_type']);

/** The simple name of the element type of `type` (`a.B<C>` -> 'B', `int` -> 'int'), or '' when there is none. */
function simpleTypeName(type: Node | null): string {
  if (type?.type === 'generic_type') type = type.firstNamedChild;
  if (type === null || type === undefined) return '';
  if (PRIMITIVE_TYPES.has(type.type)) return type.text;
  if (type.type === 'type_identifier') return type.text;
  if (type.type === 'scoped_type_identifier') return type.lastNamedChild?.text ?? '';
  return '';
}

const brackets = (node: Node | null | undefined): string => '[]'.repeat(node ? node.text.split('[').length - 1 : 0);

/**
 * What a variable declared with `type` holds when that names no class (see LocalBinding.declaredType): a
 * primitive (`int`), or an array by its element's simple name (`byte[] a`, `byte a[]`, varargs `Foo... a` -> 'Foo[]').
 */
function declaredValueType(type: Node, variable: Node): string | undefined {
  const own = variable.nextNamedSibling?.type === 'dimensions' ? variable.nextNamedSibling : null;
  const varargs = type.parent?.type === 'spread_parameter' ? '[]' : '';
  const array = type.type === 'array_type' ? type : null;
  const element = simpleTypeName(array ? array.childForFieldName('element') : type);
  if (element === '') return undefined;
  const dims = brackets(array?.childForFieldName('dimensions')) + brackets(own) + varargs;
  return dims === '' && !PRIMITIVE_TYPES.has(type.type) ? undefined : element + dims;
}

/** The class a type names, as a path (`Foo<T>` -> 'Foo', `a.B` -> 'a.B'); null for any other type. */
function typePath(type: Node | null): string | null {
  if (type?.type === 'generic_type') type = type.firstNamedChild;
  return type?.type === 'type_identifier' || type?.type === 'scoped_type_identifier' ? type.text.replace(/\s+/g, '') : null;
}

/**
 * A receiver as a path of names and calls with their arguments left out (`a.getB().run` for
 * `a.getB(x).run`, `getB()`, `this.b.c()`, `super.m()`); `new Foo(x)` and the cast `(Foo) x` are calls of their
 * class (`Foo()`, an instance). Null for anything else (array elements, literals, operators). `known` holds the
 * paths found so far in the tree by node id: each call of a chain asks for the path of the rest.
 */
function valuePath(node: Node, known: Map<number, string | null>): string | null {
  // A loop down the chain, then back up it, not recursion: a chain thousands of calls long must not overflow the stack.
  const chain: { node: Node; wrap: (inner: string) => string }[] = [];
  let path: string | null = null;
  for (let current: Node | null = node; ; ) {
    if (current === null) break;
    const memo = known.get(current.id);
    if (memo !== undefined) {
      path = memo;
      break;
    }
    const type: string = current.type;
    let inner: Node | null = null;
    let wrap: ((inner: string) => string) | null = null;
    if (type === 'identifier' || type === 'this' || type === 'super') path = current.text;
    // An anonymous class (`new Foo() {...}`) may override what it is called for.
    else if (type === 'object_creation_expression' && current.lastNamedChild?.type !== 'class_body') path = typePath(current.childForFieldName('type'));
    else if (type === 'cast_expression') path = typePath(current.childForFieldName('type'));
    else if (type === 'parenthesized_expression') {
      inner = current.namedChildren.length === 1 ? current.namedChildren[0]! : null;
      wrap = (p) => p;
    } else if (type === 'field_access' || type === 'method_invocation') {
      const name = current.childForFieldName(type === 'field_access' ? 'field' : 'name');
      if (name?.type === 'identifier') {
        const step = type === 'field_access' ? name.text : `${name.text}()`;
        inner = current.childForFieldName('object');
        if (inner === null) path = step;
        else wrap = (p) => `${p}.${step}`;
      }
    }
    if (type === 'object_creation_expression' || type === 'cast_expression') path = path === null ? null : `${path}()`;
    if (wrap === null || inner === null) {
      if (wrap !== null) path = null;
      known.set(current.id, path);
      break;
    }
    chain.push({ node: current, wrap });
    current = inner;
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    path = path === null ? null : chain[i]!.wrap(path);
    known.set(chain[i]!.node.id, path);
  }
  return path;
}

interface PendingBinding {
  pos: number;
  variable: string;
  typeName: string;
  declaredType?: string;
  /** Id of the node declaring the scope the variable is bound in (see scopeOf). */
  owner: number;
  /** A catch, enhanced-for, resource, pattern or lambda parameter: bound in one block of its scope only (BLOCK_DECLARATORS). */
  block: boolean;
}

const SCOPE_OWNERS = new Set([
  'method_declaration',
  'constructor_declaration',
  'compact_constructor_declaration',
  'class_declaration',
  'record_declaration',
  'interface_declaration',
  'enum_declaration',
  'annotation_type_declaration',
]);

/** Declarations of variables that live in one block (or one branch) of their scope. */
const BLOCK_DECLARATORS = new Set([
  'catch_formal_parameter',
  'enhanced_for_statement',
  'resource',
  'instanceof_expression',
  'type_pattern',
  'record_pattern_component',
  'lambda_expression',
  'inferred_parameters',
]);

/**
 * The declaration whose scope (an entity's) a variable is bound in: a method, a constructor, a class, a lambda
 * bound to a name (see the tags' function definitions); and whether the variable lives in one block of it only.
 */
function scopeOf(variable: Node): { owner: number; block: boolean } {
  const declarator = variable.parent;
  const block =
    BLOCK_DECLARATORS.has(declarator?.type ?? '') ||
    (declarator?.type === 'formal_parameter' && declarator.parent?.parent?.type === 'lambda_expression');
  for (let n = declarator; n; n = n.parent) {
    if (SCOPE_OWNERS.has(n.type)) return { owner: n.id, block };
    const holder = n.type === 'lambda_expression' && n.parent?.type === 'variable_declarator' ? n.parent.parent : null;
    if (holder?.type === 'local_variable_declaration' || holder?.type === 'field_declaration') return { owner: holder.id, block };
  }
  return { owner: 0, block };
}

/**
 * Records the bindings. A scope's bindings of one name hold for all of it (a variable's uses are not told
 * apart by position), so a variable bound in one block (`catch (IOException e)`, `for (Foo x : xs)`) whose
 * name the scope binds to another type elsewhere is dropped when a local or parameter of that name stays
 * (two types would make every use of either ambiguous), or else kept with no type: it still hides a field.
 */
function addBindings(b: FileBuilder, bindings: readonly PendingBinding[]): void {
  const types = new Map<string, { types: Set<string>; whole: boolean }>();
  const keyOf = (binding: PendingBinding) => `${binding.owner}\0${binding.variable}`;
  for (const binding of bindings) {
    const key = keyOf(binding);
    let seen = types.get(key);
    if (seen === undefined) types.set(key, (seen = { types: new Set(), whole: false }));
    seen.types.add(`${binding.typeName}\0${binding.declaredType ?? ''}`);
    if (!binding.block) seen.whole = true;
  }
  for (const binding of bindings) {
    const seen = types.get(keyOf(binding))!;
    if (!binding.block || seen.types.size === 1) b.binding(binding.pos, binding.variable, binding.typeName, false, binding.declaredType);
    else if (!seen.whole) b.binding(binding.pos, binding.variable, '');
  }
}

const LITERAL_TYPES: Record<string, string> = {
  string_literal: 'String',
  character_literal: 'char',
  true: 'boolean',
  false: 'boolean',
  null_literal: 'null',
  class_literal: 'Class',
};

/** What a call argument's type is known to be (see RawRef.argTypes): '' when unknown. */
function argumentType(arg: Node): string {
  const literal = LITERAL_TYPES[arg.type];
  if (literal !== undefined) return literal;
  if (arg.type.endsWith('_integer_literal')) return /[lL]$/.test(arg.text) ? 'long' : 'int';
  if (arg.type.endsWith('_floating_point_literal')) return /[fF]$/.test(arg.text) ? 'float' : 'double';
  if (arg.type === 'object_creation_expression' || arg.type === 'cast_expression') return typePath(arg.childForFieldName('type')) ?? '';
  if (arg.type === 'array_creation_expression') {
    const element = simpleTypeName(arg.childForFieldName('type'));
    let dims = '';
    for (const child of arg.namedChildren) dims += child?.type === 'dimensions_expr' ? '[]' : child?.type === 'dimensions' ? brackets(child) : '';
    return element === '' ? '' : element + dims;
  }
  if (arg.type === 'identifier') return `=${arg.text}`;
  return '';
}

/** A call's arguments (comments inside its argument list are none): their number, and what is known of their types. */
function callArguments(call: Node): { count: number; types: string[] | undefined } | undefined {
  const list = call.childForFieldName('arguments');
  if (list === null) return undefined;
  const types: string[] = [];
  for (const arg of list.namedChildren) if (arg !== null && !DOC_RULE.commentTypes.has(arg.type)) types.push(argumentType(arg));
  return { count: types.length, types: types.some((t) => t !== '') ? types : undefined };
}

function extract({ filePath, source, root }: ExtractInput): FileExtract {
  const declared = root.namedChildren.find((c) => c?.type === 'package_declaration');
  const pkg = declared?.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier')?.text ?? packageFromPath(filePath);
  const b = new FileBuilder({
    filePath,
    language: 'java',
    source,
    moduleFqn: filePath,
    moduleName: filePath.slice(filePath.lastIndexOf('/') + 1),
    package: pkg,
    defPrefix: pkg === '' ? '' : pkg + '.',
    sep: '.',
    moduleDoc: '',
    moduleExported: true,
    keywords: KEYWORDS,
  });
  const bindings: PendingBinding[] = [];
  const knownPaths = new Map<number, string | null>();
  const claimed = runTagsQuery(root, 'java', b, {
    definitions: DEF_KINDS,
    define({ node, captures }, kind, nameNode) {
      const body = capture(captures, 'body');
      const isPublic = hasModifier(node, 'public');
      const isPrivate = hasModifier(node, 'private');
      b.define({
        kind,
        name: nameNode!.text,
        ...declaredAt(source, node, body?.startIndex ?? node.endIndex, DOC_RULE),
        // Interface members are public unless declared private.
        exported: isPublic ? true : isPrivate ? false : (parent: Entity) => parent.kind === 'interface',
      });
    },
    pathRefs: REF_KINDS,
    pathSep: '.',
    claimPathStart: true,
    typeRefs: {},
    roles: {
      'reference.call'({ node, line, captures }, claimed) {
        const name = capture(captures, 'name')!;
        const receiver = capture(captures, 'receiver');
        claimed.add(name.startIndex);
        const path = receiver === undefined ? '' : receiver.type === 'super' ? 'super' : (valuePath(receiver, knownPaths) ?? simpleReceiver(receiver.text));
        const args = callArguments(node);
        b.ref(node.startIndex, line, 'call', path, name.text, args?.count, args?.types);
      },
      import({ node, line }) {
        const text = node.text.replace(/\s+/g, ' ');
        // Java identifiers: letters and digits of any script, `_`, currency symbols (`$`), marks (`import pkg.Ñandú;`).
        const m = /^import\s+(static\s+)?([\p{ID_Continue}\p{Sc}. ]+?)(\s*\.\s*\*)?\s*;?$/u.exec(text);
        if (m === null) return;
        const module = m[2]!.replace(/\s+/g, '');
        b.import(node.startIndex, m[3] ? { line, module, names: [], wildcard: true } : { line, module, names: [] });
      },
      'binding.type'({ node, captures }) {
        const variable = capture(captures, 'binding.variable');
        if (variable === undefined) return;
        const declaredType = declaredValueType(node, variable);
        bindings.push({ pos: variable.startIndex, variable: variable.text, typeName: boundType(node, variable), ...(declaredType ? { declaredType } : {}), ...scopeOf(variable) });
      },
      // A lambda's parameter of no declared type: it hides what the name means outside.
      'binding.untyped'({ node }) {
        bindings.push({ pos: node.startIndex, variable: node.text, typeName: '', ...scopeOf(node) });
      },
    },
  });
  addBindings(b, bindings);
  addValueRefs(root, source, b, claimed, new Set(['identifier']), SKIP_VALUE_PARENTS);
  return b.build(countSyntaxErrors(root));
}

export const javaSupport: LanguageSupport = {
  id: 'java',
  extensions: ['.java'],
  minifiable: false,
  grammarFor: () => 'tree-sitter-java.wasm',
  moduleInfo,
  bridgeGrammarGaps,
  extract,
};
