/** Cross-file resolution: turns every file's extraction record into graph edges and external references. */
import type { EdgeKind, Edge, ExternalRef, LanguageId } from '../../graph/types.js';
import type { FileExtract, ProjectLayout, RefKind } from '../types.js';
import { goResolver } from '../languages/go/resolver.js';
import { javaResolver } from '../languages/java/resolver.js';
import { jsResolver } from '../languages/typescript/resolver.js';
import { jsonProjectFileFacts, pnpmWorkspaceFacts } from '../languages/typescript/project-config.js';
import { pythonResolver } from '../languages/python/resolver.js';
import { cargoProjectFileFacts, rustResolver } from '../languages/rust/resolver.js';
import { goModFacts } from '../layout.js';
import { EdgeCollector } from './collector.js';
import { changedNames, DepTracker, type FileDeps } from './dependencies.js';
import { Engine } from './engine.js';
import { languageGroup, type LanguageGroup, type LanguageResolver, type ProjectFileFacts, type RepoView } from './language.js';
import { RepoQueries } from './queries.js';
import { RepoIndex } from './repo-index.js';
import { RepoTables } from './repo-tables.js';
import { sameSym } from './symbols.js';

export type { FileDeps } from './dependencies.js';
export type { RepoTables } from './repo-tables.js';

export interface ResolveInput {
  /**
   * Every indexed file, keyed by repo-relative path. Resolving a file reads its own references from this map
   * when `resolveFile` is called; of other files it reads only the inheritance ones (`inherits`, `implements`),
   * so a caller may hold the other references back until the file is resolved.
   */
  extracts: ReadonlyMap<string, FileExtract>;
  layout: ProjectLayout;
  /** For tsconfig.json, package.json, go.mod ... (repo-relative); null when absent. */
  readFile: (relPath: string) => string | null;
  /**
   * The tables an earlier resolver built (Resolver.tables) over `before`, and every path whose extract differs
   * between `before` and `extracts`: the tables are updated in place, where building them reads every file.
   */
  earlier?: { tables: RepoTables; before: ReadonlyMap<string, FileExtract>; changed: Iterable<string> };
}

/** Edges and external references whose source entity is in one file. */
export interface FileResolution {
  edges: Edge[];
  externals: ExternalRef[];
}

export interface Resolver {
  /** Its lookup tables over every file's declarations, for the next resolver to update (ResolveInput.earlier). */
  readonly tables: RepoTables;
  /** The file's edges and externals, and what of the rest of the repository they were derived from. */
  resolveFile(filePath: string): FileResolution & { deps: FileDeps };
  /**
   * Files whose resolution can differ after `changed` files were added, modified or removed: the changed
   * files that still exist, files that read a changed file's interface, and files that asked a question
   * now answered differently. `previous` holds the old extracts of the changed files (undefined for added
   * files); `deps` the stored records of the other files (a file without one is affected). With
   * `projectFilesChanged`, what a resolver reads of a project file changed too: every question is asked again.
   */
  affectedFiles(
    changed: ReadonlySet<string>,
    previous: ReadonlyMap<string, FileExtract | undefined>,
    deps: ReadonlyMap<string, FileDeps>,
    projectFilesChanged?: boolean,
  ): Set<string>;
}

const EDGE_KIND: Record<RefKind, EdgeKind> = {
  call: 'calls',
  new: 'calls',
  inherits: 'inherits',
  implements: 'implements',
  type: 'references',
  value: 'references',
};

/**
 * A resolver over one snapshot of the repository: its indexes are built here, so after files change
 * create a new resolver on the new extracts (and ask it for `affectedFiles`) instead of mutating `input`.
 * tsconfig/package.json/go.mod are read at creation too; changing one of them warrants a full re-resolve.
 */
