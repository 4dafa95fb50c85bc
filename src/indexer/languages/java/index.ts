import type { Node, QueryCapture } from 'web-tree-sitter';
import type { Entity, EntityKind } from '../../../graph/types.js';
import { FileBuilder, spanOf } from '../../extract/builder.js';
import { leadingDoc, type LeadingCommentRule } from '../../extract/comments.js';
import { simpleReceiver, splitPath } from '../../extract/paths.js';
import { languageQuery } from '../../extract/queries.js';
import { countSyntaxErrors } from '../../extract/syntax.js';
import { cutSignature } from '../../extract/text.js';
import { addValueRefs } from '../../extract/values.js';
import type { FileExtract } from '../../types.js';
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
};

const ROLE = /^(definition\.|reference\.)|^(claim|import|binding\.type)$/;
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

function capture(caps: QueryCapture[], name: string): Node | undefined {
  return caps.find((c) => c.name === name)?.node;
}

function hasModifier(node: Node, word: string): boolean {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  return modifiers?.children.some((c) => c?.type === word) ?? false;
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
  const query = languageQuery(root.tree.language, 'java', 'tags.scm');
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
      const body = capture(caps, 'body');
      const isPublic = hasModifier(node, 'public');
      const isPrivate = hasModifier(node, 'private');
      b.define({
        kind,
        name: nameNode.text,
        span: spanOf(node),
        signature: cutSignature(source, node.startIndex, body?.startIndex ?? node.endIndex),
        docstring: leadingDoc(node, DOC_RULE),
        // Interface members are public unless declared private.
        exported: isPublic ? true : isPrivate ? false : (parent: Entity) => parent.kind === 'interface',
      });
      continue;
    }
    switch (main.name) {
      case 'reference.call': {
        const name = capture(caps, 'name')!;
        const receiver = capture(caps, 'receiver');
        claimed.add(name.startIndex);
        b.ref(node.startIndex, line, 'call', receiver ? simpleReceiver(receiver.text) : '', name.text);
        break;
      }
      case 'reference.new':
      case 'reference.inherits':
      case 'reference.implements': {
        const { receiver, name, nameOffset } = splitPath(node.text, '.');
        claimed.add(node.startIndex + nameOffset);
        claimed.add(node.startIndex);
        b.ref(node.startIndex, line, main.name === 'reference.new' ? 'new' : main.name === 'reference.inherits' ? 'inherits' : 'implements', receiver, name);
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
        const text = node.text.replace(/\s+/g, ' ');
        const m = /^import\s+(static\s+)?([\w.$ ]+?)(\s*\.\s*\*)?\s*;?$/.exec(text);
        if (m === null) break;
        const module = m[2]!.replace(/\s+/g, '');
        b.import(node.startIndex, m[3] ? { line, module, names: [], wildcard: true } : { line, module, names: [] });
        break;
      }
      case 'binding.type': {
        const variable = capture(caps, 'binding.variable');
        if (variable === undefined) break;
        const typeName = node.type === 'generic_type' ? (node.firstNamedChild?.text ?? '') : node.text;
        b.binding(variable.startIndex, variable.text, typeName);
        break;
      }
    }
  }
  for (const node of typeRefs) {
    if (claimed.has(node.startIndex)) continue;
    const { receiver, name, nameOffset } = splitPath(node.text, '.');
    claimed.add(node.startIndex + nameOffset);
    if (receiver === '' && typeParams.has(name)) continue;
    b.ref(node.startIndex, node.startPosition.row + 1, 'type', receiver, name);
  }
  addValueRefs(root, source, b, claimed, new Set(['identifier']), SKIP_VALUE_PARENTS);
  return b.build(countSyntaxErrors(root));
}

export const javaSupport: LanguageSupport = {
  id: 'java',
  extensions: ['.java'],
  grammarFor: () => 'tree-sitter-java.wasm',
  moduleInfo,
  extract,
};
