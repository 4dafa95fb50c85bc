/** Extraction shared by the TypeScript and JavaScript grammars (their node types mostly agree). */
import type { Node, QueryCapture } from 'web-tree-sitter';
import type { Entity, EntityKind, LanguageId } from '../../../graph/types.js';
import { FileBuilder, spanOf } from '../../extract/builder.js';
import type { LeadingCommentRule } from '../../extract/comments.js';
import { declaredAt } from '../../extract/declaration.js';
import { simpleReceiver } from '../../extract/paths.js';
import { countSyntaxErrors } from '../../extract/syntax.js';
import { capture, runTagsQuery } from '../../extract/tags.js';
import { addValueRefs } from '../../extract/values.js';
import type { FileExtract, RefKind } from '../../types.js';
import type { ExtractInput } from '../types.js';

export const ECMASCRIPT_KEYWORDS = new Set(
  ('abstract any as async await boolean break case catch class const constructor continue debugger declare default ' +
    'delete do else enum export extends false finally for from function get if implements import in instanceof ' +
    'interface keyof let new null number object of private protected public readonly require return set static ' +
    'string super switch this throw true try type typeof undefined var void while with yield').split(' '),
);

/** `src/a/b.ts` -> module FQN `src/a/b` (an `index` file keeps its name), package `src/a`. */
export function ecmascriptModuleInfo(filePath: string): { moduleFqn: string; package: string } {
  const slash = filePath.lastIndexOf('/');
  const dot = filePath.lastIndexOf('.');
  return { moduleFqn: dot > slash ? filePath.slice(0, dot) : filePath, package: slash < 0 ? '' : filePath.slice(0, slash) };
}

const DOC_RULE: LeadingCommentRule = {
  commentTypes: new Set(['comment']),
  isDoc: (text) => text.startsWith('/**'),
  skipTypes: new Set(['decorator']),
};

const DEF_KINDS: Record<string, EntityKind> = {
  'definition.function': 'function',
  'definition.method': 'method',
  'definition.class': 'class',
  'definition.interface': 'interface',
  'definition.enum': 'enum',
  'definition.type_alias': 'type_alias',
  'definition.default': 'function',
};

const REF_KINDS: Record<string, RefKind> = {
  'reference.call': 'call',
  'reference.new': 'new',
  'reference.inherits': 'inherits',
  'reference.implements': 'implements',
};

const IDENTIFIER = new Set(['identifier']);
/** Identifier parents where a capitalised name is a declaration or import, or the callee of a call (recorded as such). */
const NOT_A_USE = new Set([
  'call_expression', 'new_expression',
  'import_specifier', 'import_clause', 'namespace_import', 'export_specifier', 'import_require_clause',
  'formal_parameters', 'required_parameter', 'optional_parameter', 'class_declaration', 'function_declaration',
  'enum_declaration', 'internal_module', 'variable_declarator', 'jsx_closing_element', 'type_parameter',
]);

/** The name path of a type annotation's type (`a.B` for `a.B<T>`), '?' when it is no plain name. */
function typeNameOf(typeNode: Node | undefined): string {
  if (typeNode === undefined) return '?';
  return simpleReceiver(typeNode.type === 'generic_type' ? (typeNode.childForFieldName('name')?.text ?? '') : typeNode.text);
}

/**
 * An expression as a receiver path: names, members, `()` for a call of a path, and casts and constructions
 * as a call of their type (`new a.B(x)` and `y as a.B` give `a.B()`), so `z.object({}).strict()` has
 * receiver `z.object().strict()`. Null for anything else (element access, literals, `await`...).
 * `known` holds the paths already found in the same tree by node id: each call of a chain
 * (`z.string().min(1).max(9)`) asks for the path of the rest, which would otherwise be walked again.
 */
export function valuePath(node: Node | null | undefined, known: Map<number, string | null> = new Map()): string | null {
  // A loop down the chain of inner expressions, then back up it, not recursion: `a.b().b()...` 10,000 deep
  // must not overflow the stack.
  const chain: { node: Node; wrap: (inner: string | null) => string | null }[] = [];
  let path: string | null = null;
  for (let current = node; ; ) {
    if (!current) break;
    const found = known.get(current.id);
    if (found !== undefined) {
      path = found;
      break;
    }
    const step = valuePathStep(current, current.type);
    if (step.inner === undefined) {
      path = step.path;
      known.set(current.id, path);
      break;
    }
    chain.push({ node: current, wrap: step.wrap });
    current = step.inner;
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    path = chain[i]!.wrap(path);
    known.set(chain[i]!.node.id, path);
  }
  return path;
}

