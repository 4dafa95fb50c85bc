import type { Node } from 'web-tree-sitter';
import type { Entity, EntityKind } from '../../../graph/types.js';
import { FileBuilder, spanOf } from '../../extract/builder.js';
import type { LeadingCommentRule } from '../../extract/comments.js';
import { declaredAt } from '../../extract/declaration.js';
import { dirOf, fileSet } from '../../extract/files.js';
import { simpleReceiver } from '../../extract/paths.js';
import { countSyntaxErrors } from '../../extract/syntax.js';
import { capture, runTagsQuery, type RoleHandler } from '../../extract/tags.js';
import { cleanComment } from '../../extract/text.js';
import type { FileExtract, ProjectLayout, RawImport, RefKind } from '../../types.js';
import type { ExtractInput, LanguageSupport } from '../types.js';

const KEYWORDS = new Set(
  ('as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move ' +
    'mut pub ref return self Self static struct super trait true type unsafe use where while Some None Ok Err').split(' '),
);

const DOC_RULE: LeadingCommentRule = {
  commentTypes: new Set(['line_comment', 'block_comment']),
  isDoc: (t) => (t.startsWith('///') && !t.startsWith('////')) || (t.startsWith('/**') && !t.startsWith('/**/')),
  skipTypes: new Set(['attribute_item']),
};

const DEF_KINDS: Record<string, EntityKind> = {
  'definition.class': 'class',
  'definition.enum': 'enum',
  'definition.interface': 'interface',
  'definition.type_alias': 'type_alias',
  'definition.function': 'function',
};

const REF_KINDS: Record<string, RefKind> = {
  'reference.call': 'call',
  'reference.new': 'new',
  'reference.implements': 'implements',
  'reference.inherits': 'inherits',
};

/**
 * `<crate>::<mod path>`: the crate is the directory of the nearest Cargo.toml (`crate` at the
 * repository root); the mod path follows the file below `src/` (`lib.rs`/`main.rs`/`mod.rs` name their directory).
 */
function moduleInfo(filePath: string, layout: ProjectLayout): { moduleFqn: string; package: string } {
  const files = fileSet(layout.files);
  let crateDir = dirOf(filePath);
  while (crateDir !== '' && !files.has(crateDir + '/Cargo.toml')) crateDir = dirOf(crateDir);
  const rel = (crateDir === '' ? filePath : filePath.slice(crateDir.length + 1)).replace(/\.rs$/, '');
  const parts = rel.split('/');
  if (parts[0] === 'src') parts.shift();
  const last = parts[parts.length - 1];
  const atRoot = parts.length === 1;
  const sibling = (name: string) => `${dirOf(filePath) === '' ? '' : dirOf(filePath) + '/'}${name}`;
  if (last === 'mod' || (atRoot && last === 'lib') || (atRoot && last === 'main' && !files.has(sibling('lib.rs')))) parts.pop();
  const crate = crateDir === '' ? 'crate' : crateDir;
  return { moduleFqn: [crate, ...parts].join('::'), package: dirOf(filePath) };
}

function isPub(node: Node): boolean {
  return node.namedChildren.some((c) => c?.type === 'visibility_modifier');
}

