/** The files of a repository as the indexer reads them, for benchmarks: walked, classified, decoded, in path order. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classifyContent, DEFAULT_MAX_BYTES } from '../src/indexer/content.js';
import { languageForPath } from '../src/indexer/languages/index.js';
import { detectLayout, isLayoutFile } from '../src/indexer/layout.js';
import type { ProjectLayout } from '../src/indexer/types.js';
import { walkRepository } from '../src/indexer/walk.js';

export interface RepoSources {
  layout: ProjectLayout;
  /** Every file the indexer would extract (skipped ones left out), in path order. */
  sources: { path: string; text: string }[];
}

export function repoSources(repo: string): RepoSources {
  const walk = walkRepository({ root: repo, accept: (p) => languageForPath(p) !== undefined || isLayoutFile(p) });
  const layout = detectLayout(
    walk.files.map((f) => f.path),
    (rel) => {
      try {
        return readFileSync(join(repo, rel), 'utf8');
      } catch {
        return null;
      }
    },
  );
  const sources: RepoSources['sources'] = [];
  for (const f of walk.files) {
    const language = languageForPath(f.path);
    if (language === undefined) continue;
    const verdict = classifyContent(readFileSync(f.absPath), { maxBytes: DEFAULT_MAX_BYTES, minifiable: language.minifiable });
    if (verdict.ok) sources.push({ path: f.path, text: verdict.text });
  }
  return { layout, sources };
}
