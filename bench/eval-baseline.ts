/**
 * The classic reference: plain BM25 (k1 1.2, b 0.75) over whole files, words split on anything that is
 * not a letter, digit or underscore, lowercased, stop words dropped, S-stemmed; the same for the query.
 * File tokens are cached by git blob id, so walking a repository through many commits stays cheap.
 */
import { execFileSync } from 'node:child_process';
import { ENGLISH_STOP_WORDS, sStem } from '../src/retrieval/analyzer.js';
import { buildBm25Index } from '../src/retrieval/bm25f.js';

const WORD = /[A-Za-z0-9_]+/g;

export function plainTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const w = m[0].toLowerCase();
    if (w.length < 2 || ENGLISH_STOP_WORDS.has(w)) continue;
    out.push(sStem(w));
  }
  return out;
}

export class FileBm25Baseline {
  private readonly tokensByBlob = new Map<string, string[]>();

  /** Files of the tree at `commit` among `paths`, ranked for `query`. */
  rank(gitDir: string, commit: string, paths: ReadonlySet<string>, query: string, limit: number): string[] {
    const listing = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', commit], { maxBuffer: 1 << 28, encoding: 'utf8' });
    const files: string[] = [];
    const docs: string[][] = [];
    const missing: { path: string; blob: string }[] = [];
    const blobs: string[] = [];
    for (const line of listing.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab < 0) continue;
      const path = line.slice(tab + 1);
      if (!paths.has(path)) continue;
      const blob = line.slice(0, tab).split(' ')[2]!;
      files.push(path);
      blobs.push(blob);
      if (!this.tokensByBlob.has(blob)) missing.push({ path, blob });
    }
    if (missing.length > 0) {
      const out = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
        input: missing.map((m) => m.blob).join('\n') + '\n',
        maxBuffer: 1 << 30,
      });
      let pos = 0;
      for (const m of missing) {
        const headerEnd = out.indexOf(10, pos);
        const size = Number(out.subarray(pos, headerEnd).toString().split(' ')[2]);
        const text = out.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8');
        this.tokensByBlob.set(m.blob, plainTokens(text));
        pos = headerEnd + 1 + size + 1;
      }
    }
    for (const blob of blobs) docs.push(this.tokensByBlob.get(blob)!);
    const index = buildBm25Index(docs);
    return index.search(plainTokens(query), { limit }).map((h) => files[h.doc]!);
  }
}
