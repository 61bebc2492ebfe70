// Packed per-repository data for the prefilter's hot loop (see prefilter.ts for the method).
// Everything here exists for speed: tokens interned to integer ids, an inverted index over the right
// side, and embeddings copied into one contiguous Float32Array per side with precomputed inverse norms.

/** Token sets of one signal for the docs of one repository, as integer ids (CSR layout). */
export type TokenIndex = {
  /** Token ids of left doc i are leftIds[leftOffsets[i] .. leftOffsets[i + 1]). */
  leftOffsets: Int32Array;
  leftIds: Int32Array;
  /** Σ idf over each doc's token set: the doc's weight in the weighted-Jaccard union. */
  leftWeights: Float64Array;
  rightWeights: Float64Array;
  /** Right docs containing token t are postings[postingOffsets[t] .. postingOffsets[t + 1]). */
  postingOffsets: Int32Array;
  postings: Int32Array;
  idf: Float64Array;
};

/**
 * Interns the token sets of both sides, computes the smoothed IDF of signals.ts#computeIdf over the
 * repository's documents, and indexes the right side by token. With `self`, both sides are the same documents (a run
 * against itself): each document is counted once in the IDF.
 */
export function buildTokenIndex(
  leftTokens: string[][],
  rightTokens: string[][],
  options: { self?: boolean } = {},
): TokenIndex {
  const vocabulary = new Map<string, number>();
  const intern = (token: string): number => {
    let id = vocabulary.get(token);
    if (id === undefined) {
      id = vocabulary.size;
      vocabulary.set(token, id);
    }
    return id;
  };
  const left = flattenIds(leftTokens, intern);
  const right = flattenIds(rightTokens, intern);
  const vocabularySize = vocabulary.size;

  const documentFrequency = new Int32Array(vocabularySize);
  for (const id of left.ids) documentFrequency[id]! += 1;
  const documentCount = options.self ? leftTokens.length : leftTokens.length + rightTokens.length;
  if (!options.self) {
    for (let j = 0; j < rightTokens.length; j++) {
      for (let k = right.offsets[j]!; k < right.offsets[j + 1]!; k++) documentFrequency[right.ids[k]!]! += 1;
    }
  }
  const idf = new Float64Array(vocabularySize);
  for (let t = 0; t < vocabularySize; t++) {
    // Same formula as computeIdf: ln((N + 1) / (df + 1)) + 1.
    idf[t] = Math.log((documentCount + 1) / (documentFrequency[t]! + 1)) + 1;
  }

  const postingOffsets = new Int32Array(vocabularySize + 1);
  for (const id of right.ids) postingOffsets[id + 1]! += 1;
  for (let t = 0; t < vocabularySize; t++) postingOffsets[t + 1]! += postingOffsets[t]!;
  const postings = new Int32Array(right.ids.length);
  const cursor = postingOffsets.slice(0, vocabularySize);
  for (let j = 0; j < rightTokens.length; j++) {
    for (let k = right.offsets[j]!; k < right.offsets[j + 1]!; k++) postings[cursor[right.ids[k]!]!++] = j;
  }

  return {
    leftOffsets: left.offsets,
    leftIds: left.ids,
    leftWeights: sumWeights(left.offsets, left.ids, idf),
    rightWeights: sumWeights(right.offsets, right.ids, idf),
    postingOffsets,
    postings,
    idf,
  };
}

function flattenIds(docs: string[][], intern: (token: string) => number) {
  const offsets = new Int32Array(docs.length + 1);
  let total = 0;
  for (let i = 0; i < docs.length; i++) {
    total += docs[i]!.length;
    offsets[i + 1] = total;
  }
  const ids = new Int32Array(total);
  let k = 0;
  // Tokenizers return de-duplicated sets, so each id appears at most once per doc.
  for (const doc of docs) for (const token of doc) ids[k++] = intern(token);
  return { offsets, ids };
}

function sumWeights(offsets: Int32Array, ids: Int32Array, idf: Float64Array): Float64Array {
  const weights = new Float64Array(offsets.length - 1);
  for (let i = 0; i < weights.length; i++) {
    let sum = 0;
    for (let k = offsets[i]!; k < offsets[i + 1]!; k++) sum += idf[ids[k]!]!;
    weights[i] = sum;
  }
  return weights;
}

/** Embeddings of one side of one repository: row i of `vectors` is doc i, scaled by `inverseNorms[i]`. */
export type PackedEmbeddings = { vectors: Float32Array; inverseNorms: Float64Array; dims: number };

