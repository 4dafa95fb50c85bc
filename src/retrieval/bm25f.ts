/**
 * BM25F over documents with named fields (algorithms.md §1): per-field length normalisation, fields
 * merged with their weights before one saturation, idf = ln(1 + (N - n + 0.5)/(n + 0.5)).
 * Plain BM25 is the one-field case (weight 1), since tf/(k1·B + tf) = (tf/B)/(k1 + tf/B).
 */

export interface FieldSpec {
  name: string;
  /** w_f: how much one occurrence in this field counts relative to the others. */
  weight: number;
  /** b_f in [0, 1]: length normalisation strength; keep it low for short fields (names, paths). */
  b: number;
}

export interface QueryTerm {
  term: string;
  weight: number;
}

export interface ScoredDoc {
  doc: number;
  score: number;
}

export interface SearchOptions {
  /** Return only the best `limit` documents (all matching documents when omitted). */
  limit?: number;
}

export const DEFAULT_K1 = 1.2;
export const DEFAULT_B = 0.75;

/** idf(n) for a term found in n of N documents; stays positive even when n > N/2. */
export function bm25Idf(totalDocs: number, docsWithTerm: number): number {
  return Math.log(1 + (totalDocs - docsWithTerm + 0.5) / (docsWithTerm + 0.5));
}

/** Query tokens as weighted terms; a repeated token adds its weight again. */
export function toQueryTerms(tokens: readonly string[], weight = 1): QueryTerm[] {
  const sums = new Map<string, number>();
  for (const t of tokens) sums.set(t, (sums.get(t) ?? 0) + weight);
  return [...sums].map(([term, w]) => ({ term, weight: w }));
}

/**
 * An immutable inverted index: one postings list per term (document ids ascending, with the term
 * frequency in every field) and, per document and field, the precomputed 1/B_f.
 */
export class Bm25fIndex {
  readonly fields: readonly FieldSpec[];
  readonly docCount: number;
  readonly k1: number;
  /** Average length of each field over all documents. */
  readonly avgFieldLength: Float64Array;
  private readonly termIds: Map<string, number>;
  private readonly postingDocs: Int32Array[];
  /** postingTfs[t][i * F + f]: frequency of term t in field f of document postingDocs[t][i]. */
  private readonly postingTfs: Float32Array[];
  /** w_f / B_f(d) at [d * F + f]. */
  private readonly fieldFactor: Float64Array;
  private readonly accumulator: Float64Array;
  private readonly touched: Int32Array;
  private readonly isTouched: Uint8Array;