/** Type name of an impl target: `Foo`, `Foo<T>` and `a::Foo` -> 'Foo'. */
function typeName(node: Node): string {
  const text = node.type === 'generic_type' ? (node.childForFieldName('type')?.text ?? '') : node.text;
  return lastSegment(text.replace(/^&('\p{ID_Continue}+\s+)?(mut\s+)?/u, ''));
}

function lastSegment(path: string): string {
  const at = path.lastIndexOf('::');
  return at < 0 ? path : path.slice(at + 2);
}

/** `//!` comments at the top of the file. */
function innerDoc(root: Node): string {
  const lines: string[] = [];
  for (const child of root.children) {
    if (child?.type !== 'line_comment' || !child.text.startsWith('//!')) break;
    lines.push(child.text.trimEnd());
  }
  return lines.length === 0 ? '' : cleanComment(lines.join('\n'));
}

function extract({ filePath, source, root, layout }: ExtractInput): FileExtract {
  const { moduleFqn, package: pkg } = moduleInfo(filePath, layout);
  const b = new FileBuilder({
    filePath,
    language: 'rust',
    source,
    moduleFqn,
    moduleName: lastSegment(moduleFqn),
    package: pkg,
    defPrefix: moduleFqn + '::',
    sep: '::',
    moduleDoc: innerDoc(root),
    moduleExported: true,
    keywords: KEYWORDS,
  });
  const scope: RoleHandler = ({ role, node, captures }) => {
    const name = capture(captures, 'name')!;
    const methods = role === 'scope.impl';
    b.scope({ name: methods ? typeName(name) : name.text, span: spanOf(node), methods });
  };
  runTagsQuery(root, 'rust', b, {
    definitions: DEF_KINDS,
    define({ node, captures }, kind, nameNode) {
      const body = capture(captures, 'body');
      const pub = isPub(node);
      const container = node.parent?.parent;
      const inTraitImpl = container?.type === 'impl_item' && container.childForFieldName('trait') !== null;
      b.define({
        kind,
        name: nameNode!.text,
        ...declaredAt(source, node, body?.startIndex ?? node.endIndex, DOC_RULE),
        // Trait items and trait-impl items are as visible as the trait / type; closures never are.
        exported:
          node.type === 'let_declaration' ? false : pub || inTraitImpl ? true : (parent: Entity) => parent.kind === 'interface' && parent.exported,
      });
    },
    pathRefs: REF_KINDS,
    pathSep: (node) => (node.type === 'field_expression' ? '.' : '::'),
    claimPathStart: true,
    typeRefs: { skip: (_node, _receiver, name) => name === 'Self' },
    roles: {
      'scope.impl': scope,
      'scope.mod': scope,
      import({ node, line }) {
        const argument = node.childForFieldName('argument');
        if (argument === null) return;
        const grouped = new Map<string, Omit<RawImport, 'fromId'>>();
        collectUse(argument, '', grouped, line, isPub(node));
        for (const imp of grouped.values()) b.import(node.startIndex, imp);
      },
      'binding.variable'({ node, captures }) {
        const typeNode = capture(captures, 'binding.type');
        if (typeNode === undefined) return;
        const name = simpleReceiver(typeNode.text);
        // A type, not a primitive (`i32`, `str`): its name starts with a letter that is not lower case (`Ñandú`, `名前`).
        if (name !== '?' && /^(?!\p{Ll})\p{L}/u.test(lastSegment(name))) b.binding(node.startIndex, node.text, name);
      },
    },
  });
  return b.build(countSyntaxErrors(root));
}

function joinPath(prefix: string, path: string): string {
  return prefix === '' ? path : path === '' ? prefix : `${prefix}::${path}`;
}

/** Flattens a use tree into one import per module path: `use a::{b::C, d::{self, E}}`. */
function collectUse(node: Node, prefix: string, out: Map<string, Omit<RawImport, 'fromId'>>, line: number, reexport: boolean): void {
  const add = (module: string, name?: { name: string; alias?: string }, wildcard = false) => {
    const key = `${module}\0${wildcard ? '*' : ''}`;
    let imp = out.get(key);
    if (imp === undefined) {
      imp = { line, module, names: [], ...(wildcard ? { wildcard: true } : {}), ...(reexport ? { reexport: true } : {}) };
      out.set(key, imp);
    }
    if (name !== undefined) imp.names.push(name);
  };
  const leaf = (full: string, alias?: string) => {
    const at = full.lastIndexOf('::');
    const module = at < 0 ? '' : full.slice(0, at);
    const name = at < 0 ? full : full.slice(at + 2);
    add(module, alias !== undefined ? { name, alias } : { name });
  };
  switch (node.type) {
    case 'identifier':
    case 'scoped_identifier':
    case 'crate':
    case 'super':
    case 'self':
      if (node.type === 'self' && prefix !== '') leaf(prefix);
      else leaf(joinPath(prefix, node.text.replace(/\s+/g, '')));
      break;
    case 'use_as_clause': {
      const path = node.childForFieldName('path');
      const alias = node.childForFieldName('alias')?.text;
      if (path !== null) leaf(joinPath(prefix, path.text.replace(/\s+/g, '')), alias);
      break;
    }
    case 'use_wildcard': {
      const path = node.namedChildren[0];
      add(joinPath(prefix, path ? path.text.replace(/\s+/g, '') : ''), undefined, true);
      break;
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const list = node.childForFieldName('list');
      if (list !== null) collectUse(list, joinPath(prefix, path ? path.text.replace(/\s+/g, '') : ''), out, line, reexport);
      break;
    }
    case 'use_list':
      for (const child of node.namedChildren) if (child !== null) collectUse(child, prefix, out, line, reexport);
      break;
  }
}

export const rustSupport: LanguageSupport = {
  id: 'rust',
  extensions: ['.rs'],
  minifiable: false,
  grammarFor: () => 'tree-sitter-rust.wasm',
  moduleInfo,
  extract,
};
