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
 * An immutable inverted index: one postings list per term (document ids ascending), each posting with the term's
 * frequency in every field already weighted and length-normalised and summed (sum over f of tf_f * w_f / B_f(d)),
 * which is all a query needs of it. The lists lie end to end in flat arrays, so an index is a few typed arrays
 * and its terms, written to and read from bytes as they are (toBytes, fromBytes).
 */
export class Bm25fIndex {
  readonly fields: readonly FieldSpec[];
  readonly docCount: number;
  readonly k1: number;
  /** Average length of each field over all documents. */
  readonly avgFieldLength: Float64Array;
  private readonly termIds: Map<string, number>;
  /** Postings of term t: positions postingStart[t] to postingStart[t + 1] of postingDoc and postingTf. */
  private readonly postingStart: Int32Array;
  private readonly postingDoc: Int32Array;
  /** Sum over fields of tf_f * w_f / B_f(d), for the posting's document d. */
  private readonly postingTf: Float64Array;
  private readonly accumulator: Float64Array;
  private readonly touched: Int32Array;
  private readonly isTouched: Uint8Array;

  /** docs[d][f] holds the analyzed tokens of field f (in `fields` order) of document d. */
  constructor(fields: readonly FieldSpec[], docs: readonly (readonly (readonly string[])[])[], k1?: number);
  constructor(fields: readonly FieldSpec[], docs: IndexParts, k1: number);
  constructor(fields: readonly FieldSpec[], docs: readonly (readonly (readonly string[])[])[] | IndexParts, k1 = DEFAULT_K1) {
    const F = fields.length;
    if (F === 0) throw new RangeError('BM25F needs at least one field');
    for (const f of fields) {
      if (!(f.b >= 0 && f.b <= 1) || !(f.weight >= 0)) throw new RangeError(`bad parameters for field ${f.name}`);
    }
    this.fields = fields;
    this.k1 = k1;
    const parts = isParts(docs) ? docs : buildParts(fields, docs);
    this.docCount = parts.docCount;
    this.avgFieldLength = parts.avgFieldLength;
    this.termIds = parts.termIds;
    this.postingStart = parts.postingStart;
    this.postingDoc = parts.postingDoc;
    this.postingTf = parts.postingTf;
    this.accumulator = new Float64Array(this.docCount);
    this.touched = new Int32Array(this.docCount);
    this.isTouched = new Uint8Array(this.docCount);
  }

  /** Number of documents containing the term in any field. */
  docFrequency(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined ? 0 : this.postingStart[id + 1]! - this.postingStart[id]!;
  }

  idf(term: string): number {
    return bm25Idf(this.docCount, this.docFrequency(term));
  }