export function createResolver(input: ResolveInput): Resolver {
  const repo: RepoView = {
    extracts: input.extracts,
    layout: input.layout,
    files: new Set([...input.layout.files, ...input.extracts.keys()]),
    readFile: input.readFile,
  };
  const groups = new Set<LanguageGroup>();
  for (const extract of input.extracts.values()) groups.add(languageGroup(extract.language));
  const factories = { python: pythonResolver, js: jsResolver, go: goResolver, java: javaResolver, rust: rustResolver };
  const resolvers = new Map<LanguageGroup, LanguageResolver>();
  for (const group of groups) resolvers.set(group, factories[group](repo));
  const tracker = new DepTracker();
  const selfReceivers = (language: LanguageId): ReadonlySet<string> => resolvers.get(languageGroup(language))?.selfReceivers ?? new Set();
  let tables: RepoTables;
  if (input.earlier === undefined) tables = RepoTables.build(input.extracts, selfReceivers);
  else {
    tables = input.earlier.tables;
    tables.update(input.earlier.before, input.extracts, input.earlier.changed, selfReceivers);
  }
  const index = new RepoIndex(tables, input.extracts, tracker);
  const queries = new RepoQueries(index, resolvers, tracker);
  const engine = new Engine(index, resolvers, queries, tracker);

  const resolve = (filePath: string, extract: FileExtract): FileResolution => {
    engine.enterFile(extract);
    const out = new EdgeCollector();
    for (const entity of extract.entities) {
      if (entity.parentId !== null && index.entityById.has(entity.parentId)) {
        out.addEdge(entity.parentId, entity.id, 'contains', 'exact', entity.startLine);
      }
    }
    for (const imp of extract.imports) {
      const from = index.entityById.get(imp.fromId);
      const lang = from && engine.resolverFor(from);
      if (!from || !lang) continue;
      const target = engine.moduleTarget(from, imp.module);
      if (!target) continue;
      const members = [...new Set(lang.importBindings(imp).flatMap((b) => (b.member === undefined ? [] : [b.member])))];
      if (target.kind === 'external') {
        if (members.length === 0) out.addExternal(from.id, 'imports', target.module, '', imp.line);
        for (const name of members) out.addExternal(from.id, 'imports', target.module, name === 'default' ? '' : name, imp.line);
        continue;
      }
      for (const file of target.files) {
        const module = index.moduleOf(file);
        if (module && file !== filePath) out.addEdge(from.id, module.id, 'imports', 'exact', imp.line);
      }
      const moduleSym = engine.targetSym(target, languageGroup(from.language));
      for (const name of members) {
        const sym = engine.member(moduleSym, name);
        if (sym?.kind === 'entity') out.addEdge(from.id, sym.entity.id, 'imports', 'exact', imp.line);
        else if (sym?.kind === 'external') out.addExternal(from.id, 'imports', sym.module, sym.symbol, imp.line);
        else if (sym?.kind === 'module' && !sameSym(sym, moduleSym)) {
          for (const file of sym.files) {
            const module = index.moduleOf(file);
            if (module && file !== filePath) out.addEdge(from.id, module.id, 'imports', 'exact', imp.line);
          }
        }
      }
    }
    for (const ref of extract.refs) {
      const from = index.entityById.get(ref.fromId);
      if (!from) continue;
      const outcome = engine.resolveRef(ref, from);
      if (!outcome) continue;
      const kind = EDGE_KIND[ref.kind];
      if (outcome.kind === 'edge') out.addEdge(from.id, outcome.target.id, kind, outcome.confidence, ref.line);
      else out.addExternal(from.id, kind, outcome.module, outcome.symbol, ref.line);
    }
    return out.result();
  };

  return {
    tables,
    resolveFile(filePath) {
      const extract = input.extracts.get(filePath);
      if (!extract) return { edges: [], externals: [], deps: { reads: {}, queries: [] } };
      const { value, reads } = tracker.capture(() => resolve(filePath, extract));
      engine.forgetScopes(extract.entities);
      return { ...value, deps: tracker.record(reads, filePath) };
    },
    affectedFiles(changed, previous, deps, projectFilesChanged = false) {
      const affected = new Set<string>();
      const changedNamesOf = new Map<string, Set<string> | 'all'>();
      for (const file of changed) {
        const now = input.extracts.get(file);
        if (now) affected.add(file);
        const before = previous.get(file);
        // Without one resolver for both versions the names an import binds are unknown: every read of the file counts.
        const language = (now ?? before)?.language;
        const lang = language && (!before || !now || before.language === now.language) ? resolvers.get(languageGroup(language)) : undefined;
        changedNamesOf.set(file, lang ? changedNames(before, now, (imp) => lang.importBindings(imp)) : 'all');
      }
      // The same files, none with a difference another file could observe (a body or a comment edited): no read
      // and no question can come out differently, so asking every file's questions again would be wasted.
      const unobserved = (file: string): boolean => {
        const names = changedNamesOf.get(file);
        return names !== 'all' && names?.size === 0 && input.extracts.has(file) && previous.get(file) !== undefined;
      };
      if (!projectFilesChanged && [...changed].every(unobserved)) return affected;
      const readChanged = (record: FileDeps): boolean =>
        Object.entries(record.reads).some(([file, names]) => {
          const changedHere = changedNamesOf.get(file);
          return changedHere === 'all' || (changedHere !== undefined && names.some((name) => changedHere.has(name)));
        });
      const sameAnswer = projectFilesChanged ? () => false : unchangedQuestions(changedNamesOf, resolvers);
      const answers = new Map<string, string>();
      // Every record holds the answers of the snapshot the last run left (any other was re-resolved then), so a
      // question whose answer cannot have changed since is given the answer recorded.
      const answered = (question: string, recorded: string): string => {
        let answer = answers.get(question);
        if (answer === undefined) answers.set(question, (answer = sameAnswer(question) ? recorded : queries.answer(question)));
        return answer;
      };
      for (const file of input.extracts.keys()) {
        if (affected.has(file)) continue;
        const record = deps.get(file);
        if (!record || readChanged(record) || record.queries.some(([q, a]) => answered(q, a) !== a)) affected.add(file);
      }
      return affected;
    },
  };
}

