/** Schema migrations, applied in order; the index records how many ran in SQLite's user_version. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE files (
    path TEXT PRIMARY KEY, language TEXT NOT NULL, hash TEXT NOT NULL, size INTEGER NOT NULL,
    module_fqn TEXT NOT NULL, syntax_errors INTEGER NOT NULL, extract TEXT NOT NULL
  );
  CREATE TABLE entities (
    id TEXT PRIMARY KEY, fqn TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL, language TEXT NOT NULL,
    file_path TEXT NOT NULL, package TEXT NOT NULL, start_line INTEGER NOT NULL, end_line INTEGER NOT NULL,
    signature TEXT NOT NULL, docstring TEXT NOT NULL, exported INTEGER NOT NULL, tokens INTEGER NOT NULL,
    parent_id TEXT, terms TEXT NOT NULL
  );
  CREATE INDEX entities_file ON entities(file_path);
  CREATE INDEX entities_fqn ON entities(fqn);
  CREATE INDEX entities_name ON entities(name);
  CREATE TABLE edges (
    source TEXT NOT NULL, target TEXT NOT NULL, kind TEXT NOT NULL, confidence TEXT NOT NULL,
    count INTEGER NOT NULL, line INTEGER NOT NULL, src_file TEXT NOT NULL
  );
  CREATE INDEX edges_source ON edges(source);
  CREATE INDEX edges_target ON edges(target);
  CREATE INDEX edges_file ON edges(src_file);
  CREATE TABLE externals (
    source TEXT NOT NULL, kind TEXT NOT NULL, module TEXT NOT NULL, symbol TEXT NOT NULL,
    count INTEGER NOT NULL, line INTEGER NOT NULL, src_file TEXT NOT NULL
  );
  CREATE INDEX externals_source ON externals(source);
  CREATE INDEX externals_file ON externals(src_file);
  CREATE TABLE skips (path TEXT PRIMARY KEY, reason TEXT NOT NULL);
  CREATE TABLE synonyms (term TEXT NOT NULL, alias TEXT NOT NULL, PRIMARY KEY (term, alias));
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY, type TEXT NOT NULL, params TEXT NOT NULL, result TEXT NOT NULL,
    index_version INTEGER NOT NULL, created_at TEXT NOT NULL
  );
  `,
  // A digest of each file's resolved edges, so an update rewrites only the files whose edges changed.
  `ALTER TABLE files ADD COLUMN edges_digest TEXT NOT NULL DEFAULT '';`,
  // Sessions record the working-tree state they were built from, so results can say when they went stale.
  `ALTER TABLE sessions ADD COLUMN tree_hash TEXT NOT NULL DEFAULT '';`,
  // What each file's resolution read of other files (JSON FileDeps), so an update re-resolves only dependents.
  `ALTER TABLE files ADD COLUMN resolve_deps TEXT NOT NULL DEFAULT '';`,
  // Each file's stamp (size, times, inode) when it was read, so an update reads only files whose stamp changed.
  `ALTER TABLE files ADD COLUMN stamp TEXT NOT NULL DEFAULT '';`,
  // The extraction record, a file's largest value, in a table of its own: SQLite rewrites a whole row on update,
  // so recording a file's resolution or stamp then rewrites a small row, not the record with it. Its references
  // get a column of their own, so an update reads only the refs of the files it re-resolves; the record keeps the
  // inheritance ones (\`bases\`), which resolving any file may read.
  `
  CREATE TABLE extracts (path TEXT PRIMARY KEY, extract TEXT NOT NULL, refs TEXT NOT NULL);
  INSERT INTO extracts(path, extract, refs) SELECT
    path,
    json_set(json_remove(extract, '$.refs'), '$.bases', json((
      SELECT json_group_array(json(value)) FROM json_each(files.extract, '$.refs')
      WHERE json_extract(value, '$.kind') IN ('inherits', 'implements')))),
    coalesce(json_extract(extract, '$.refs'), '[]')
  FROM files;
  ALTER TABLE files DROP COLUMN extract;
  `,
  // Each file's entities as resolution reads them (rows.ts LeanEntity) join its stored declarations, which then
  // load in one JSON text per file.
  `
  UPDATE extracts SET extract = json_set(extract, '$.entities', json((
    SELECT json_group_array(
      json_array(id, fqn, name, kind, package, start_line, end_line, signature, exported, tokens, parent_id)
      ORDER BY start_line, kind <> 'module', end_line DESC, id)
    FROM entities WHERE file_path = extracts.path)));
  `,
  // Each file's entities by kind, edges by kind and confidence, and externals, counted as they are written: a
  // run's summary adds these up instead of grouping the large tables (rows.ts countsOf*).
  `
  ALTER TABLE files ADD COLUMN entity_counts TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE files ADD COLUMN edge_counts TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE files ADD COLUMN external_count INTEGER NOT NULL DEFAULT 0;
  UPDATE files SET
    entity_counts = (SELECT coalesce(json_group_object(kind, n), '{}') FROM (
      SELECT kind, count(*) AS n FROM entities WHERE file_path = files.path GROUP BY kind ORDER BY kind)),
    edge_counts = (SELECT coalesce(json_group_object(k, n), '{}') FROM (
      SELECT kind || ' ' || confidence AS k, count(*) AS n FROM edges WHERE src_file = files.path GROUP BY k ORDER BY k)),
    external_count = (SELECT count(*) FROM externals WHERE src_file = files.path);
  `,
  // Dependency records in a table of their own: in a file row they came before its stamp, so reading the stamps
  // read past every record (51 MB on spring-framework: 65 - 80 ms per listing of the files, which each run and
  // each MCP query's freshness check makes), and recording a stamp or a resolution rewrote the record with it.
  `
  CREATE TABLE resolve_deps (path TEXT PRIMARY KEY, record TEXT NOT NULL);
  INSERT INTO resolve_deps(path, record) SELECT path, resolve_deps FROM files WHERE resolve_deps <> '';
  ALTER TABLE files DROP COLUMN resolve_deps;
  `,
];
