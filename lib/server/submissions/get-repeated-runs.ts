import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import { toCsv } from "../../leaderboard/format-csv";
import { canViewSubmission, type Viewer } from "./get-submission-status";
import { readScoreBreakdowns } from "./read-scores";

// Repeated runs of one submission as a download: each run's scores over its reported findings with its distinct
// findings next to them, the union / at-least-n / intersection curve over distinct findings, and the frequency
// spectrum with the accumulated union (§E.2, Table 22). Same visibility as the submission itself.

// GET /api/v1/submissions/{id}/runs[?format=csv&table=runs|curve|spectrum]: the query and answer are in lib/contracts/analyses.ts.
export { repeatedRunsQuerySchema } from "../../contracts/analyses";

export async function getRepeatedRuns(id: string, viewer: Viewer) {
  const submission = await db.submission.findUnique({
    where: { id },
    select: {
      id: true,
      submitterId: true,
      reviewStatus: true,
      scoringStatus: true,
      scoredAt: true,
      runs: { select: { index: true }, orderBy: { index: "asc" } },
    },
  });
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  if (submission.runs.length < 2)
    throw new AppError("not_found", "This submission has one run: there is no repeated-run data");
  // Scores of the last completed scoring stay readable while a rescore runs.
  if (!submission.scoredAt)
    throw new AppError("conflict", `The submission is not scored yet (status: ${submission.scoringStatus})`);
  const scores = await readScoreBreakdowns(id);
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
  };
}

export type RepeatedRuns = Awaited<ReturnType<typeof getRepeatedRuns>>;

/** One table of the download as CSV (ratios as fractions in 0..1, empty when there is no value). */
export function repeatedRunsCsv(data: RepeatedRuns, table: "runs" | "curve" | "spectrum"): string {
  if (table === "runs") {
    return toCsv(
      [
        "run",
        "reported_findings",
        "matched_reported_findings",
        "distinct_findings",
        "matched_distinct_findings",
        "matched_reference_bugs",
        "reference_bugs",
        "recall",
        "precision",
        "f1",
      ],
      data.runs.map((r) => [
        r.run + 1,
        r.findings,
        r.matched_findings,
        r.distinct_findings,
        r.matched_distinct_findings,
        r.matched_reference_bugs,
        r.reference_bugs,
        r.recall,
        r.precision,
        r.f1,
      ]),
    );
  }
  if (table === "curve") {
    return toCsv(
      [
        "n",
        "label",
        "distinct_findings",
        "matched_distinct_findings",
        "matched_reference_bugs",
        "reference_bugs",
        "recall",
        "precision",
        "f1",
      ],
      data.curve.map((c) => [
        c.n,
        c.label,
        c.findings,
        c.matched_findings,
        c.matched_reference_bugs,
        c.reference_bugs,
        c.recall,
        c.precision,
        c.f1,
      ]),
    );
  }
  return toCsv(
    [
      "n",
      "exactly_n_runs_matched",
      "exactly_n_runs_unmatched",
      "union_runs_1_to_n_matched",
      "union_runs_1_to_n_unmatched",
    ],
    data.spectrum.map((p) => [p.n, p.exactly_matched, p.exactly_unmatched, p.union_matched, p.union_unmatched]),
  );
}