type ValuePathStep =
  | { inner?: undefined; path: string | null }
  | { inner: Node | null; wrap: (inner: string | null) => string | null };

const same = (inner: string | null): string | null => inner;

/** The path of `node` when it needs no inner expression's, else that expression and how its path makes this one. */
function valuePathStep(node: Node, type: string): ValuePathStep {
  switch (type) {
    case 'identifier':
    case 'this':
      return { path: node.text };
    case 'member_expression': {
      const property = node.childForFieldName('property');
      const propertyType = property?.type;
      const named = propertyType === 'property_identifier' || propertyType === 'private_property_identifier';
      return {
        inner: node.childForFieldName('object'),
        wrap: (object) => (object !== null && named ? `${object}.${property!.text}` : null),
      };
    }
    case 'call_expression': {
      const callee = node.childForFieldName('function');
      const args = node.childForFieldName('arguments');
      // Explicit type arguments can pick another overload than the receiver's resolution would.
      if (node.childForFieldName('type_arguments') !== null) return { path: null };
      const calleeType = callee?.type;
      if (args?.type !== 'arguments' || (calleeType !== 'identifier' && calleeType !== 'member_expression')) return { path: null };
      return { inner: callee, wrap: (path) => (path === null ? null : `${path}()`) };
    }
    case 'new_expression':
      return {
        inner: node.childForFieldName('constructor'),
        wrap: (path) => (path === null || path.endsWith(')') ? null : `${path}()`),
      };
    case 'as_expression': {
      const asType = node.namedChildren[1];
      const asTypeType = asType?.type;
      const name = asTypeType === 'type_identifier' || asTypeType === 'nested_type_identifier' || asTypeType === 'generic_type' ? typeNameOf(asType!) : '?';
      return { path: name === '?' ? null : `${name}()` };
    }
    case 'non_null_expression':
    case 'parenthesized_expression':
    case 'satisfies_expression':
      return { inner: node.namedChildren[0] ?? null, wrap: same };
    default:
      return { path: null };
  }
}

/** The body of the class or interface declaring `node` (a field, a parameter property, a statement in a method). */
function enclosingTypeBody(node: Node): Node | null {
  for (let n: Node | null = node.parent; n; n = n.parent) {
    if (n.type === 'class_body' || n.type === 'interface_body') return n;
    if (n.type === 'object' || n.type === 'function_declaration' || n.type === 'function_expression') return null;
  }
  return null;
}

/** Whether a variable's declarator defines an entity (`const f = () => {}`) or an import (`const m = require('m')`). */
function definesEntity(name: Node): boolean {
  const declarator = name.parent;
  if (declarator?.type !== 'variable_declarator') return false;
  const value = declarator.childForFieldName('value');
  if (value?.type === 'arrow_function' || value?.type === 'function_expression' || value?.type === 'generator_function') return true;
  return value?.type === 'call_expression' && value.childForFieldName('function')?.text === 'require';
}

/** Whether `node` is directly inside a class constructor (not in a function nested in it). */
function constructorOf(node: Node): boolean {
  for (let n: Node | null = node.parent; n; n = n.parent) {
    if (n.type === 'method_definition') return n.childForFieldName('name')?.text === 'constructor';
    if (n.type === 'function_declaration' || n.type === 'function_expression' || n.type === 'class_body') return false;
  }
  return false;
}

/** Text of a string literal node without its quotes. */
function stringValue(node: Node | null | undefined): string {
  return node ? node.text.slice(1, -1) : '';
}

/** The node a definition's span starts from: its `export` statement, or its single-declarator declaration. */
function outerNode(node: Node): Node {
  let outer = node;
  if (outer.type === 'variable_declarator') {
    const decl = outer.parent;
    if (decl !== null && (decl.type === 'lexical_declaration' || decl.type === 'variable_declaration') && decl.namedChildCount === 1) outer = decl;
  }
  if (outer.parent?.type === 'export_statement') outer = outer.parent;
  if (outer.type === 'assignment_expression' && outer.parent?.type === 'expression_statement') outer = outer.parent;
  return outer;
}

