import type { Node } from 'web-tree-sitter';
import type { Entity, EntityKind } from '../../../graph/types.js';
import { FileBuilder } from '../../extract/builder.js';
import type { LeadingCommentRule } from '../../extract/comments.js';
import { declaredAt } from '../../extract/declaration.js';
import { simpleReceiver } from '../../extract/paths.js';
import { countSyntaxErrors } from '../../extract/syntax.js';
import { capture, runTagsQuery } from '../../extract/tags.js';
import { addValueRefs } from '../../extract/values.js';
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
        b.ref(node.startIndex, line, 'call', receiver ? simpleReceiver(receiver.text) : '', name.text);
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
        const typeName = node.type === 'generic_type' ? (node.firstNamedChild?.text ?? '') : node.text;
        b.binding(variable.startIndex, variable.text, typeName);
      },
    },
  });
  addValueRefs(root, source, b, claimed, new Set(['identifier']), SKIP_VALUE_PARENTS);
  return b.build(countSyntaxErrors(root));
}

export const javaSupport: LanguageSupport = {
  id: 'java',
  extensions: ['.java'],
  minifiable: false,
  grammarFor: () => 'tree-sitter-java.wasm',
  moduleInfo,
  extract,
};
