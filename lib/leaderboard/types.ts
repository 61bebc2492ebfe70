import type { ContaminationSummary } from "../analyses/contamination-summary";
import type { ValidityBasis } from "../panel/verdicts";
import type { z } from "zod";
import type { benchmarkRefSchema, leaderboardSchema, postCutoffRecallSchema } from "../contracts/public-reads";
import type { Interval, StoredScore } from "../scoring/types";

// Shapes shared by the leaderboard data layer, the API and the pages. Everything here is plain JSON (no Dates, no
// Maps) because it crosses into client components and the cached ISR payload.

/**
 * A cell of the views is the one stored score shape (lib/scoring/types.ts StoredScore). A null is "no value": a
 * ratio with an empty denominator, or a number that was never published (reported entries store NaN for what the
 * paper does not give; see lib/server/reported/import-reported.ts). Ratios are fractions in 0..1; counts may be
 * fractional for means over runs.
 */
export type BenchmarkRef = z.output<typeof benchmarkRefSchema>;

export type PostCutoffRecall = z.output<typeof postCutoffRecallSchema>;

export type PublicBenchmark = BenchmarkRef & { entries: number; verified: number; reported: number };

export type RepositoryInfo = {
  name: string;
  language: string;
  domain: string | null;
  snapshotCommit: string | null;
  /** Stored ReferenceBug rows, or the published count where the rows are not stored. Null when unknown. */
  referenceBugs: number | null;
  /** Whether the bugs themselves are stored (the reference-bug pages list them), not only a published count. */
  referenceBugsListed: boolean;
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
  /**
   * A repository-checked headline beside text-only verdicts rests on a subset chosen by repository: its share of the
   * sampled findings, and the whole sample's validity with its interval. Null when the headline is the whole sample.
   */
  checkedShare: number | null;
  wholeValidity: number | null;
  wholeInterval: Interval | null;
  sampled: number | null;
  /** Verified panels: sampled findings a maintainer graded blind (Table 15); null for reported rows. */
  graded: number | null;
};

/** A span of time an entry was on the board: ISO instants, `to` null while it still is. */
export type PublicPeriod = { from: string; to: string | null };

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
  /** The submitter's statement that the model's weights are published; null when not stated. */
  openModel: boolean | null;
  /** Model metadata as the submitter stated it (lib/validation/model-metadata.ts); null when not stated. */
  organisation: string | null;
  modelLicence: string | null;
  parameterCount: number | null;
  /** When the entry was on the board (lib/leaderboard/history.ts), oldest first; the last is open. */
  publicPeriods: PublicPeriod[];
  notes: string | null;
  panel: PanelValidity | null;
  /** §C.4: the configuration's fix-rank tests summarised; null when none is stored or published. */
  contamination: ContaminationSummary | null;
  /** Recall over the reference bugs fixed after the entry's knowledge cut-off; null without a cut-off. */
  postCutoff: PostCutoffRecall | null;
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
  /** Whether anyone may compare its entries (/compare): public reference details and a public verified entry. */
  comparable: boolean;
  /** Changes whenever anything the views show changes; used as ETag and to check freshness of cached pages. */
  stamp: string;
  generatedAt: string;
};

/**
 * One leaderboard view for a chosen scope (all repositories, a language, or a repository subset), published as-is by
 * GET /api/v1/leaderboard: its rows (snake_case like the rest of the public API and lib/scoring/types.ts) and the
 * reference bugs in the scope (null when a repository's count is unknown). The contract is the one definition.
 */
export type LeaderboardView = z.output<typeof leaderboardSchema>;
export type LeaderboardRow = LeaderboardView["rows"][number];
export type LeaderboardScope = LeaderboardView["scope"];
export type MetricRange = NonNullable<NonNullable<LeaderboardRow["range"]>["recall"]>;
