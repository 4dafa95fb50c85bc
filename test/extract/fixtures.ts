/** Loads a fixture repository from test/fixtures/<lang> and extracts every supported file. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findPackageRoot } from '../../src/indexer/extract/queries.js';
import { languageForPath } from '../../src/indexer/languages/index.js';
import { detectLayout } from '../../src/indexer/layout.js';
import { extractFile } from '../../src/indexer/parse.js';
import type { FileExtract, ProjectLayout } from '../../src/indexer/types.js';

export const fixturesDir = join(findPackageRoot(), 'test', 'fixtures');
export const goldenDir = join(findPackageRoot(), 'test', 'golden');

function walk(dir: string, root: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, root, out);
    else out.push(relative(root, full).split('\\').join('/'));
  }
  return out;
}

export interface FixtureRepo {
  root: string;
  layout: ProjectLayout;
  sources: Map<string, string>;
  extracts: Map<string, FileExtract>;
}

export async function loadFixture(lang: string): Promise<FixtureRepo> {
  const root = join(fixturesDir, lang);
  const files = walk(root, root, []).sort();
  const read = (rel: string): string | null => {
    try {
      return readFileSync(join(root, rel), 'utf8');
    } catch {
      return null;
    }
  };
  const layout = detectLayout(files, read);
  const sources = new Map<string, string>();
  const extracts = new Map<string, FileExtract>();
  for (const file of files) {
    if (languageForPath(file) === undefined) continue;
    const source = read(file)!;
    sources.set(file, source);
    extracts.set(file, await extractFile(file, source, layout));
  }
  return { root, layout, sources, extracts };
}

/** The entity fields a golden file pins down, with the parent given by FQN. */
export interface GoldenEntity {
  fqn: string;
  name: string;
  kind: string;
  startLine: number;
  endLine: number;
  exported: boolean;
  signature: string;
  docstring: string;
  parent: string | null;
}

export function goldenView(extract: FileExtract): GoldenEntity[] {
  const byId = new Map(extract.entities.map((e) => [e.id, e]));
  return extract.entities.map((e) => ({
    fqn: e.fqn,
    name: e.name,
    kind: e.kind,
    startLine: e.startLine,
    endLine: e.endLine,
    exported: e.exported,
    signature: e.signature,
    docstring: e.docstring,
    parent: e.parentId === null ? null : (byId.get(e.parentId)?.fqn ?? `<missing ${e.parentId}>`),
  }));
}
