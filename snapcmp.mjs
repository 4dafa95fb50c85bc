import { mkdtempSync, rmSync } from 'node:fs';
const [distA, distB, repo] = process.argv.slice(2);
const snap = async (dist) => { const { indexRepository } = await import(dist + '/src/graph/indexing.js'); const { snapshotIndex } = await import(dist + '/test/helpers/graph-snapshot.js'); const d = mkdtempSync('/tmp/sc-'); await indexRepository({ repo, indexDir: d }); const s = snapshotIndex(d); rmSync(d, { recursive: true, force: true }); return s; };
const a = await snap(distA), b = await snap(distB);
for (const k of Object.keys(a)) { if (k === 'deps' || k === 'files') continue; const x = JSON.stringify(a[k]), y = JSON.stringify(b[k]); console.log(k, x === y ? 'same' : 'DIFFERENT', Array.isArray(a[k]) ? a[k].length : ''); }
process.exit(0);
