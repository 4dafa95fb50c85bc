import type { Node } from 'web-tree-sitter';
import type { EntityKind } from '../../../graph/types.js';
import { FileBuilder } from '../../extract/builder.js';
import { leadingDoc, type LeadingCommentRule } from '../../extract/comments.js';
import { declaredAt } from '../../extract/declaration.js';
import { dirOf } from '../../extract/files.js';
import { countSyntaxErrors } from '../../extract/syntax.js';
import { capture, runTagsQuery } from '../../extract/tags.js';
import type { FileExtract, ProjectLayout, RefKind } from '../../types.js';
import type { ExtractInput, LanguageSupport } from '../types.js';
import { goTypePath, packageName, PREDECLARED_TYPES } from './signature.js';
import { headerConstraint } from './build-constraints.js';
import { bridgeGrammarGaps } from './grammar-gaps.js';

const KEYWORDS = new Set(
  ('break case chan const continue default defer else fallthrough for func go goto if import interface map package ' +
    'range return select struct switch type var nil true false err').split(' '),
);

/** Predeclared types: never defined in a repository, so not worth a reference. */
const PREDECLARED = PREDECLARED_TYPES;

const DOC_RULE: LeadingCommentRule = { commentTypes: new Set(['comment']), isDoc: () => true };

const DEF_KINDS: Record<string, EntityKind> = {
  'definition.function': 'function',
  'definition.method': 'method',
  'definition.class': 'class',
  'definition.interface': 'interface',
  'definition.type_alias': 'type_alias',
};

const REF_KINDS: Record<string, RefKind> = { 'reference.call': 'call', 'reference.new': 'new', 'reference.inherits': 'inherits' };

/** Go exports what starts with an upper-case letter. */
function isExportedName(name: string): boolean {
  const first = name.charAt(0);
  return first !== first.toLowerCase();
}

/**
 * Import path of the file's package: go.mod module path + directory below the module (the directory itself without
 * go.mod). A package vendored under the module's `vendor/` directory (`go mod vendor`; GOPATH vendoring at the root
 * of a repository without go.mod) is the package of the import path below it: `vendor/github.com/containerd/log`
 * is `github.com/containerd/log`.
 */
export function goPackagePath(filePath: string, layout: ProjectLayout): string {
  const dir = dirOf(filePath);
  let best: string | undefined;
  for (const moduleDir of layout.goModules.keys()) {
    if ((moduleDir === '' || dir === moduleDir || dir.startsWith(moduleDir + '/')) && (best === undefined || moduleDir.length > best.length)) best = moduleDir;
  }
  const rest = best === undefined || best === '' ? dir : dir.slice(best.length + 1);
  if (rest.startsWith('vendor/')) return rest.slice('vendor/'.length);
  if (best === undefined) return dir;
  const modulePath = layout.goModules.get(best)!;
  return rest === '' ? modulePath : `${modulePath}/${rest}`;
}

function moduleInfo(filePath: string, layout: ProjectLayout): { moduleFqn: string; package: string } {
  const pkgPath = goPackagePath(filePath, layout);
  const base = filePath.slice(filePath.lastIndexOf('/') + 1);
  return { moduleFqn: pkgPath === '' ? base : `${pkgPath}/${base}`, package: dirOf(filePath) };
}

