// Candidate pairs for the LLM judge: the six-signal prefilter of the paper (§A.4, Table 10).
//
// Only a finding and a reference bug (or two findings) of the SAME repository are compared. A pair is
// kept, and later sent to the judge, when ANY signal reaches its threshold (PAPER_THRESHOLDS):
//
//   lineOverlap           Jaccard of the inclusive line ranges, same file only (normalised paths)   0.02
//   fullTextEmbedding     cosine of embeddings of title + description + first 1,000 snippet chars    0.65
//   descriptionEmbedding  cosine of embeddings of title + description                               0.57
//   snippetTokens         IDF-weighted Jaccard of snippet words of >= 2 chars                       0.60
//   identifiers           IDF-weighted Jaccard of description + snippet words of >= 3 chars         0.10
//   apiCalls              IDF-weighted Jaccard of names called in the snippet                       0.22
//
// Tokenizer (tokenize.ts): a word is a maximal run of [A-Za-z0-9_], lowercased, never split further;
// token sets are de-duplicated. Called names are words directly followed by "(", keywords excluded.
//
// IDF scope: one IDF table per repository and per token signal, over the token sets of every left and
// right document of that repository (comparing a run with itself, for duplicates within the run, each document
// counts once, and each unordered pair of distinct documents is compared once). Words common in one codebase (`self`, `node`) thus weigh little there without affecting others.
// idf(t) = ln((N + 1) / (df + 1)) + 1, see signals.ts#computeIdf.
//
// Embeddings are computed by the caller (the provider is recorded with the score) and passed in maps
// keyed by BugText.id; a missing embedding gives cosine 0.
//
// generateCandidatePairs yields after every two left documents, so a caller can report progress as it goes; the
// scoring worker runs it in a thread of its own (worker/features/scoring/prefilter-thread.ts). Token sets are computed once
// per side (prepareBugs), so the reference side is tokenised once per benchmark version, not per run.
//
// Speed matters: the full benchmark is ~2 million within-repository pairs per submission. Token
// intersections come from an inverted index (accumulate idf per right doc), embeddings sit in one
// contiguous array per side, and no object is allocated for a pair that is not kept.

import {
  buildTokenIndex,
  cosineRowPair,
  detectDimensions,
  packEmbeddings,
  weightedJaccardRow,
} from "./prefilter-index";
import { pathKeys, rangeJaccard } from "./signals";
import { PAPER_THRESHOLDS, SIGNAL_NAMES } from "./thresholds";
import { calledNames, identifierTokens, snippetTokens } from "./tokenize";
import type { BugText, CandidatePair, SignalName, SignalValues, Thresholds } from "./types";

/**
 * Version of what decides which pairs reach the judge (tokenizer, path normalisation, candidate rules), recorded with
 * every score: a score made under another version may have judged other pairs.
 *   1  the first release
 *   2  words include `$` and non-ASCII letters, generic calls (`f<T>(`) are calls, `/repo/` paths are stripped;
 *      duplicate candidates within each run of a repeated-run submission
 */
export const PREFILTER_VERSION = "2";

/** One side of a comparison, tokenised once: token sets and path spellings per document, grouped by repository. */
export type PreparedSide = { byRepo: Map<string, PreparedRepository>; size: number };
type PreparedRepository = {
  bugs: BugText[];
  snippet: string[][];
  identifiers: string[][];
  api: string[][];
  paths: string[][];
};

export function prepareBugs(bugs: readonly BugText[]): PreparedSide {
  const side: PreparedSide = { byRepo: new Map(), size: 0 };
  for (const bug of bugs) addPreparedBug(side, bug);
  return side;
}

/** Tokenises one more document into a side. */
function addPreparedBug(side: PreparedSide, bug: BugText): void {
  let group = side.byRepo.get(bug.repo);
  if (!group) {
    group = { bugs: [], snippet: [], identifiers: [], api: [], paths: [] };
    side.byRepo.set(bug.repo, group);
  }
  group.bugs.push(bug);
  group.snippet.push(snippetTokens(bug.codeSnippet));
  group.identifiers.push(identifierTokens(bug.description, bug.codeSnippet));
  group.api.push(calledNames(bug.codeSnippet));
  group.paths.push(pathKeys(bug.file, bug.repo));
  side.size += 1;
}

export type Embeddings = { fullText: Map<string, Float32Array>; description: Map<string, Float32Array> };

export type BuildCandidatePairsInput = {
  left: BugText[] | PreparedSide;
  /** Omitted: the left side against itself (duplicates within one run), each unordered pair of documents once. */
  right?: BugText[] | PreparedSide;
  embeddings: Embeddings;
  thresholds?: Thresholds;
};

export type BuildCandidatePairsResult = { pairs: CandidatePair[]; comparedPairs: number };

/** A slice of the comparison: the pairs kept among the pairs compared since the previous slice. */
export type CandidateSlice = { pairs: CandidatePair[]; compared: number };

/** All kept pairs at once; for small inputs and tests. Long runs use generateCandidatePairs. */
export function buildCandidatePairs(input: BuildCandidatePairsInput): BuildCandidatePairsResult {
  const pairs: CandidatePair[] = [];
  let comparedPairs = 0;
  for (const slice of generateCandidatePairs(input)) {
    comparedPairs += slice.compared;
    for (const pair of slice.pairs) pairs.push(pair);
  }
  return { pairs, comparedPairs };
}

