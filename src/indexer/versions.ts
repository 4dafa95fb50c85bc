/**
 * Versions of the logic whose output the index keeps across runs. An index stores each file's extraction
 * (entities, imports, references, bindings, exports) and resolution (edges, externals, dependency records)
 * and reuses them while the file and what it read are unchanged; a newer codectx that would produce
 * something else from the same input must not keep the old records. The index records these numbers; a
 * run whose numbers differ from the stored ones re-extracts (EXTRACT_VERSION) or re-resolves
 * (RESOLVE_VERSION) every file, in the run's one transaction.
 *
 * RULE: bump EXTRACT_VERSION in the same commit as any change that can make extraction produce different
 * output for the same file (queries, language extractors, FQNs, terms, signatures, spans, token counts,
 * module naming, the extraction record's format). Bump RESOLVE_VERSION with any change that can make
 * resolution produce different edges, externals or dependency records from the same extraction records
 * (resolvers, the engine, the dependency format). A change to both bumps both; when in doubt, bump: the
 * cost is one full re-index.
 */
export const EXTRACT_VERSION = 19;
export const RESOLVE_VERSION = 16;