/** The receiver's type name: `(s *Server)` and `(s Server[T])` -> 'Server'. Go identifiers are any Unicode letters. */
function receiverType(receiver: Node): string {
  const match = /[\s(*]*(?:[\p{L}_][\p{L}\p{Nd}_]*\s+)?\**\s*([\p{L}_][\p{L}\p{Nd}_]*)/u.exec(receiver.text.slice(1));
  return match?.[1] ?? '';
}

/** Builtin functions: their results are never values of a type a repository declares, but for `new(T)`. */
const BUILTINS = new Set('append cap clear close complex copy delete imag len make max min new panic print println real recover'.split(' '));

const FUNCTIONS = new Set(['function_declaration', 'method_declaration', 'func_literal']);

/**
 * Whether a value of a type no name denotes can be called or have members: a function, a literal struct or
 * interface type (or a pointer to one). Values of predeclared types, slices, maps and channels cannot, so a
 * variable of one never stands where a name could mean something else (`path string` cannot be `path.Join`).
 */
function callableOrWithMembers(type: Node | null): boolean {
  let t = type;
  while (t !== null && (t.type === 'pointer_type' || t.type === 'parenthesized_type')) t = t.namedChild(0);
  return t !== null && (t.type === 'function_type' || t.type === 'struct_type' || t.type === 'interface_type');
}

/** Whether a function literal defines a function of its own: `f := func() {...}`, `var f = func() {...}` (see tags.scm). */
function definesFunction(literal: Node): boolean {
  const list = literal.parent;
  const declaration = list?.parent;
  if (list?.type !== 'expression_list' || list.namedChildCount !== 1 || declaration == null) return false;
  if (declaration.type === 'var_spec') return true;
  return declaration.type === 'short_var_declaration' && declaration.childForFieldName('right')?.id === list.id && declaration.childForFieldName('left')?.namedChildCount === 1;
}

/** The names the parameters, results and receiver of the function enclosing a literal declare. */
function enclosingParameters(literal: Node): Set<string> {
  const names = new Set<string>();
  let fn = literal.parent;
  while (fn !== null && !(fn.type === 'function_declaration' || fn.type === 'method_declaration' || (fn.type === 'func_literal' && definesFunction(fn)))) fn = fn.parent;
  if (fn === null) return names;
  for (const field of ['receiver', 'parameters', 'result']) {
    const list = fn.childForFieldName(field);
    if (list?.type !== 'parameter_list') continue;
    for (const param of list.namedChildren) for (const name of param?.childrenForFieldName('name') ?? []) if (name !== null) names.add(name.text);
  }
  return names;
}

/**
 * The binding of `name := value` or `var name = value`: an instance of a literal's type (`Thing{}`, `&pkg.Thing{}`)
 * or the value of a path of names and calls (`s.store`, `s.Open()`). None when the value is unknown, nor for a
 * path through the variable itself (`partition := partition(i)` calls the function partition).
 */
function bindValue(b: FileBuilder, name: Node, value: Node | null | undefined, paths: Map<number, string | null>, imported: ReadonlySet<string>): void {
  if (value == null) return;
  const literal = value.type === 'unary_expression' && value.childForFieldName('operator')?.text === '&' ? value.childForFieldName('operand') : value;
  if (literal?.type === 'composite_literal') {
    const typeName = goTypePath(literal.childForFieldName('type')?.text ?? '');
    if (typeName !== '') b.binding(name.startIndex, name.text, typeName);
    return;
  }
  // A variable is bound in its whole function, but hides an imported package of its name only from where it is
  // declared: the package is kept (`config.Load()` above `config, err := decode()`).
  if (imported.has(name.text)) return;
  const path = valuePath(value, paths);
  if (path !== null && /^[^.(]*/.exec(path)![0] !== name.text) b.binding(name.startIndex, name.text, path, true);
}

/**
 * An expression as a receiver path: names, fields, `()` for a call of a path, and conversions, type assertions and
 * composite literals as a call of their type (`T(x)`, `x.(*pkg.T)`, `&T{}` give `T()`, `pkg.T()`), so
 * `c.Manager().Should()` has receiver `c.Manager()`. Null for anything else (indexing, literals, receiving...).
 * `known` holds the paths already found in the same tree by node id: each call of a chain asks for the path of
 * the rest, which would otherwise be walked again.
 */
function valuePath(node: Node | null, known: Map<number, string | null>): string | null {
  // A loop down the chain of inner expressions, then back up it, not recursion: a chain thousands of calls deep
  // must not overflow the stack.
  const chain: { node: Node; suffix: string }[] = [];
  let path: string | null = null;
  for (let current = node; ; ) {
    if (current === null) break;
    const found = known.get(current.id);
    if (found !== undefined) {
      path = found;
      break;
    }
    let inner: Node | null = null;
    let suffix = '';
    let leaf: string | null = null;
    switch (current.type) {
      case 'identifier':
        leaf = current.text;
        break;
      case 'selector_expression':
        inner = current.childForFieldName('operand');
        suffix = `.${current.childForFieldName('field')?.text ?? ''}`;
        break;
      case 'call_expression': {
        const callee = current.childForFieldName('function');
        if (callee?.type === 'identifier' && BUILTINS.has(callee.text)) {
          // `new(T)` is a T (as `&T{}` is); the other builtins give no instance of a named type.
          const type = callee.text === 'new' ? goTypePath(current.childForFieldName('arguments')?.namedChild(0)?.text ?? '') : '';
          leaf = type === '' ? null : `${type}()`;
        } else if (callee !== null && (callee.type === 'identifier' || callee.type === 'selector_expression' || callee.type === 'parenthesized_expression')) {
          inner = callee;
          suffix = '()';
        }
        break;
      }
      case 'parenthesized_expression':
        inner = current.namedChild(0);
        break;
      case 'unary_expression': {
        const operator = current.childForFieldName('operator')?.text;
        if (operator === '&' || operator === '*') inner = current.childForFieldName('operand');
        break;
      }
      case 'type_assertion_expression':
      case 'composite_literal': {
        const type = goTypePath(current.childForFieldName('type')?.text ?? '');
        leaf = type === '' ? null : `${type}()`;
        break;
      }
      default:
        break;
    }
    if (inner === null) {
      path = leaf;
      known.set(current.id, path);
      break;
    }
    chain.push({ node: current, suffix });
    current = inner;
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    const { node: at, suffix } = chain[i]!;
    // A selector whose field is missing (a syntax error) has no path; parentheses add nothing to one.
    path = path === null || suffix === '.' ? null : path + suffix;
    known.set(at.id, path);
  }
  return path;
}

function extract({ filePath, source, root, layout }: ExtractInput): FileExtract {
  const { moduleFqn, package: pkg } = moduleInfo(filePath, layout);
  const packageClause = root.namedChildren.find((c) => c?.type === 'package_clause') ?? null;
  // Outside any Go module at the repository root there is no path: the package name stands in.
  const pkgPath = goPackagePath(filePath, layout) || (packageClause?.namedChildren[0]?.text ?? '');
  const b = new FileBuilder({
    filePath,
    language: 'go',
    source,
    moduleFqn,
    moduleName: filePath.slice(filePath.lastIndexOf('/') + 1),
    package: pkg,
    defPrefix: pkgPath === '' ? '' : pkgPath + '.',
    sep: '.',
    moduleDoc: packageClause !== null ? leadingDoc(packageClause, DOC_RULE) : '',
    moduleExported: true,
    keywords: KEYWORDS,
  });
  /** Value paths found so far, by node id (see valuePath). */
  const paths = new Map<number, string | null>();
  /** The names the file's imports bind (imports come first in a Go file). */
  const imported = new Set<string>();
  runTagsQuery(root, 'go', b, {
    definitions: DEF_KINDS,
    define({ node, captures }, kind, nameNode) {
      const name = nameNode!.text;
      const receiver = capture(captures, 'receiver');
      // A lone spec in `type X ...` spans the whole declaration, so its doc comment is found above `type`.
      const outer = node.type === 'type_spec' && node.parent?.type === 'type_declaration' && node.parent.namedChildCount === 1 ? node.parent : node;
      const body = capture(captures, 'body');
      let bodyStart = body?.startIndex ?? node.endIndex;
      if (body?.type === 'interface_type') bodyStart = body.startIndex + Math.max(0, body.text.indexOf('{'));
      b.define({
        kind,
        name,
        ...declaredAt(source, outer, bodyStart, DOC_RULE),
        exported: node.type === 'short_var_declaration' ? false : isExportedName(name),
        ...(receiver !== undefined ? { owner: receiverType(receiver) } : {}),
      });
    },
    pathRefs: REF_KINDS,
    pathSep: '.',
    claimPathStart: true,
    typeRefs: { skip: (_node, receiver, name) => receiver === '' && PREDECLARED.has(name) },
    roles: {
      import({ node, line }) {
        const path = node.childForFieldName('path')?.text.slice(1, -1) ?? '';
        const alias = node.childForFieldName('name')?.text;
        if (alias === undefined) imported.add(packageName(path));
        else if (alias !== '_' && alias !== '.') imported.add(alias);
        if (alias === '.') b.import(node.startIndex, { line, module: path, names: [], wildcard: true });
        else b.import(node.startIndex, alias !== undefined ? { line, module: path, names: [], alias } : { line, module: path, names: [] });
      },
      'binding.var'({ node }) {
        const names = node.type === 'var_spec' ? node.childrenForFieldName('name') : (node.childForFieldName('left')?.namedChildren ?? []);
        const typeNode = node.type === 'var_spec' ? node.childForFieldName('type') : null;
        const values = node.childForFieldName(node.type === 'var_spec' ? 'value' : 'right')?.namedChildren ?? [];
        names.forEach((name, i) => {
          if (name?.type !== 'identifier' || name.text === '_') return;
          // `f := func() {...}` defines the function f.
          if (names.length === 1 && values.length === 1 && values[0]?.type === 'func_literal') return;
          // A declared type wins over the value; one value for several names is a call's results, the first its value.
          const typeName = typeNode === null ? null : goTypePath(typeNode.text);
          if (typeName !== null) {
            if (typeName !== '') b.binding(name.startIndex, name.text, typeName);
          } else bindValue(b, name, values.length === names.length ? values[i] : i === 0 ? values[0] : undefined, paths, imported);
        });
      },
      'binding.parameter'({ node }) {
        const list = node.parent;
        const owner = list?.parent;
        // Parameters and results of a declared or literal function, not of a function type, nor a method's receiver.
        if (owner == null || !FUNCTIONS.has(owner.type) || owner.childForFieldName('receiver')?.id === list!.id) return;
        const typeNode = node.type === 'variadic_parameter_declaration' ? null : node.childForFieldName('type');
        const typeName = typeNode === null ? '' : goTypePath(typeNode.text);
        // A function's parameter of a type no name denotes still hides outer names where it can be called or have
        // members (`fn func()`: `fn()` is no call of a function fn of the package). The parameters of a literal that
        // defines no function are bound in the enclosing one, as its variables are: only those of a named type, and
        // not over the enclosing function's parameters and imported packages.
        const local = owner.type === 'func_literal' && !definesFunction(owner);
        if (typeName === '' && (local || !callableOrWithMembers(typeNode))) return;
        const outer = local ? enclosingParameters(owner) : null;
        for (const name of node.childrenForFieldName('name')) {
          if (name === null || name.text === '_' || (outer !== null && (outer.has(name.text) || imported.has(name.text)))) continue;
          b.binding(name.startIndex, name.text, typeName);
        }
      },
      'binding.field'({ node }) {
        // Scoped to the struct type: its fields, never members promoted from an embedded type. An embedded field is
        // named by its type's name (`*pkg.State` is the field State). A field of a type no name denotes is bound too
        // where it can be called or have members (`onChange func()`).
        const typeNode = node.childForFieldName('type');
        const typeName = goTypePath(typeNode?.text ?? '');
        const names = node.childrenForFieldName('name');
        if (names.length === 0 && typeName !== '') b.binding(typeNode!.startIndex, typeName.slice(typeName.lastIndexOf('.') + 1), typeName);
        if (typeName === '' && !callableOrWithMembers(typeNode)) return;
        for (const name of names) if (name !== null) b.binding(name.startIndex, name.text, typeName);
      },
    },
    receiverOf: (node) => (node.type === 'selector_expression' ? (valuePath(node.childForFieldName('operand'), paths) ?? undefined) : undefined),
  });
  const extract = b.build(countSyntaxErrors(root));
  const constraint = headerConstraint(source);
  return constraint === undefined ? extract : { ...extract, buildConstraint: constraint };
}

export const goSupport: LanguageSupport = {
  id: 'go',
  extensions: ['.go'],
  minifiable: false,
  grammarFor: () => 'tree-sitter-go.wasm',
  moduleInfo,
  bridgeGrammarGaps,
  extract,
};
