// Column sets that several readers select the same way, so a reader and its twin cannot drift apart.

/** A bug's location and text: what a finding and a reference bug share (the paper's bug record, §A.2). */
export const BUG_TEXT_SELECT = {
  file: true,
  lineStart: true,
  lineEnd: true,
  title: true,
  description: true,
  codeSnippet: true,
} as const;

/** The figures of a stored score row: ratios and the counts behind them. */
export const SCORE_FIGURES_SELECT = {
  recall: true,
  precision: true,
  f1: true,
  matchedReferenceBugs: true,
  referenceBugs: true,
  matchedFindings: true,
  findings: true,
} as const;

/** The six prefilter signals stored on a candidate pair (the paper's Table 10). */
export const PAIR_SIGNALS_SELECT = {
  lineOverlap: true,
  fullTextEmbedding: true,
  descriptionEmbedding: true,
  snippetTokens: true,
  identifiers: true,
  apiCalls: true,
} as const;

/** A submission as its readers check it first: who may see it (canViewSubmission) and how its scoring stands. */
export const SUBMISSION_ACCESS_SELECT = {
  id: true,
  submitterId: true,
  reviewStatus: true,
  scoringStatus: true,
} as const;

/** A submission's runs in upload order. */
export const RUNS_IN_ORDER = { select: { id: true, index: true }, orderBy: { index: "asc" } } as const;
