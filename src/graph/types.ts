/** The graph's vocabulary: every stage after indexing reads these types and nothing else. */

export type LanguageId = 'python' | 'typescript' | 'javascript' | 'go' | 'java' | 'rust';

export type EntityKind =
  | 'module'
  | 'class'
  | 'interface'
  | 'enum'
  | 'type_alias'
  | 'function'
  | 'method';

export type EdgeKind = 'contains' | 'imports' | 'calls' | 'inherits' | 'implements' | 'references';

/** exact: resolved through scope, imports or self/this; inferred: the only definition with that name. */
export type Confidence = 'exact' | 'inferred';

export interface Entity {
  /** Stable id: 16 hex chars derived from (file_path, fqn, kind); identical across runs and machines. */
  id: string;
  /** Fully-qualified name, unique in the repository (a `#2`, `#3` suffix separates same-named definitions). */
  fqn: string;
  name: string;
  kind: EntityKind;
  language: LanguageId;
  /** Repo-relative POSIX path. */
  filePath: string;
  /** Python dotted package, Java package, otherwise the directory path of the file. */
  package: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /** The declaration line(s) without the body, e.g. `def filter(self, *args, **kwargs)`. */
  signature: string;
  /** Docstring or leading doc comment, without comment markers; '' when none. */
  docstring: string;
  /** Exported (JS/TS), public (Java/Rust pub), capitalised (Go), not underscore-prefixed (Python). */
  exported: boolean;
  /** Exact o200k token count of the entity's source span. */
  tokens: number;
  /** Id of the enclosing entity (module for top-level definitions); null for modules. */
  parentId: string | null;
  /** Identifiers and comment words from the body (space separated, deduplicated), for lexical search. */
  terms: string;
}

export interface Edge {
  source: string;
  target: string;
  kind: EdgeKind;
  confidence: Confidence;
  /** Number of occurrences merged into this edge. */
  count: number;
  /** First line (in the source entity's file) where the relationship occurs; the definition line for contains. */
  line: number;
}

/** A reference the resolver could not bind inside the repository (stdlib, third-party, dynamic). */
export interface ExternalRef {
  source: string;
  kind: EdgeKind;
  /** Module the name came from when known ('os.path', 'react'), else ''. */
  module: string;
  symbol: string;
  count: number;
  line: number;
}

/** The whole graph in memory, as the retrieval and architecture stages consume it. */
export interface DepGraph {
  entities: Entity[];
  edges: Edge[];
  externals: ExternalRef[];
}
