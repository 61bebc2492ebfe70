import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import { RUNS_IN_ORDER, SUBMISSION_ACCESS_SELECT } from "../../db-selects";
import { AppError } from "../../errors";
import { columnsCsv, type CsvColumn } from "../../leaderboard/format-csv";
import { canViewSubmission, type Viewer } from "../../auth/viewer";
import { readScoreBreakdowns } from "../submissions/read-scores";
import { readUnionGrowth } from "./union-growth";
import { readRunGroups, readSubsetCurves } from "./subset-curves";
import { readRunShare } from "./run-share";
import { readDistinctFindingOverlap } from "./distinct-finding-overlap";
import { categoryOverlapView } from "./category-overlap";
import { readRunMatches } from "./run-matches";
import { readRunAgreement } from "./run-agreement-share";
import type { StoredScore } from "../../scoring/types";
import type { repeatedRunsQuerySchema, repeatedRunsSchema } from "../../contracts/repeated-runs";

// Repeated runs of one submission as a download: each run's scores over its reported findings with its distinct
// findings next to them, the union / at-least-n / intersection curve over distinct findings and the curves of subsets
// of the runs (Figure 9), and the frequency spectrum with the accumulated union (§E.2, Table 22). Same visibility as the submission itself.

/** GET /api/v1/submissions/{id}/runs's answer (CSV: one of its tables, repeatedRunsCsv). */
export type RepeatedRuns = z.input<typeof repeatedRunsSchema>;

export async function getRepeatedRuns(id: string, viewer: Viewer): Promise<RepeatedRuns> {
  const submission = await db.submission.findUnique({
    where: { id },
    select: {
      ...SUBMISSION_ACCESS_SELECT,
      scoredAt: true,
      benchmarkId: true,
      scoringAttemptId: true,
      runs: RUNS_IN_ORDER,
    },
  });
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  if (submission.runs.length < 2)
    throw new AppError("not_found", "This submission has one run: there is no repeated-run data");
  // Scores of the last completed scoring stay readable while a rescore runs.
  if (!submission.scoredAt)
    throw new AppError("conflict", `The submission is not scored yet (status: ${submission.scoringStatus})`);
  const scores = await readScoreBreakdowns(id);
  // Figures 7, 8 and 9's subset curves compare the runs on the reference bugs they match, read once for all three.
  const runMatches = readRunMatches(submission);
  const runGroups = readRunGroups(submission, scores, runMatches);
  const [unionGrowth, subsetCurves, runShare, distinctOverlap, categoryOverlap, runAgreement] = await Promise.all([
    readUnionGrowth(id, scores.spectrum),
    readSubsetCurves(submission, runGroups),
    readRunShare(submission, runGroups),
    readDistinctFindingOverlap(submission, runGroups, runMatches),
    runMatches.then(categoryOverlapView),
    readRunAgreement(submission, runMatches),
  ]);
  return {
    submission_id: submission.id,
    runs: scores.runs.map((run) => ({
      run: run.run,
      // Recall and precision count reported findings (the paper's Table 3).
      ...run.overall,
      // Distinct findings: reports of one root cause count once.
      distinct_findings: run.distinct_findings,
      matched_distinct_findings: run.matched_distinct_findings,
    })),
    // Findings and precision of the curve count distinct findings (components), not reports.
    curve: scores.curves,
    spectrum: scores.spectrum,
    union_growth: unionGrowth,
    subset_curves: subsetCurves,
    category_overlap: categoryOverlap,
    category_overlap_distinct: distinctOverlap,
    run_share: runShare,
    run_agreement: runAgreement,
  };
}

type Figures = Pick<StoredScore, "matched_reference_bugs" | "reference_bugs" | "recall" | "precision" | "f1">;

/** Reference bugs found and the ratios, the last columns of the runs and curve tables. */
function figureColumns<R extends Figures>(): CsvColumn<R>[] {
  return [
    ["matched_reference_bugs", (r) => r.matched_reference_bugs],
    ["reference_bugs", (r) => r.reference_bugs],
    ["recall", (r) => r.recall],
    ["precision", (r) => r.precision],
    ["f1", (r) => r.f1],
  ];
}

const RUN_COLUMNS: CsvColumn<RepeatedRuns["runs"][number]>[] = [
  ["run", (r) => r.run + 1],
  ["reported_findings", (r) => r.findings],
  ["matched_reported_findings", (r) => r.matched_findings],
  ["distinct_findings", (r) => r.distinct_findings],
  ["matched_distinct_findings", (r) => r.matched_distinct_findings],
  ...figureColumns(),
];

// The curve counts distinct findings (components), not reports.
const CURVE_COLUMNS: CsvColumn<RepeatedRuns["curve"][number]>[] = [
  ["n", (c) => c.n],
  ["label", (c) => c.label],
  ["distinct_findings", (c) => c.findings],
  ["matched_distinct_findings", (c) => c.matched_findings],
  ...figureColumns(),
];

