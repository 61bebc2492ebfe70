// The scalar similarity functions behind the six signals of Table 10. The prefilter inlines faster
// equivalents of these for bulk work; these are the reference definitions and are tested as such.

import type { BugText } from "./types";
import { normalisePath } from "../validation/safe-text";

export type LineRange = Pick<BugText, "file" | "lineStart" | "lineEnd">;

/**
 * The spellings under which a file is compared for the line signal: its normalised path and, when it starts with the
 * repository's bare name (`<name>/x`, an agent's checkout directory), also `x`. The bare name is ambiguous (sqlglot
 * keeps its code in `sqlglot/`), so both spellings are kept rather than guessing: two reports share a file when any
 * of their spellings agree. An extra spelling can only add a candidate pair for the judge, never drop one.
 */
export function pathKeys(file: string, repo: string): string[] {
  const path = normalisePath(file, repo);
  const name = `${repo.slice(repo.lastIndexOf("/") + 1)}/`;
  return path.startsWith(name) && path.length > name.length ? [path, path.slice(name.length)] : [path];
}

/** Number of lines in the inclusive range; reversed ranges are read as the same lines. */
function rangeBounds(range: LineRange): [number, number] | null {
  const { lineStart, lineEnd } = range;
  if (!Number.isFinite(lineStart) || !Number.isFinite(lineEnd)) return null;
  return lineStart <= lineEnd ? [lineStart, lineEnd] : [lineEnd, lineStart];
}

/**
 * Table 10 "line overlap": Jaccard of the inclusive integer line ranges, 0 across files.
 * |A ∩ B| / |A ∪ B| with |A ∪ B| = |A| + |B| - |A ∩ B|, so disjoint ranges score 0 whatever the gap.
 */
export function lineJaccard(a: LineRange, b: LineRange, repo?: string): number {
  const keysB = repo ? pathKeys(b.file, repo) : [normalisePath(b.file)];
  const keysA = repo ? pathKeys(a.file, repo) : [normalisePath(a.file)];
  if (!keysA.some((key) => keysB.includes(key))) return 0;
  const boundsA = rangeBounds(a);
  const boundsB = rangeBounds(b);
  if (!boundsA || !boundsB) return 0;
  return rangeJaccard(boundsA[0], boundsA[1], boundsB[0], boundsB[1]);
}

/** Jaccard of two ordered inclusive ranges; shared with the prefilter's hot loop. */
export function rangeJaccard(startA: number, endA: number, startB: number, endB: number): number {
  const intersection = Math.max(0, Math.min(endA, endB) - Math.max(startA, startB) + 1);
  const union = endA - startA + 1 + (endB - startB + 1) - intersection;
  return union > 0 ? intersection / union : 0;
}

/** Cosine similarity; 0 when either vector is all zeros (e.g. an embedding that is missing). */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) {
    throw new Error(`cosine: vector lengths differ (${a.length} vs ${b.length})`);
  }
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  return dot / Math.sqrt(normA * normB);
}

/**
 * Smoothed inverse document frequency: idf(t) = ln((N + 1) / (df(t) + 1)) + 1, where N is the number
 * of documents and df(t) the number of documents containing t (each document counted once per term).
 * The +1 inside keeps a term present in every document from weighing 0, so two snippets made only of
 * common words can still be recognised as identical; it is the same smoothing as scikit-learn's
 * TfidfVectorizer(smooth_idf=True). The paper does not spell out its IDF variant.
 */
export function computeIdf(docs: string[][]): Map<string, number> {
  const documentFrequency = new Map<string, number>();
  for (const doc of docs) {
    for (const term of new Set(doc)) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const idf = new Map<string, number>();
  const n = docs.length;
  for (const [term, df] of documentFrequency) idf.set(term, Math.log((n + 1) / (df + 1)) + 1);
  return idf;
}

// A term missing from the IDF table was seen in no document the table was built from; 1 is the
// smallest weight computeIdf can give, so it never lets an unknown term dominate.
const UNKNOWN_TERM_WEIGHT = 1;

/**
 * Table 10 "IDF-weighted Jaccard": Σ idf over A ∩ B / Σ idf over A ∪ B, on token sets
 * (duplicates ignored). 0 when the union weighs nothing (both sets empty).
 */
export function weightedJaccard(a: string[], b: string[], idf: Map<string, number>): number {
  const setA = new Set(a);
  const setB = new Set(b);
  let intersection = 0;
  let union = 0;
  for (const term of setA) {
    const weight = idf.get(term) ?? UNKNOWN_TERM_WEIGHT;
    union += weight;
    if (setB.has(term)) intersection += weight;
  }
  for (const term of setB) {
    if (!setA.has(term)) union += idf.get(term) ?? UNKNOWN_TERM_WEIGHT;
  }
  return union > 0 ? intersection / union : 0;
}
