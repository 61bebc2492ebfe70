// Shared shapes of the pure scoring core. Field names of Counts/Metrics use snake_case on purpose:
// they are stored and published as-is, next to the paper's own column names.

/** A reference bug or a finding, reduced to the fields the matching signals read. */
export type BugText = {
  id: string;
  repo: string;
  file: string;
  lineStart: number;
  lineEnd: number;
  title: string;
  description: string;
  codeSnippet: string;
};

export type SignalName =
  | "lineOverlap"
  | "fullTextEmbedding"
  | "descriptionEmbedding"
  | "snippetTokens"
  | "identifiers"
  | "apiCalls";

export type SignalValues = Record<SignalName, number>;

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

/** recall, precision and f1 are fractions in 0..1, not percentages. */
export type Metrics = Counts & { recall: number; precision: number; f1: number };

export type ScoreBreakdown = {
  overall: Metrics;
  languages: (Metrics & { language: string })[];
  repositories: (Metrics & { repo: string; language: string })[];
};
