// Shared shapes of the pure scoring core. Field names of Counts/Score use snake_case on purpose:
// they are stored and published as-is, next to the paper's own column names.

import type { BugContent } from "../validation/common";

/** A reference bug or a finding, reduced to the fields the matching signals read. */
export type BugText = BugContent & { id: string; repo: string };

export type SignalName =
  "lineOverlap" | "fullTextEmbedding" | "descriptionEmbedding" | "snippetTokens" | "identifiers" | "apiCalls";

export type SignalValues = Record<SignalName, number>;

/** Every signal at 0: what an LLM judge's call passes where the signals key only the offline rule's verdicts. */
export const NO_SIGNALS: SignalValues = {
  lineOverlap: 0,
  fullTextEmbedding: 0,
  descriptionEmbedding: 0,
  snippetTokens: 0,
  identifiers: 0,
  apiCalls: 0,
};

export type Thresholds = Record<SignalName, number>;

export type CandidatePair = {
  leftId: string;
  rightId: string;
  signals: SignalValues;
  triggered: SignalName[];
};

export type Counts = {
  matched_reference_bugs: number;
  reference_bugs: number;
  matched_findings: number;
  findings: number;
};

/**
 * A fraction in 0..1, or null when its denominator is empty: a repository without findings has no precision, one
 * without reference bugs no recall, and F1 is null when either is. Published as null ("no value"), shown as "n/a".
 */
export type Ratio = number | null;

/**
 * The one shape of a score, shared by the scorer, the API, the pages and the CLI: recall, precision, F1 and the four
 * counts behind them. Counts are null only in a stored score whose source did not publish them (a reported entry
 * transcribed from the paper); a score computed here has `Score` (all counts known).
 */
export type Score<Count extends number | null = number> = {
  recall: Ratio;
  precision: Ratio;
  f1: Ratio;
  matched_reference_bugs: Count;
  reference_bugs: Count;
  matched_findings: Count;
  findings: Count;
};

/** A score as read back from storage (see lib/server/submissions/read-scores.ts, its one reader). */
export type StoredScore = Score<number | null>;

/** A closed interval of fractions, e.g. a 95% Clopper-Pearson interval: published as [low, high]. */
export type Interval = [lower: number, upper: number];

/** A stored score with the 95% intervals of its recall and precision (null without counts). */
export type ScoreWithIntervals = StoredScore & { recall_ci: Interval | null; precision_ci: Interval | null };

export type ScoreBreakdown = {
  overall: Score;
  languages: (Score & { language: string })[];
  repositories: (Score & { repo: string; language: string })[];
};