/** A missing embedding becomes a zero row with inverse norm 0, so every cosine with it is 0. */
export function packEmbeddings(ids: string[], embeddings: Map<string, Float32Array>, dims: number): PackedEmbeddings {
  const vectors = new Float32Array(ids.length * dims);
  const inverseNorms = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const vector = embeddings.get(ids[i]!);
    if (!vector) continue;
    if (vector.length !== dims) {
      throw new Error(`embedding of ${ids[i]} has ${vector.length} dimensions, expected ${dims}`);
    }
    vectors.set(vector, i * dims);
    let squared = 0;
    for (let k = 0; k < dims; k++) squared += vector[k]! * vector[k]!;
    inverseNorms[i] = squared > 0 ? 1 / Math.sqrt(squared) : 0;
  }
  return { vectors, inverseNorms, dims };
}

/** Dimension of the first embedding in the map; 0 when it is empty (every cosine is then 0). */
export function detectDimensions(embeddings: Map<string, Float32Array>): number {
  for (const vector of embeddings.values()) return vector.length;
  return 0;
}

/**
 * Cosines of left rows i and i + 1 with every right row, into `out0` and `out1` (`out1` untouched when
 * row i + 1 does not exist). This loop is most of the prefilter's time, so it is register-blocked:
 * two left rows times four right rows per pass load each value once for several multiply-adds
 * (about 1.5x faster than one row at a time in V8, which has no SIMD for plain JavaScript).
 */
export function cosineRowPair(
  left: PackedEmbeddings,
  i: number,
  right: PackedEmbeddings,
  out0: Float64Array,
  out1: Float64Array,
): void {
  const { dims } = left;
  const a = left.vectors;
  const b = right.vectors;
  const rightNorms = right.inverseNorms;
  const rowCount = rightNorms.length;
  const hasSecond = i + 1 < left.inverseNorms.length;
  // A missing second row reads as row i again, which keeps the loop branch-free; its output is dropped.
  const offset0 = i * dims;
  const offset1 = hasSecond ? offset0 + dims : offset0;
  const scale0 = left.inverseNorms[i]!;
  const scale1 = hasSecond ? left.inverseNorms[i + 1]! : 0;
  const target1 = hasSecond ? out1 : out0;
  let j = 0;
  for (; j + 3 < rowCount; j += 4) {
    const b0 = j * dims;
    const b1 = b0 + dims;
    const b2 = b1 + dims;
    const b3 = b2 + dims;
    // prettier-ignore
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0, t0 = 0, t1 = 0, t2 = 0, t3 = 0;
    for (let k = 0; k < dims; k++) {
      const x = a[offset0 + k]!;
      const y = a[offset1 + k]!;
      const v0 = b[b0 + k]!;
      const v1 = b[b1 + k]!;
      const v2 = b[b2 + k]!;
      const v3 = b[b3 + k]!;
      s0 += x * v0;
      s1 += x * v1;
      s2 += x * v2;
      s3 += x * v3;
      t0 += y * v0;
      t1 += y * v1;
      t2 += y * v2;
      t3 += y * v3;
    }
    if (hasSecond) {
      target1[j] = t0 * scale1 * rightNorms[j]!;
      target1[j + 1] = t1 * scale1 * rightNorms[j + 1]!;
      target1[j + 2] = t2 * scale1 * rightNorms[j + 2]!;
      target1[j + 3] = t3 * scale1 * rightNorms[j + 3]!;
    }
    out0[j] = s0 * scale0 * rightNorms[j]!;
    out0[j + 1] = s1 * scale0 * rightNorms[j + 1]!;
    out0[j + 2] = s2 * scale0 * rightNorms[j + 2]!;
    out0[j + 3] = s3 * scale0 * rightNorms[j + 3]!;
  }
  for (; j < rowCount; j++) {
    const offsetB = j * dims;
    let s = 0;
    let t = 0;
    for (let k = 0; k < dims; k++) {
      s += a[offset0 + k]! * b[offsetB + k]!;
      t += a[offset1 + k]! * b[offsetB + k]!;
    }
    if (hasSecond) target1[j] = t * scale1 * rightNorms[j]!;
    out0[j] = s * scale0 * rightNorms[j]!;
  }
}

/** Weighted-Jaccard scores of left doc i against every right doc, into `out` (reuses it as accumulator). */
export function weightedJaccardRow(index: TokenIndex, i: number, out: Float64Array): void {
  out.fill(0);
  const { leftOffsets, leftIds, postingOffsets, postings, idf, rightWeights } = index;
  // Inverted index: Σ idf of shared tokens, without ever intersecting two sets pairwise.
  for (let k = leftOffsets[i]!; k < leftOffsets[i + 1]!; k++) {
    const token = leftIds[k]!;
    const weight = idf[token]!;
    for (let p = postingOffsets[token]!; p < postingOffsets[token + 1]!; p++) out[postings[p]!]! += weight;
  }
  const leftWeight = index.leftWeights[i]!;
  for (let j = 0; j < out.length; j++) {
    const intersection = out[j]!;
    const union = leftWeight + rightWeights[j]! - intersection;
    // Summation order can leave the ratio a hair above 1 for identical sets.
    out[j] = union > 0 ? Math.min(1, intersection / union) : 0;
  }
}
