import type { Node } from 'web-tree-sitter';
import type { Entity, EntityKind } from '../../../graph/types.js';
import { FileBuilder, spanOf, type ExportRule } from '../../extract/builder.js';
import { splitPath } from '../../extract/paths.js';
import { addValueRefs } from '../../extract/values.js';
import { countSyntaxErrors } from '../../extract/syntax.js';
import { capture, runTagsQuery } from '../../extract/tags.js';
import { cleanPythonDocstring, cutSignature } from '../../extract/text.js';
import type { FileExtract, ProjectLayout, RefKind } from '../../types.js';
import type { ExtractInput, LanguageSupport } from '../types.js';
import { pythonModuleName } from './module-name.js';
import { declaredAll, moduleLevelNames, Rebinding } from './rebinding.js';
import { annotatedType } from './types.js';

const KEYWORDS = new Set(
  ('False None True and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield self cls').split(' '),
);

/** Public: no leading underscore, or a dunder name (`__init__`, `__call__`). */
function isPublicName(name: string): boolean {
  return !name.startsWith('_') || (name.length > 4 && name.startsWith('__') && name.endsWith('__'));
}

function exportRule(name: string): ExportRule {
  return (parent: Entity) =>
    isPublicName(name) && (parent.kind === 'module' || (parent.kind === 'class' && parent.exported));
}