/**
 * Whether an encoded question's answer cannot differ between the last snapshot and this one, given the names
 * under which each changed file differs (changedNames): which definitions or methods carry a name changes only
 * with some file's facts under that name; a module question of a language whose modules follow from paths
 * (modulesFromPaths) only with a module entity, and every file added or removed changes its module entity's.
 * Other questions are asked again.
 */
export function unchangedQuestions(
  changedNamesOf: ReadonlyMap<string, ReadonlySet<string> | 'all'>,
  resolvers: ReadonlyMap<LanguageGroup, Pick<LanguageResolver, 'modulesFromPaths'>>,
): (question: string) => boolean {
  const names = new Set<string>();
  for (const changedHere of changedNamesOf.values()) {
    if (changedHere === 'all') return () => false;
    for (const name of changedHere) names.add(name);
  }
  if (names.has('')) return () => false;
  return (question) => {
    // `["kind","group",...`: neither holds a character JSON escapes, so both are read without parsing the rest.
    const kindEnd = question.indexOf('"', 2);
    switch (question.slice(2, kindEnd)) {
      case 'defs':
      case 'methods':
        return !names.has((JSON.parse(question) as [string, LanguageGroup, string])[2]);
      case 'module':
      case 'submodule':
      case 'child':
      case 'package': {
        const group = question.slice(kindEnd + 3, question.indexOf('"', kindEnd + 3)) as LanguageGroup;
        return resolvers.get(group)?.modulesFromPaths === true;
      }
      default:
        return false;
    }
  };
}

const PROJECT_FILE_FACTS: readonly ProjectFileFacts[] = [jsonProjectFileFacts, pnpmWorkspaceFacts, cargoProjectFileFacts, goModFacts];

/**
 * The text whose digest stands for a project file a resolver read: what resolution reads of it where its language
 * says (ProjectFileFacts), else all of it.
 */
export function projectFileDigestText(relPath: string, text: string): string {
  const reader = PROJECT_FILE_FACTS.find((r) => r.accepts(relPath));
  return reader === undefined ? text : JSON.stringify(reader.facts(text));
}
