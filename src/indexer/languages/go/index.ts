import type { Node, QueryCapture } from 'web-tree-sitter';
import type { EntityKind } from '../../../graph/types.js';
import { FileBuilder, spanOf } from '../../extract/builder.js';
import { leadingDoc, type LeadingCommentRule } from '../../extract/comments.js';
import { splitPath } from '../../extract/paths.js';
import { languageQuery } from '../../extract/queries.js';
import { countSyntaxErrors } from '../../extract/syntax.js';
import { cutSignature } from '../../extract/text.js';
import type { FileExtract, ProjectLayout } from '../../types.js';
import type { ExtractInput, LanguageSupport } from '../types.js';

const KEYWORDS = new Set(
  ('break case chan const continue default defer else fallthrough for func go goto if import interface map package ' +
    'range return select struct switch type var nil true false err').split(' '),
);

/** Predeclared types: never defined in a repository, so not worth a reference. */
const PREDECLARED = new Set(
  ('any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string ' +
    'uint uint8 uint16 uint32 uint64 uintptr').split(' '),
);

const DOC_RULE: LeadingCommentRule = { commentTypes: new Set(['comment']), isDoc: () => true };

const DEF_KINDS: Record<string, EntityKind> = {
  'definition.function': 'function',
  'definition.method': 'method',
  'definition.class': 'class',
  'definition.interface': 'interface',
  'definition.type_alias': 'type_alias',
};

const ROLE = /^(definition\.|reference\.)|^(claim|import|binding\.variable)$/;

/** Go exports what starts with an upper-case letter. */
function isExportedName(name: string): boolean {
  const first = name.charAt(0);
  return first !== first.toLowerCase();
}

function dirOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
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

function capture(caps: QueryCapture[], name: string): Node | undefined {
  return caps.find((c) => c.name === name)?.node;
}

/** The receiver's type name: `(s *Server)` and `(s Server[T])` -> 'Server'. */
function receiverType(receiver: Node): string {
  const match = /[\s(*]*(?:[A-Za-z_]\w*\s+)?\**\s*([A-Za-z_]\w*)/.exec(receiver.text.slice(1));
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
  const query = languageQuery(root.tree.language, 'go', 'tags.scm');
  const claimed = new Set<number>();
  const typeRefs: Node[] = [];
  /** Names of generic type parameters: their uses are not references to anything in the repository. */
  const typeParams = new Set<string>();

  for (const match of query.matches(root)) {
    const caps = match.captures;
    const main = caps.find((c) => ROLE.test(c.name));
    if (main === undefined) continue;
    const node = main.node;
    const line = node.startPosition.row + 1;
    const kind = DEF_KINDS[main.name];
    if (kind !== undefined) {
      const nameNode = capture(caps, 'name')!;
      claimed.add(nameNode.startIndex);
      const name = nameNode.text;
      const receiver = capture(caps, 'receiver');
      // A lone spec in `type X ...` spans the whole declaration, so its doc comment is found above `type`.
      const outer = node.type === 'type_spec' && node.parent?.type === 'type_declaration' && node.parent.namedChildCount === 1 ? node.parent : node;
      const body = capture(caps, 'body');
      let bodyStart = body?.startIndex ?? node.endIndex;
      if (body?.type === 'interface_type') bodyStart = body.startIndex + Math.max(0, body.text.indexOf('{'));
      b.define({
        kind,
        name,
        span: spanOf(outer),
        signature: cutSignature(source, outer.startIndex, bodyStart),
        docstring: leadingDoc(outer, DOC_RULE),
        exported: node.type === 'short_var_declaration' ? false : isExportedName(name),
        ...(receiver !== undefined ? { owner: receiverType(receiver) } : {}),
      });
      continue;
    }
    switch (main.name) {
      case 'reference.call':
      case 'reference.new':
      case 'reference.inherits': {
        const { receiver, name, nameOffset } = splitPath(node.text, '.');
        claimed.add(node.startIndex + nameOffset);
        claimed.add(node.startIndex);
        b.ref(node.startIndex, line, main.name === 'reference.call' ? 'call' : main.name === 'reference.new' ? 'new' : 'inherits', receiver, name);
        break;
      }
      case 'reference.type':
        typeRefs.push(node);
        break;
      case 'claim':
        claimed.add(node.startIndex);
        typeParams.add(node.text);
        break;
      case 'import': {
        const path = node.childForFieldName('path')?.text.slice(1, -1) ?? '';
        const alias = node.childForFieldName('name')?.text;
        if (alias === '.') b.import(node.startIndex, { line, module: path, names: [], wildcard: true });
        else b.import(node.startIndex, alias !== undefined ? { line, module: path, names: [], alias } : { line, module: path, names: [] });
        break;
      }
      case 'binding.variable': {
        const typeNode = capture(caps, 'binding.type');
        if (typeNode === undefined) break;
        const typeName = typeNode.type === 'generic_type' ? (typeNode.childForFieldName('type')?.text ?? '') : typeNode.text;
        if (/^[A-Za-z_][\w.]*$/.test(typeName)) b.binding(node.startIndex, node.text, typeName);
        break;
      }
    }
  }
  for (const node of typeRefs) {
    if (claimed.has(node.startIndex)) continue;
    const { receiver, name, nameOffset } = splitPath(node.text, '.');
    claimed.add(node.startIndex + nameOffset);
    if (receiver === '' && typeParams.has(name)) continue;
    if (receiver === '' && PREDECLARED.has(name)) continue;
    b.ref(node.startIndex, node.startPosition.row + 1, 'type', receiver, name);
  }
  return b.build(countSyntaxErrors(root));
}

export const goSupport: LanguageSupport = {
  id: 'go',
  extensions: ['.go'],
  grammarFor: () => 'tree-sitter-go.wasm',
  moduleInfo,
  extract,
};