  /** Scores every document containing at least one query term, best first (ties by document id). */
  search(query: readonly QueryTerm[] | readonly string[], options: SearchOptions = {}): ScoredDoc[] {
    const terms = isStringList(query) ? toQueryTerms(query) : query;
    const acc = this.accumulator;
    const touched = this.touched;
    let touchedCount = 0;
    for (const { term, weight } of terms) {
      const id = this.termIds.get(term);
      if (id === undefined || weight === 0) continue;
      const start = this.postingStart[id]!;
      const end = this.postingStart[id + 1]!;
      const termWeight = weight * bm25Idf(this.docCount, end - start);
      for (let i = start; i < end; i++) {
        const tf = this.postingTf[i]!;
        if (tf === 0) continue;
        const d = this.postingDoc[i]!;
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

  /** The index as bytes (fromBytes reads them back): its parameters, its arrays as they are, then its terms. */
  toBytes(): Uint8Array {
    const terms = Buffer.from([...this.termIds.keys()].join('\n'), 'utf8');
    const header = Buffer.from(
      JSON.stringify({ fields: this.fields, k1: this.k1, docCount: this.docCount, terms: this.termIds.size, postings: this.postingDoc.length, termBytes: terms.length }),
      'utf8',
    );
    const arrays = [this.avgFieldLength, this.postingTf, this.postingStart, this.postingDoc];
    const headerEnd = align8(8 + header.length);
    let size = headerEnd;
    for (const a of arrays) size += a.byteLength;
    const out = new Uint8Array(size + terms.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, BYTES_MAGIC, true);
    view.setUint32(4, header.length, true);
    out.set(header, 8);
    let at = headerEnd;
    for (const a of arrays) {
      out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
      at += a.byteLength;
    }
    out.set(terms, at);
    return out;
  }

  /** The index `toBytes` wrote, or null when the bytes are no such index. */
  static fromBytes(bytes: Uint8Array): Bm25fIndex | null {
    if (bytes.length < 8) return null;
    // Typed arrays over the bytes need their offsets aligned: copied to a buffer of their own unless they are.
    const own = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
    const view = new DataView(own.buffer, own.byteOffset, own.byteLength);
    if (view.getUint32(0, true) !== BYTES_MAGIC) return null;
    const headerLength = view.getUint32(4, true);
    let header: { fields: FieldSpec[]; k1: number; docCount: number; terms: number; postings: number; termBytes: number };
    try {
      header = JSON.parse(Buffer.from(own.buffer, own.byteOffset + 8, headerLength).toString('utf8')) as typeof header;
    } catch {
      return null;
    }
    const F = header.fields.length;
    let at = own.byteOffset + align8(8 + headerLength);
    const take = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, length: number, bytesEach: number): T => {
      const array = make(own.buffer, at, length);
      at += length * bytesEach;
      return array;
    };
    if (at - own.byteOffset + F * 8 + header.postings * 12 + (header.terms + 1) * 4 + header.termBytes !== own.byteLength) return null;
    const avgFieldLength = take((b, o, n) => new Float64Array(b, o, n), F, 8);
    const postingTf = take((b, o, n) => new Float64Array(b, o, n), header.postings, 8);
    const postingStart = take((b, o, n) => new Int32Array(b, o, n), header.terms + 1, 4);
    const postingDoc = take((b, o, n) => new Int32Array(b, o, n), header.postings, 4);
    const words = header.terms === 0 ? [] : Buffer.from(own.buffer, at, header.termBytes).toString('utf8').split('\n');
    if (words.length !== header.terms) return null;
    const termIds = new Map<string, number>();
    for (let t = 0; t < words.length; t++) termIds.set(words[t]!, t);
    const parts: IndexParts = { docCount: header.docCount, avgFieldLength, termIds, postingStart, postingDoc, postingTf };
    return new Bm25fIndex(header.fields, parts, header.k1);
  }
}

/** "CXB1": the first four bytes of an index written by toBytes. */
const BYTES_MAGIC = 0x31425843;

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}

/** What an index is made of once built. */
interface IndexParts {
  docCount: number;
  avgFieldLength: Float64Array;
  termIds: Map<string, number>;
  postingStart: Int32Array;
  postingDoc: Int32Array;
  postingTf: Float64Array;
}

function isParts(docs: readonly (readonly (readonly string[])[])[] | IndexParts): docs is IndexParts {
  return !Array.isArray(docs);
}

function buildParts(fields: readonly FieldSpec[], docs: readonly (readonly (readonly string[])[])[]): IndexParts {
  const F = fields.length;
  const N = docs.length;
  const lengths = new Float64Array(N * F);
  for (let d = 0; d < N; d++) {
    const doc = docs[d]!;
    if (doc.length !== F) throw new RangeError(`document ${d} has ${doc.length} fields, expected ${F}`);
    for (let f = 0; f < F; f++) lengths[d * F + f] = doc[f]!.length;
  }
  const avgFieldLength = new Float64Array(F);
  for (let d = 0; d < N; d++) for (let f = 0; f < F; f++) avgFieldLength[f]! += lengths[d * F + f]!;
  for (let f = 0; f < F; f++) avgFieldLength[f] = N === 0 ? 0 : avgFieldLength[f]! / N;
  /** w_f / B_f(d) at [d * F + f]. */
  const fieldFactor = new Float64Array(N * F);
  for (let d = 0; d < N; d++) {
    for (let f = 0; f < F; f++) {
      const { b, weight } = fields[f]!;
      const avg = avgFieldLength[f]!;
      const norm = (1 - b) + (avg > 0 ? (b * lengths[d * F + f]!) / avg : 0);
      // norm is 0 only when b = 1 and the field is empty, where tf is 0 anyway.
      fieldFactor[d * F + f] = norm > 0 ? weight / norm : 0;
    }
  }

  const termIds = new Map<string, number>();
  const docsOf: number[][] = [];
  const tfsOf: number[][] = [];
  const local = new Map<number, Float64Array>();
  for (let d = 0; d < N; d++) {
    const doc = docs[d]!;
    local.clear();
    for (let f = 0; f < F; f++) {
      for (const token of doc[f]!) {
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
      let tf = 0;
      for (let f = 0; f < F; f++) tf += counts[f]! * fieldFactor[d * F + f]!;
      docsOf[id]!.push(d);
      tfsOf[id]!.push(tf);
    }
  }
  const postingStart = new Int32Array(docsOf.length + 1);
  for (let t = 0; t < docsOf.length; t++) postingStart[t + 1] = postingStart[t]! + docsOf[t]!.length;
  const total = postingStart[docsOf.length]!;
  const postingDoc = new Int32Array(total);
  const postingTf = new Float64Array(total);
  for (let t = 0; t < docsOf.length; t++) {
    postingDoc.set(docsOf[t]!, postingStart[t]!);
    postingTf.set(tfsOf[t]!, postingStart[t]!);
  }
  return { docCount: N, avgFieldLength, termIds, postingStart, postingDoc, postingTf };
}

function isStringList(query: readonly QueryTerm[] | readonly string[]): query is readonly string[] {
  return query.length > 0 && typeof query[0] === 'string';
}

/** Plain BM25 over single-field documents (k1 = 1.2, b = 0.75 unless given). */
export function buildBm25Index(docs: readonly (readonly string[])[], k1 = DEFAULT_K1, b = DEFAULT_B): Bm25fIndex {
  return new Bm25fIndex([{ name: 'text', weight: 1, b }], docs.map((tokens) => [tokens]), k1);
}