/** The prefilter, one slice (two left documents of one repository) at a time. */
export function* generateCandidatePairs(input: BuildCandidatePairsInput): Generator<CandidateSlice, void, void> {
  const thresholds = input.thresholds ?? PAPER_THRESHOLDS;
  // Each map is checked on its own: the two texts may come from different providers.
  const dims = {
    fullText: detectDimensions(input.embeddings.fullText),
    description: detectDimensions(input.embeddings.description),
  };
  const left = Array.isArray(input.left) ? prepareBugs(input.left) : input.left;
  const self = input.right === undefined;
  const right = self ? left : Array.isArray(input.right) ? prepareBugs(input.right) : input.right!;
  for (const [repo, leftRepo] of left.byRepo) {
    const rightRepo = right.byRepo.get(repo);
    if (!rightRepo) continue;
    yield* scoreRepository(leftRepo, rightRepo, input, thresholds, dims, self);
  }
}

/** Scores every pair of one repository, yielding the kept ones slice by slice. */
function* scoreRepository(
  leftRepo: PreparedRepository,
  rightRepo: PreparedRepository,
  input: BuildCandidatePairsInput,
  thresholds: Thresholds,
  dims: { fullText: number; description: number },
  self: boolean,
): Generator<CandidateSlice, void, void> {
  const left = leftRepo.bugs;
  const right = rightRepo.bugs;
  const leftIds = left.map((bug) => bug.id);
  const rightIds = right.map((bug) => bug.id);

  const snippetIndex = buildTokenIndex(leftRepo.snippet, rightRepo.snippet, { self });
  const identifierIndex = buildTokenIndex(leftRepo.identifiers, rightRepo.identifiers, { self });
  const apiIndex = buildTokenIndex(leftRepo.api, rightRepo.api, { self });

  const leftFull = packEmbeddings(leftIds, input.embeddings.fullText, dims.fullText);
  const rightFull = packEmbeddings(rightIds, input.embeddings.fullText, dims.fullText);
  const leftDescription = packEmbeddings(leftIds, input.embeddings.description, dims.description);
  const rightDescription = packEmbeddings(rightIds, input.embeddings.description, dims.description);

  const rightByFile = new Map<string, number[]>();
  rightRepo.paths.forEach((keys, j) => {
    for (const file of keys) {
      const group = rightByFile.get(file);
      if (group) group.push(j);
      else rightByFile.set(file, [j]);
    }
  });

  // One row of each signal (left doc i against all right docs), reused for every i; the embedding rows
  // come two left docs at a time (see cosineRowPair).
  const lineRow = new Float64Array(right.length);
  const fullRows = [new Float64Array(right.length), new Float64Array(right.length)] as const;
  const descriptionRows = [new Float64Array(right.length), new Float64Array(right.length)] as const;
  const snippetRow = new Float64Array(right.length);
  const identifierRow = new Float64Array(right.length);
  const apiRow = new Float64Array(right.length);
  let compared = 0;
  let pairs: CandidatePair[] = [];

  for (let i = 0; i < left.length; i++) {
    const slot = i % 2;
    if (slot === 0) {
      if (i > 0) {
        yield { pairs, compared };
        pairs = [];
        compared = 0;
      }
      cosineRowPair(leftFull, i, rightFull, fullRows[0], fullRows[1]);
      cosineRowPair(leftDescription, i, rightDescription, descriptionRows[0], descriptionRows[1]);
    }
    const fullRow = fullRows[slot]!;
    const descriptionRow = descriptionRows[slot]!;
    const leftBug = left[i]!;
    lineRow.fill(0);
    // A right doc may be found under two spellings of the file; its Jaccard is the same either way.
    for (const file of leftRepo.paths[i]!)
      for (const j of rightByFile.get(file) ?? []) lineRow[j] = lineJaccardOf(leftBug, right[j]!);
    weightedJaccardRow(snippetIndex, i, snippetRow);
    weightedJaccardRow(identifierIndex, i, identifierRow);
    weightedJaccardRow(apiIndex, i, apiRow);

    // Against itself, each unordered pair once: j > i.
    for (let j = self ? i + 1 : 0; j < right.length; j++) {
      compared++;
      if (
        lineRow[j]! < thresholds.lineOverlap &&
        fullRow[j]! < thresholds.fullTextEmbedding &&
        descriptionRow[j]! < thresholds.descriptionEmbedding &&
        snippetRow[j]! < thresholds.snippetTokens &&
        identifierRow[j]! < thresholds.identifiers &&
        apiRow[j]! < thresholds.apiCalls
      ) {
        continue;
      }
      const signals: SignalValues = {
        lineOverlap: lineRow[j]!,
        fullTextEmbedding: fullRow[j]!,
        descriptionEmbedding: descriptionRow[j]!,
        snippetTokens: snippetRow[j]!,
        identifiers: identifierRow[j]!,
        apiCalls: apiRow[j]!,
      };
      pairs.push({ leftId: leftBug.id, rightId: right[j]!.id, signals, triggered: listTriggered(signals, thresholds) });
    }
  }
  if (compared > 0 || pairs.length > 0) yield { pairs, compared };
}

function lineJaccardOf(a: BugText, b: BugText): number {
  if (![a.lineStart, a.lineEnd, b.lineStart, b.lineEnd].every(Number.isFinite)) return 0;
  return rangeJaccard(
    Math.min(a.lineStart, a.lineEnd),
    Math.max(a.lineStart, a.lineEnd),
    Math.min(b.lineStart, b.lineEnd),
    Math.max(b.lineStart, b.lineEnd),
  );
}

function listTriggered(signals: SignalValues, thresholds: Thresholds): SignalName[] {
  return SIGNAL_NAMES.filter((name) => signals[name] >= thresholds[name]);
}