  /** docs[d][f] holds the analyzed tokens of field f (in `fields` order) of document d. */
  constructor(fields: readonly FieldSpec[], docs: readonly (readonly (readonly string[])[])[], k1 = DEFAULT_K1) {
    const F = fields.length;
    if (F === 0) throw new RangeError('BM25F needs at least one field');
    for (const f of fields) {
      if (!(f.b >= 0 && f.b <= 1) || !(f.weight >= 0)) throw new RangeError(`bad parameters for field ${f.name}`);
    }
    this.fields = fields;
    this.k1 = k1;
    const N = docs.length;
    this.docCount = N;
    const lengths = new Float64Array(N * F);
    const termIds = new Map<string, number>();
    const docsOf: number[][] = [];
    const tfsOf: number[][] = [];
    const local = new Map<number, Float64Array>();
    for (let d = 0; d < N; d++) {
      const doc = docs[d]!;
      if (doc.length !== F) throw new RangeError(`document ${d} has ${doc.length} fields, expected ${F}`);
      local.clear();
      for (let f = 0; f < F; f++) {
        const tokens = doc[f]!;
        lengths[d * F + f] = tokens.length;
        for (const token of tokens) {
          let id = termIds.get(token);
          if (id === undefined) {
            id = termIds.size;
            termIds.set(token, id);
            docsOf.push([]);
            tfsOf.push([]);
          }
          let counts = local.get(id);
          if (counts === undefined) {
            counts = new Float64Array(F);
            local.set(id, counts);
          }
          counts[f]!++;
        }
      }
      for (const [id, counts] of local) {
        docsOf[id]!.push(d);
        const tfs = tfsOf[id]!;
        for (let f = 0; f < F; f++) tfs.push(counts[f]!);
      }
    }
    this.termIds = termIds;
    this.postingDocs = docsOf.map((list) => Int32Array.from(list));
    this.postingTfs = tfsOf.map((list) => Float32Array.from(list));

    this.avgFieldLength = new Float64Array(F);
    for (let d = 0; d < N; d++) for (let f = 0; f < F; f++) this.avgFieldLength[f]! += lengths[d * F + f]!;
    for (let f = 0; f < F; f++) this.avgFieldLength[f] = N === 0 ? 0 : this.avgFieldLength[f]! / N;
    this.fieldFactor = new Float64Array(N * F);
    for (let d = 0; d < N; d++) {
      for (let f = 0; f < F; f++) {
        const { b, weight } = fields[f]!;
        const avg = this.avgFieldLength[f]!;
        const norm = (1 - b) + (avg > 0 ? (b * lengths[d * F + f]!) / avg : 0);
        // norm is 0 only when b = 1 and the field is empty, where tf is 0 anyway.
        this.fieldFactor[d * F + f] = norm > 0 ? weight / norm : 0;
      }
    }
    this.accumulator = new Float64Array(N);
    this.touched = new Int32Array(N);
    this.isTouched = new Uint8Array(N);
  }

  /** Number of documents containing the term in any field. */
  docFrequency(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined ? 0 : this.postingDocs[id]!.length;
  }

  idf(term: string): number {
    return bm25Idf(this.docCount, this.docFrequency(term));
  }

  /** Scores every document containing at least one query term, best first (ties by document id). */
  search(query: readonly QueryTerm[] | readonly string[], options: SearchOptions = {}): ScoredDoc[] {
    const terms = isStringList(query) ? toQueryTerms(query) : query;
    const F = this.fields.length;
    const acc = this.accumulator;
    const touched = this.touched;
    let touchedCount = 0;
    for (const { term, weight } of terms) {
      const id = this.termIds.get(term);
      if (id === undefined || weight === 0) continue;
      const docs = this.postingDocs[id]!;
      const tfs = this.postingTfs[id]!;
      const termWeight = weight * bm25Idf(this.docCount, docs.length);
      for (let i = 0; i < docs.length; i++) {
        const d = docs[i]!;
        let tf = 0;
        for (let f = 0; f < F; f++) tf += tfs[i * F + f]! * this.fieldFactor[d * F + f]!;
        if (tf === 0) continue;
        if (this.isTouched[d] === 0) {
          this.isTouched[d] = 1;
          touched[touchedCount++] = d;
        }
        acc[d]! += (termWeight * tf) / (this.k1 + tf);
      }
    }
    const results: ScoredDoc[] = new Array(touchedCount);
    for (let i = 0; i < touchedCount; i++) {
      const d = touched[i]!;
      results[i] = { doc: d, score: acc[d]! };
      acc[d] = 0;
      this.isTouched[d] = 0;
    }
    results.sort((x, y) => y.score - x.score || x.doc - y.doc);
    if (options.limit !== undefined && results.length > options.limit) results.length = options.limit;
    return results;
  }
}

function isStringList(query: readonly QueryTerm[] | readonly string[]): query is readonly string[] {
  return query.length > 0 && typeof query[0] === 'string';
}

/** Plain BM25 over single-field documents (k1 = 1.2, b = 0.75 unless given). */
export function buildBm25Index(docs: readonly (readonly string[])[], k1 = DEFAULT_K1, b = DEFAULT_B): Bm25fIndex {
  return new Bm25fIndex([{ name: 'text', weight: 1, b }], docs.map((tokens) => [tokens]), k1);
}