/** How a string literal starts: the text at a block's start when its first statement is a docstring. */
const STRING_START = /[rRuUbBfF]*['"]/y;

/** The docstring of a module or block: its first statement when that is a plain string literal. */
function docstringOf(block: Node | null, source: string): string {
  if (block === null) return '';
  // A block starts where its first statement does: most start with no string, which the text tells without the tree.
  STRING_START.lastIndex = block.startIndex;
  if (!STRING_START.test(source)) return '';
  const first = block.firstNamedChild;
  if (first?.type !== 'expression_statement') return '';
  const literal = first.firstNamedChild;
  return literal?.type === 'string' ? cleanPythonDocstring(literal.text) : '';
}

function moduleInfo(filePath: string, layout: ProjectLayout): { moduleFqn: string; package: string } {
  const moduleFqn = pythonModuleName(filePath, layout);
  const isPackage = /(^|\/)__init__\.pyi?$/.test(filePath);
  return { moduleFqn, package: isPackage ? moduleFqn : moduleFqn.split('.').slice(0, -1).join('.') };
}

const DEF_KINDS: Record<string, EntityKind> = { 'definition.class': 'class', 'definition.function': 'function' };
const REF_KINDS: Record<string, RefKind> = { 'reference.inherits': 'inherits' };
const IDENTIFIER = new Set(['identifier']);
/** Parents under which a CamelCase identifier is a declaration or the callee of a call (recorded as a call). */
const SKIP_VALUE_PARENTS = new Set(['call', 'parameters', 'typed_parameter', 'dotted_name', 'aliased_import', 'class_definition', 'function_definition']);

function extract({ filePath, source, root, layout }: ExtractInput): FileExtract {
  const { moduleFqn, package: pkg } = moduleInfo(filePath, layout);
  const moduleName = moduleFqn.split('.').pop() ?? moduleFqn;
  const b = new FileBuilder({
    filePath,
    language: 'python',
    source,
    moduleFqn,
    moduleName,
    package: pkg,
    defPrefix: moduleFqn + '.',
    sep: '.',
    moduleDoc: docstringOf(root, source),
    moduleExported: isPublicName(moduleName),
    keywords: KEYWORDS,
  });
  const rebinding = new Rebinding();
  /** Paths of expressions in this tree already found by `valuePath`, by node id. */
  const knownPaths = new Map<number, string | null>();
  /** Start indexes of identifiers that already play a role (definition names, callees, bases, annotations). */
  const claimed = runTagsQuery(root, 'python', b, {
    definitions: DEF_KINDS,
    define({ node, captures }, kind, nameNode) {
      const name = nameNode!.text;
      const body = capture(captures, 'body')!;
      const parent = node.parent;
      const decorated = parent?.type === 'decorated_definition';
      const outer = decorated ? parent : node;
      // `f = lambda: ...` starts with its name; `def` and `class` start with their keyword.
      const isLambda = node.startIndex === nameNode!.startIndex;
      b.define({
        kind,
        name,
        span: spanOf(outer),
        signature: cutSignature(source, node.startIndex, headerEnd(body)),
        docstring: isLambda ? '' : docstringOf(body, source),
        exported: exportRule(name),
        ...(!isLambda && rebinding.superseded(outer, decorated ? parent.parent : parent, name) ? { superseded: true } : {}),
      });
    },
    pathRefs: REF_KINDS,
    pathSep: '.',
    claimPathStart: false,
    roles: {
      'reference.call'({ node, line }, claimed) {
        const text = node.text;
        // Only an attribute's text holds a dot.
        const dot = text.lastIndexOf('.');
        if (dot < 0 && node.type === 'identifier') {
          claimed.add(node.startIndex);
          b.ref(node.startIndex, line, 'call', '', text);
          return;
        }
        if (dot >= 0 && isPlainPath(text)) {
          claimed.add(node.startIndex + dot + 1);
          b.ref(node.startIndex, line, 'call', text.slice(0, dot), text.slice(dot + 1));
          return;
        }
        const name = node.childForFieldName('attribute');
        const object = node.childForFieldName('object');
        if (name === null || object === null) return;
        claimed.add(name.startIndex);
        b.ref(node.startIndex, line, 'call', valuePath(object, knownPaths) ?? '?', name.text);
      },
      'reference.type': ({ node }, claimed) => collectTypeNames(node, b, claimed, true),
      import: ({ node }) => addImport(node, b),
      'binding.variable'({ node, captures }) {
        const variable = node.text;
        // Locals, and attributes of the instance a method receives (`self.conn = Connection()`).
        if (!/^(?:self\.)?[\p{ID_Start}_]\p{ID_Continue}*$/u.test(variable)) return;
        const annotation = capture(captures, 'binding.annotation');
        if (annotation !== undefined) {
          const type = annotatedType(annotation.text);
          // `x: type[Foo]` holds the class itself.
          if (type !== null) b.binding(node.startIndex, variable, type.name, type.classObject);
          return;
        }
        // Matched only without a declared type, which wins over the assigned value: `x: Base = Impl()` is a Base.
        const value = capture(captures, 'binding.value');
        if (value === undefined) return;
        // The pattern matches names, attributes, calls and parentheses: a plain path's text is the path.
        const valueText = value.text;
        const path = isPlainPath(valueText) ? valueText : valuePath(value, knownPaths);
        if (path !== null && path !== variable) b.binding(node.startIndex, variable, path, true);
      },
    },
  });
  const all = declaredAll(root, source);
  if (all !== null) b.declarePublicNames(all);
  b.moduleLevelNames(moduleLevelNames(root));
  addValueRefs(root, source, b, claimed, IDENTIFIER, SKIP_VALUE_PARENTS, (node, parent, parentType) => {
    if (parentType !== 'attribute' || parent.startIndex === node.startIndex) return '';
    // `x.Foo()` is already a call; `x.Foo` alone refers to the class.
    if (parent.parent?.type === 'call' && parent.parent.startIndex === parent.startIndex) return null;
    return splitPath(parent.text, '.').receiver;
  });
  return b.build(countSyntaxErrors(root));
}

/** Dotted Python identifiers (letters of any script: `maße.Größe`); on ASCII `[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*`. */
const PLAIN_PATH = /^[\p{ID_Start}_]\p{ID_Continue}*(?:\.[\p{ID_Start}_]\p{ID_Continue}*)*$/u;
const LITERAL_SEGMENT = /(?:^|\.)(?:True|False|None)(?:\.|$)/;

/**
 * Whether an attribute's text is a path the tree reads back as written: names and dots only (no spaces,
 * comments or line continuations) and no literal (`None.x`). Reading it as text skips walking its nodes.
 */
function isPlainPath(text: string): boolean {
  return PLAIN_PATH.test(text) && !LITERAL_SEGMENT.test(text);
}

/**
 * An expression as a path of names and calls with their arguments left out (`self.app.cursor()`,
 * `get_engine().start`, `super()`), or null when it is anything else (subscripts, literals, operators).
 */
function valuePath(node: Node, known: Map<number, string | null>): string | null {
  // A loop down the object/function chain, then back up it, not recursion: `f()()()...` 10,000 deep must not
  // overflow the stack. `known` holds the paths already found in the same tree by node id: each call of a chain
  // (`a.b().c().d()`) asks for the path of the rest, which would otherwise be walked again.
  const chain: { node: Node; suffix: string }[] = [];
  let path: string | null = null;
  const found = (value: string | null, at: Node): void => {
    path = value;
    known.set(at.id, value);
  };
  for (let current = node; ; ) {
    const memo = known.get(current.id);
    if (memo !== undefined) {
      path = memo;
      break;
    }
    const type = current.type;
    if (type === 'identifier') {
      found(current.text, current);
      break;
    }
    if (type === 'attribute') {
      const text = current.text;
      if (isPlainPath(text)) {
        found(text, current);
        break;
      }
      const object = current.childForFieldName('object');
      const name = current.childForFieldName('attribute');
      if (object === null || name === null) {
        found(null, current);
        break;
      }
      chain.push({ node: current, suffix: `.${name.text}` });
      current = object;
    } else if (type === 'call') {
      const fn = current.childForFieldName('function');
      if (fn === null) {
        found(null, current);
        break;
      }
      // Python 2 style `super(Cls, self)` means the same as `super()`.
      if (fn.type === 'identifier' && fn.text === 'super') {
        found('super()', current);
        break;
      }
      chain.push({ node: current, suffix: '()' });
      current = fn;
    } else if (type === 'parenthesized_expression') {
      const inner = current.namedChildren.filter((c) => c !== null && c.type !== 'comment');
      if (inner.length !== 1) {
        found(null, current);
        break;
      }
      chain.push({ node: current, suffix: '' });
      current = inner[0]!;
    } else {
      // Subscripts, literals, operators.
      found(null, current);
      break;
    }
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    const { node: at, suffix } = chain[i]!;
    path = path === null ? null : path + suffix;
    known.set(at.id, path);
  }
  return path;
}

/** End of a definition header: the `:` before the body, so comments between the two stay out of the signature. */
function headerEnd(body: Node): number {
  for (let prev = body.previousSibling; prev !== null; prev = prev.previousSibling) {
    if (prev.type === ':') return prev.endIndex;
  }
  return body.startIndex;
}

/** Type names inside an annotation; nested `type` nodes are matched on their own. String forward references count. */
function collectTypeNames(node: Node, b: FileBuilder, claimed: Set<number>, top: boolean): void {
  if (!top && node.type === 'type') return;
  if (node.type === 'identifier' || node.type === 'attribute') {
    const { receiver, name, nameOffset } = splitPath(node.text, '.');
    claimed.add(node.startIndex + nameOffset);
    if (node.type === 'identifier') claimed.add(node.startIndex);
    if (name !== 'None') b.ref(node.startIndex, node.startPosition.row + 1, 'type', receiver, name);
    return;
  }
  if (node.type === 'string') {
    const content = node.text.replace(/^['"]+|['"]+$/g, '');
    if (/^[\p{ID_Start}_][\p{ID_Continue}.]*$/u.test(content)) {
      const { receiver, name } = splitPath(content, '.');
      b.ref(node.startIndex, node.startPosition.row + 1, 'type', receiver, name);
    }
    return;
  }
  for (const child of node.namedChildren) if (child !== null) collectTypeNames(child, b, claimed, false);
}

/** `import a.b as c`, `from ..x import y as z`, `from x import *` (one RawImport per imported module). */
function addImport(node: Node, b: FileBuilder): void {
  const line = node.startPosition.row + 1;
  if (node.type === 'import_statement') {
    for (const child of node.namedChildren) {
      if (child === null) continue;
      if (child.type === 'dotted_name') b.import(node.startIndex, { line, module: child.text, names: [] });
      else if (child.type === 'aliased_import') {
        const name = child.childForFieldName('name')?.text ?? '';
        const alias = child.childForFieldName('alias')?.text;
        b.import(node.startIndex, alias ? { line, module: name, names: [], alias } : { line, module: name, names: [] });
      }
    }
    return;
  }
  const moduleNode = node.childForFieldName('module_name');
  const module = moduleNode?.text.replace(/\s+/g, '') ?? '';
  const names: { name: string; alias?: string }[] = [];
  let wildcard = false;
  for (const child of node.namedChildren) {
    if (child === null || (moduleNode !== null && child.startIndex === moduleNode.startIndex)) continue;
    if (child.type === 'wildcard_import') wildcard = true;
    else if (child.type === 'dotted_name') names.push({ name: child.text });
    else if (child.type === 'aliased_import') {
      const name = child.childForFieldName('name')?.text ?? '';
      const alias = child.childForFieldName('alias')?.text;
      names.push(alias ? { name, alias } : { name });
    }
  }
  b.import(node.startIndex, wildcard ? { line, module, names, wildcard } : { line, module, names });
}

export const pythonSupport: LanguageSupport = {
  id: 'python',
  extensions: ['.py'],
  minifiable: false,
  grammarFor: () => 'tree-sitter-python.wasm',
  moduleInfo,
  extract,
};
