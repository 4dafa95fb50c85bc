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
import { goTypePath, PREDECLARED_TYPES } from './signature.js';

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

/** Import path of the file's package: go.mod module path + directory below the module (the directory itself without go.mod). */
export function goPackagePath(filePath: string, layout: ProjectLayout): string {
  const dir = dirOf(filePath);
  let best: string | undefined;
  for (const moduleDir of layout.goModules.keys()) {
    if ((moduleDir === '' || dir === moduleDir || dir.startsWith(moduleDir + '/')) && (best === undefined || moduleDir.length > best.length)) best = moduleDir;
  }
  if (best === undefined) return dir;
  const modulePath = layout.goModules.get(best)!;
  const rest = best === '' ? dir : dir.slice(best.length + 1);
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
        if (alias === '.') b.import(node.startIndex, { line, module: path, names: [], wildcard: true });
        else b.import(node.startIndex, alias !== undefined ? { line, module: path, names: [], alias } : { line, module: path, names: [] });
      },
      'binding.variable'({ node, captures }) {
        const typeNode = capture(captures, 'binding.type');
        if (typeNode === undefined) return;
        const typeName = typeNode.type === 'generic_type' ? (typeNode.childForFieldName('type')?.text ?? '') : typeNode.text;
        if (/^[\p{L}_][\p{L}\p{Nd}_.]*$/u.test(typeName)) b.binding(node.startIndex, node.text, typeName);
      },
      'binding.field'({ node }) {
        // Scoped to the struct type: its fields, never members promoted from an embedded type. An embedded field is
        // named by its type's name (`*pkg.State` is the field State). A field of a type no name denotes is bound too.
        const typeNode = node.childForFieldName('type');
        const typeName = goTypePath(typeNode?.text ?? '');
        const names = node.childrenForFieldName('name');
        if (names.length === 0 && typeName !== '') b.binding(typeNode!.startIndex, typeName.slice(typeName.lastIndexOf('.') + 1), typeName);
        for (const name of names) if (name !== null) b.binding(name.startIndex, name.text, typeName);
      },
    },
  });
  return b.build(countSyntaxErrors(root));
}

export const goSupport: LanguageSupport = {
  id: 'go',
  extensions: ['.go'],
  minifiable: false,
  grammarFor: () => 'tree-sitter-go.wasm',
  moduleInfo,
  extract,
};
