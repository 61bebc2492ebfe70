import type { SignalName, Thresholds } from "./types";

// Table 10: a pair goes to the judge when ANY signal reaches its threshold. The paper chose these to
// minimise judge calls while keeping all 217 confirmed duplicates of its 3,770 calibration pairs (§A.4).
// The two embedding thresholds are calibrated for all-MiniLM-L6-v2; another provider shifts the
// cosine distribution, which is why the provider is recorded with every score.
export const PAPER_THRESHOLDS: Thresholds = {
  lineOverlap: 0.02, // Table 10: Jaccard of line ranges in the same file
  fullTextEmbedding: 0.65, // Table 10: full-text embedding cosine threshold
  descriptionEmbedding: 0.57, // Table 10: description embedding cosine threshold
  snippetTokens: 0.6, // Table 10: IDF-weighted Jaccard of snippet words (>= 2 chars)
  identifiers: 0.1, // Table 10: IDF-weighted Jaccard of description + snippet words (>= 3 chars)
  apiCalls: 0.22, // Table 10: IDF-weighted Jaccard of called names in the snippet
};

// Table 10: the full-text embedding reads only the first 1,000 characters of code_snippet.
export const FULL_TEXT_SNIPPET_CHARS = 1000;

/** Fixed order of the six signals, used wherever signals are listed (e.g. CandidatePair.triggered). */
export const SIGNAL_NAMES: readonly SignalName[] = [
  "lineOverlap",
  "fullTextEmbedding",
  "descriptionEmbedding",
  "snippetTokens",
  "identifiers",
  "apiCalls",
];