/** The first of the decorators right before `node` among its siblings, or null. */
function firstDecorator(node: Node): Node | null {
  let first: Node | null = null;
  for (let prev = node.previousNamedSibling; prev?.type === 'decorator'; prev = prev.previousNamedSibling) first = prev;
  return first;
}

function hasModifier(node: Node, words: readonly string[]): boolean {
  for (const child of node.children) {
    if (child === null) continue;
    if (child.type === 'accessibility_modifier' && words.includes(child.text)) return true;
    if (child.type === 'body' || child.type === 'statement_block') break;
  }
  return false;
}

export function extractEcmascript(language: LanguageId, queryDir: string, input: ExtractInput): FileExtract {
  const { filePath, source, root } = input;
  const { moduleFqn, package: pkg } = ecmascriptModuleInfo(filePath);
  const b = new FileBuilder({
    filePath,
    language,
    source,
    moduleFqn,
    moduleName: moduleFqn.slice(moduleFqn.lastIndexOf('/') + 1),
    package: pkg,
    defPrefix: moduleFqn + ':',
    sep: '.',
    moduleDoc: '',
    moduleExported: true,
    keywords: ECMASCRIPT_KEYWORDS,
  });
  /** Local names exported through `export { a }`, `export default a`, `module.exports = a`. */
  const exportedLocals = new Set<string>();
  const topLevelExported = (name: string, exportedHere: boolean) => (parent: Entity) =>
    parent.kind === 'module' && (exportedHere || exportedLocals.has(name));
  /** Parameters and variables, and those of them a binding with a known type or value was recorded for. */
  const locals: Node[] = [];
  const bound = new Set<number>();
  /** Value paths found so far, by node id (see valuePath). */
  const paths = new Map<number, string | null>();
  const claimed = runTagsQuery(root, queryDir, b, {
    definitions: DEF_KINDS,
    define: ({ role, node, captures }, kind, name) => defineFrom(node, captures, kind, name, role === 'definition.default'),
    pathRefs: REF_KINDS,
    pathSep: '.',
    claimPathStart: false,
    skipPathRef: (receiver, name) => receiver === '' && name === 'require', // recorded as an import
    typeRefs: {
      // A type matched as a heritage name already has its reference.
      skip: (node, _receiver, name) => b.hasRefAt(node.startIndex, 'implements', name) || b.hasRefAt(node.startIndex, 'inherits', name),
    },
    roles: {
      scope: ({ node, captures }) => b.scope({ name: capture(captures, 'name')?.text ?? '', span: spanOf(outerNode(node)), methods: false }),
      import: ({ node }) => addImport(node),
      export: ({ node }) => addExport(node),
      require: ({ node }) => addRequire(node),
      commonjs: ({ captures }) => addCommonjs(capture(captures, 'commonjs.target')!, capture(captures, 'commonjs.value')!),
      'binding.variable'({ node, captures }) {
        const variable = simpleReceiver(node.text);
        if (variable === '?') return;
        const valueNode = capture(captures, 'binding.value');
        if (valueNode !== undefined) {
          // `const a = f(x)`: the variable holds what the call gives, resolved like a receiver;
          // `const a = B.create`: another name for what the path denotes.
          const value = valuePath(valueNode, paths);
          if (value === null || value === 'require()') return;
          b.binding(node.startIndex, variable, value, true);
          bound.add(node.startIndex);
          return;
        }
        const typeName = typeNameOf(capture(captures, 'binding.type'));
        if (typeName === '?') return;
        // `this.c = new C()` in a constructor: the attribute's type, as TypeScript infers it, declared in the
        // class body with the fields; assignments in other methods do not declare it.
        if (variable.startsWith('this.')) {
          const body = variable.indexOf('.', 5) < 0 && constructorOf(node) ? enclosingTypeBody(node) : null;
          if (body) b.binding(body.startIndex, variable, typeName);
          return;
        }
        b.binding(node.startIndex, variable, typeName);
        bound.add(node.startIndex);
        // A parameter property (`constructor(private store: Store)`) is an attribute of the instance too.
        const param = node.parent;
        if ((param?.type === 'required_parameter' || param?.type === 'optional_parameter') && param.children.some((c) => c?.type === 'accessibility_modifier' || c?.type === 'readonly')) {
          const body = enclosingTypeBody(param);
          if (body) b.binding(body.startIndex, `this.${variable}`, typeName);
        }
      },
      'binding.local': ({ node }) => void locals.push(node),
      // A field or interface property with a declared type or a constructed value: `store: Store`, `cache = new Cache()`.
      'binding.property'({ node, captures }) {
        const typeName = typeNameOf(capture(captures, 'binding.type'));
        const body = enclosingTypeBody(node);
        if (typeName !== '?' && body && /^#?[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*$/u.test(node.text)) b.binding(body.startIndex, `this.${node.text}`, typeName);
      },
    },
    receiverOf: (node) => (node.type === 'member_expression' ? (valuePath(node.childForFieldName('object'), paths) ?? undefined) : undefined),
  });

  // A parameter or variable whose value is not known still hides the outer definitions of its name.
  for (const node of locals) {
    if (bound.has(node.startIndex) || definesEntity(node)) continue;
    b.binding(node.startIndex, node.text, '');
  }
  addValueRefs(root, source, b, claimed, IDENTIFIER, NOT_A_USE);
  return b.build(countSyntaxErrors(root));

  function defineFrom(node: Node, caps: readonly QueryCapture[], kind: EntityKind, nameNode: Node | undefined, isDefault: boolean): void {
    const body = capture(caps, 'body');
    const name = isDefault ? 'default' : (nameNode?.text ?? '');
    let owner: string | undefined;
    let exported: boolean | ((parent: Entity) => boolean);
    const outer = outerNode(node);
    if (node.type === 'assignment_expression') {
      const target = capture(caps, 'commonjs.target')!;
      const object = target.childForFieldName('object')?.text ?? '';
      const proto = /^([\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*)\.prototype$/u.exec(object);
      if (proto) {
        owner = proto[1];
        kind = 'method';
        exported = false;
      } else if (object === 'exports' || object === 'module.exports') {
        exported = true;
      } else return;
    } else if (kind === 'method') {
      const isPrivate = name.startsWith('#') || hasModifier(node, ['private', 'protected']);
      exported = (parent: Entity) => parent.exported && !isPrivate;
    } else {
      exported = topLevelExported(name, outer.type === 'export_statement');
    }
    if (outer.type === 'export_statement' && outer.children.some((c) => c?.type === 'default') && !isDefault) {
      b.export('default', name);
    }
    const declared = declaredAt(source, outer, kind === 'type_alias' || body === undefined ? node.endIndex : body.startIndex, DOC_RULE);
    // A method's decorators are the siblings before it in the class body: its span starts at the first, as a
    // decorated class's, Python function's or Java method's does (its signature, as theirs, leaves them out).
    const decorator = firstDecorator(outer);
    if (decorator !== null) declared.span = { ...declared.span, start: decorator.startIndex, startRow: decorator.startPosition.row };
    b.define({
      kind,
      name,
      ...declared,
      exported,
      ...(owner !== undefined ? { owner } : {}),
    });
  }

  function addImport(node: Node): void {
    const line = node.startPosition.row + 1;
    const module = stringValue(node.childForFieldName('source'));
    const names: { name: string; alias?: string }[] = [];
    let alias: string | undefined;
    for (const clause of node.namedChildren) {
      if (clause?.type === 'import_require_clause') {
        b.import(node.startIndex, { line, module: stringValue(clause.childForFieldName('source')), names: [], alias: clause.firstNamedChild?.text ?? '' });
        return;
      }
      if (clause?.type !== 'import_clause') continue;
      for (const part of clause.namedChildren) {
        if (part === null) continue;
        if (part.type === 'identifier') names.push({ name: 'default', alias: part.text });
        else if (part.type === 'namespace_import') alias = part.firstNamedChild?.text;
        else if (part.type === 'named_imports') {
          for (const spec of part.namedChildren) {
            if (spec?.type !== 'import_specifier') continue;
            names.push(specifier(spec));
          }
        }
      }
    }
    b.import(node.startIndex, alias !== undefined ? { line, module, names, alias } : { line, module, names });
  }

  function addExport(node: Node): void {
    const line = node.startPosition.row + 1;
    const sourceNode = node.childForFieldName('source');
    const clause = node.namedChildren.find((c) => c?.type === 'export_clause') ?? null;
    if (sourceNode !== null) {
      const module = stringValue(sourceNode);
      const ns = node.namedChildren.find((c) => c?.type === 'namespace_export');
      if (clause !== null) b.import(node.startIndex, { line, module, names: clause.namedChildren.filter((s) => s?.type === 'export_specifier').map((s) => specifier(s!)), reexport: true });
      else if (ns) b.import(node.startIndex, { line, module, names: [], alias: ns.firstNamedChild?.text ?? '', reexport: true });
      else b.import(node.startIndex, { line, module, names: [], wildcard: true, reexport: true });
      return;
    }
    if (clause !== null) {
      for (const spec of clause.namedChildren) {
        if (spec?.type !== 'export_specifier') continue;
        const { name, alias } = specifier(spec);
        exportedLocals.add(name);
        // Recorded without a rename too: the local may be an import or a variable rather than a definition.
        b.export(alias ?? name, name);
      }
      return;
    }
    const value = node.childForFieldName('value');
    if (value?.type === 'identifier') {
      exportedLocals.add(value.text);
      b.export('default', value.text);
    }
    // `export const make = Factory.create`: an exported variable is a member of the module though no entity.
    const declaration = node.childForFieldName('declaration');
    if (declaration?.type === 'lexical_declaration' || declaration?.type === 'variable_declaration') {
      for (const declarator of declaration.namedChildren) {
        const name = declarator?.type === 'variable_declarator' ? declarator.childForFieldName('name') : null;
        if (name?.type === 'identifier' && !definesEntity(name)) b.export(name.text, name.text);
      }
    }
  }

  /** `const m = require('x')`, `const { a, b: c } = require('x')`, `require('x')`. */
  function addRequire(node: Node): void {
    const line = node.startPosition.row + 1;
    const call = node.type === 'call_expression' ? node : node.childForFieldName('value');
    const arg = call?.childForFieldName('arguments')?.firstNamedChild;
    if (arg?.type !== 'string') return;
    const module = stringValue(arg);
    const target = node.type === 'variable_declarator' ? node.childForFieldName('name') : null;
    if (target?.type === 'identifier') b.import(node.startIndex, { line, module, names: [], alias: target.text });
    else if (target?.type === 'object_pattern') {
      const names: { name: string; alias?: string }[] = [];
      for (const part of target.namedChildren) {
        if (part?.type === 'shorthand_property_identifier_pattern') names.push({ name: part.text });
        else if (part?.type === 'pair_pattern') {
          const key = part.childForFieldName('key')?.text ?? '';
          const value = part.childForFieldName('value')?.text ?? key;
          names.push(value === key ? { name: key } : { name: key, alias: value });
        }
      }
      b.import(node.startIndex, { line, module, names });
    } else b.import(node.startIndex, { line, module, names: [] });
  }

  /** `module.exports = X`, `module.exports = { a, b: c }`, `exports.f = g`. */
  function addCommonjs(target: Node, value: Node): void {
    const path = target.text.replace(/\s+/g, '');
    if (path === 'module.exports') {
      if (value.type === 'identifier') {
        exportedLocals.add(value.text);
        b.export('default', value.text);
      } else if (value.type === 'object') {
        for (const part of value.namedChildren) {
          if (part?.type === 'shorthand_property_identifier') {
            exportedLocals.add(part.text);
          } else if (part?.type === 'pair') {
            const key = part.childForFieldName('key')?.text ?? '';
            const local = part.childForFieldName('value');
            if (local?.type !== 'identifier') continue;
            exportedLocals.add(local.text);
            if (key !== local.text) b.export(key, local.text);
          }
        }
      }
      return;
    }
    const exported = /^(?:module\.)?exports\.([\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*)$/u.exec(path);
    if (exported && value.type === 'identifier') {
      exportedLocals.add(value.text);
      if (exported[1] !== value.text) b.export(exported[1]!, value.text);
    }
  }
}

function specifier(spec: Node): { name: string; alias?: string } {
  const name = spec.childForFieldName('name')?.text ?? '';
  const alias = spec.childForFieldName('alias')?.text;
  return alias !== undefined ? { name, alias } : { name };
}
