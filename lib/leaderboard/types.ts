import type { ContaminationSummary } from "../analyses/contamination-summary";
import type { ValidityBasis } from "../panel/verdicts";
import type { Interval, ScoreWithIntervals, StoredScore } from "../scoring/types";

// Shapes shared by the leaderboard data layer, the API and the pages. Everything here is plain JSON (no Dates, no
// Maps) because it crosses into client components and the cached ISR payload.

/**
 * A cell of the views is the one stored score shape (lib/scoring/types.ts StoredScore). A null is "no value": a
 * ratio with an empty denominator, or a number that was never published (reported entries store NaN for what the
 * paper does not give; see lib/server/reported/import-reported.ts). Ratios are fractions in 0..1; counts may be
 * fractional for means over runs.
 */
export type BenchmarkRef = {
  id: string;
  slug: string;
  version: string;
  name: string;
  key: string;
  snapshotDate: string;
};

export type PublicBenchmark = BenchmarkRef & { entries: number; verified: number; reported: number };

export type RepositoryInfo = {
  name: string;
  language: string;
  domain: string | null;
  snapshotCommit: string | null;
  /** Stored ReferenceBug rows, or the published count where the rows are not stored. Null when unknown. */
  referenceBugs: number | null;
};

/** A subset of repositories that some reported entries were evaluated on instead of the full benchmark. */
export type Coverage = { key: string; label: string; repositoryCount: number | null; referenceBugs: number | null };

export type PanelValidity = {
  confirmed: number | null;
  rejected: number | null;
  abstained: number | null;
  validity: number | null;
  interval: Interval | null;
  /** What `validity` rests on: repository-checked verdicts where any exist, else text-only ones; or published. */
  basis: ValidityBasis;
  /** Verified panels: sampled findings judged from their text alone (their repository had no snapshot). */
  textOnly: number | null;
  /** Validity of the text-only verdicts, beside a repository-checked headline; null otherwise. */
  textOnlyValidity: number | null;
  textOnlyInterval: Interval | null;
  sampled: number | null;
  /** Verified panels: sampled findings a maintainer graded blind (Table 15); null for reported rows. */
  graded: number | null;
};

/** A public configuration of one benchmark version, with every precomputed score row the views may pool. */
export type LeaderboardEntry = {
  id: string;
  model: string;
  effort: string | null;
  harness: string | null;
  source: "verified" | "reported";
  submissionSource: "upload" | "in_house" | "reported";
  costUsd: number | null;
  runs: number;
  date: string | null;
  /** "full" or the key of a Coverage subset. */
  coverage: string;
  offlineJudge: boolean | null;
  /** Scored with the offline embedder: the two embedding signals rarely fire (docs/scoring.md). */
  offlineEmbedder: boolean | null;
  reportUrl: string | null;
  notes: string | null;
  panel: PanelValidity | null;
  /** §C.4: the configuration's fix-rank tests summarised; null when none is stored or published. */
  contamination: ContaminationSummary | null;
  overall: StoredScore | null;
  languages: Record<string, StoredScore>;
  repositories: Record<string, StoredScore>;
  /** Per run (kind "run"), in run order: overall and per repository. Empty for reported entries. */
  runScores: { overall: StoredScore | null; repositories: Record<string, StoredScore> }[];
};

export type LeaderboardData = {
  benchmark: BenchmarkRef;
  repositories: RepositoryInfo[];
  languages: string[];
  coverages: Coverage[];
  entries: LeaderboardEntry[];
  /** Size of the benchmark as published, for versions whose reference set is not stored here (reported results). */
  published: { repositories: number; referenceBugs: number } | null;
  /** Changes whenever anything the views show changes; used as ETag and to check freshness of cached pages. */
  stamp: string;
  generatedAt: string;
};

export type MetricRange = { min: number; max: number };

/**
 * One leaderboard row for a chosen scope (all repositories, a language, or a repository subset). Published as-is by
 * GET /api/v1/leaderboard, hence snake_case like the rest of the public API and lib/scoring/types.ts.
 */
export type LeaderboardRow = ScoreWithIntervals & {
  id: string;
  model: string;
  reasoning_effort: string | null;
  harness: string | null;
  source: "verified" | "reported";
  coverage: string;
  cost_usd: number | null;
  runs: number;
  date: string | null;
  offline_judge: boolean | null;
  offline_embedder: boolean | null;
  report_url: string | null;
  panel_validity: number | null;
  /** 95% Clopper-Pearson interval of panel validity (verified: this panel; reported: Table 14). */
  panel_validity_ci: Interval | null;
  /** Of a verified panel's sample, the findings judged from their text alone (no snapshot); null for reported rows. */
  panel_text_only: number | null;
  /** Of a verified panel's sample, the findings maintainers graded blind (its Table 15 is on /method); null otherwise. */
  panel_graded: number | null;
  /** What panel_validity rests on: repository-checked verdicts, text-only verdicts (none checked), or published. */
  panel_validity_basis: ValidityBasis | null;
  /** Validity of the text-only verdicts, shown beside a repository-checked headline. */
  panel_text_only_validity: number | null;
  panel_text_only_ci: Interval | null;
  /** §C.4: fix-rank tests of the configuration's runs (smallest p, Holm-adjusted p, largest D; cut-off placement). */
  contamination: ContaminationSummary | null;
  /** Min-max over runs, for repeated-run rows whose runs were scored here. */
  range: { recall: MetricRange | null; precision: MetricRange | null; f1: MetricRange | null } | null;
  /** False when a repository in the scope has no published cell for this entry, so the scope cannot be pooled. */
  complete: boolean;
};

export type LeaderboardScope = { repos: string[]; language: string | null };

export type LeaderboardView = {
  benchmark: BenchmarkRef;
  scope: LeaderboardScope;
  /** Reference bugs in the scope (null when a repository's count is unknown). */
  scope_reference_bugs: number | null;
  stamp: string;
  rows: LeaderboardRow[];
};