type SubsetPointRow = RepeatedRuns["curve"][number] & { runs: readonly number[]; paperPrefix: boolean };
// One row per subset and n; the subset's runs 1-based, as in the runs table.
const SUBSET_CURVE_COLUMNS: CsvColumn<SubsetPointRow>[] = [
  ["subset_runs", (r) => r.runs.map((run) => run + 1).join(" ")],
  ["subset_size", (r) => r.runs.length],
  ["paper_prefix", (r) => (r.paperPrefix ? "true" : "false")],
  ...CURVE_COLUMNS,
];

const SPECTRUM_COLUMNS: CsvColumn<RepeatedRuns["spectrum"][number]>[] = [
  ["n", (p) => p.n],
  ["exactly_n_runs_matched", (p) => p.exactly_matched],
  ["exactly_n_runs_unmatched", (p) => p.exactly_unmatched],
  ["union_runs_1_to_n_matched", (p) => p.union_matched],
  ["union_runs_1_to_n_unmatched", (p) => p.union_unmatched],
];

const UNION_GROWTH_COLUMNS: CsvColumn<RepeatedRuns["union_growth"][number]>[] = [
  ["n", (r) => r.n],
  ["observed_union", (r) => r.observed],
  ["expected_union_stable_beta", (r) => r.expected],
  ["projected", (r) => r.projected],
];

type OverlapRow = NonNullable<RepeatedRuns["category_overlap"]>["categories"][number];
const CATEGORY_OVERLAP_COLUMNS: CsvColumn<OverlapRow>[] = [
  ["category", (r) => r.category],
  ["reference_bugs", (r) => r.reference_bugs],
  ["mean_found", (r) => r.mean_found],
  ["reference_recall", (r) => r.reference_recall],
  ["run_overlap", (r) => r.run_overlap],
  ["run_pairs", (r) => r.pairs],
  ["ratio", (r) => r.ratio],
];

type AgreementRow = NonNullable<RepeatedRuns["run_agreement"]>["buckets"][number];
const RUN_AGREEMENT_COLUMNS: CsvColumn<AgreementRow>[] = [
  ["runs_finding", (r) => r.runs_finding],
  ["reference_bugs", (r) => r.reference_bugs],
  ["uncategorised_reference_bugs", (r) => r.uncategorised_reference_bugs],
  ["other_configurations", (r) => r.configurations],
  ["others_share", (r) => r.others_share],
  ["held_out_share", (r) => r.held_out_share],
  ["baseline_mean", (r) => r.baseline_mean],
  ["baseline_low_2_5", (r) => r.baseline_low],
  ["baseline_high_97_5", (r) => r.baseline_high],
];

type DistinctOverlapRow = NonNullable<RepeatedRuns["category_overlap_distinct"]>["categories"][number];
const DISTINCT_OVERLAP_COLUMNS: CsvColumn<DistinctOverlapRow>[] = [
  ["category", (r) => r.category],
  ["distinct_findings", (r) => r.distinct_findings],
  ["run_overlap", (r) => r.run_overlap],
  ["run_pairs", (r) => r.pairs],
  ["reference_recall", (r) => r.reference_recall],
  ["ratio", (r) => r.ratio],
];

type RunShareRow = { run: number; share: number | null };
const RUN_SHARE_COLUMNS: CsvColumn<RunShareRow>[] = [
  ["run", (r) => r.run + 1],
  ["share_reported_by_another_run", (r) => r.share],
];

/** One table of the download as CSV (ratios as fractions in 0..1, empty when there is no value). */
export function repeatedRunsCsv(data: RepeatedRuns, table: z.output<typeof repeatedRunsQuerySchema>["table"]): string {
  if (table === "category_overlap_distinct")
    return columnsCsv(DISTINCT_OVERLAP_COLUMNS, data.category_overlap_distinct?.categories ?? []);
  if (table === "run_share")
    return columnsCsv(
      RUN_SHARE_COLUMNS,
      (data.run_share?.per_run ?? []).map((share, run) => ({ run, share })),
    );
  if (table === "run_agreement") return columnsCsv(RUN_AGREEMENT_COLUMNS, data.run_agreement?.buckets ?? []);
  if (table === "category_overlap")
    return columnsCsv(CATEGORY_OVERLAP_COLUMNS, data.category_overlap?.categories ?? []);
  if (table === "union_growth") return columnsCsv(UNION_GROWTH_COLUMNS, data.union_growth);
  if (table === "runs") return columnsCsv(RUN_COLUMNS, data.runs);
  if (table === "curve") return columnsCsv(CURVE_COLUMNS, data.curve);
  if (table === "subset_curves")
    return columnsCsv(
      SUBSET_CURVE_COLUMNS,
      (data.subset_curves?.subsets ?? []).flatMap((s) =>
        s.points.map((point) => ({ ...point, runs: s.runs, paperPrefix: s.paper_prefix })),
      ),
    );
  return columnsCsv(SPECTRUM_COLUMNS, data.spectrum);
}
