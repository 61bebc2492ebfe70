import type { z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { readScoreBreakdowns } from "./read-scores";
import { readScoringRecord } from "./scoring-usage";
import { readAttributionJob, readPanelView } from "../panel/read-panel";
import type { submissionStatusSchema } from "../../contracts/submissions";
import { canViewSubmission, type Viewer } from "../../auth/viewer";

export type SubmissionStatus = z.input<typeof submissionStatusSchema>;

/** The API view of a submission. Unknown and invisible submissions are both "not found", so ids cannot be probed. */
export async function getSubmissionStatus(id: string, viewer: Viewer): Promise<SubmissionStatus> {
  const submission = await db.submission.findUnique({
    where: { id },
    include: {
      benchmark: true,
      judgeUsage: true,
      runs: { select: { id: true, _count: { select: { findings: true } } } },
    },
  });
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  const result: SubmissionStatus = {
    id: submission.id,
    status: submission.scoringStatus,
    progress: submission.scoringProgress,
    review_status: submission.reviewStatus,
    benchmark: { slug: submission.benchmark.slug, version: submission.benchmark.version },
    model: submission.model,
    reasoning_effort: submission.reasoningEffort,
    harness: submission.harness,
    cost_usd: submission.costUsd,
    runs: submission.runs.length,
    findings: submission.runs.reduce((n, r) => n + r._count.findings, 0),
    created_at: submission.createdAt.toISOString(),
    scored_at: submission.scoredAt?.toISOString() ?? null,
    panel: null,
    panel_job: null,
    attribution: null,
  };
  const panel = await readPanelView(submission.id);
  if (panel) Object.assign(result, { panel: panel.panel, panel_job: panel.job });
  result.attribution = await readAttributionJob(submission.id);
  // A failure, or why scoring waits for an admin (the judge-call budget), is shown to the submitter.
  if (
    (submission.scoringStatus === "failed" || submission.scoringStatus === "awaiting_approval") &&
    submission.scoringError
  )
    result.error = submission.scoringError;
  // While scoring, the row's message is what the attempt waits for (the provider's rate limit, a retry).
  if (submission.scoringStatus === "scoring" && submission.scoringError) result.note = submission.scoringError;
  if (submission.scoringStatus === "scored") {
    const breakdowns = await readScoreBreakdowns(submission.id);
    if (breakdowns.mean) {
      const { distinct_findings, matched_distinct_findings, ...mean } = breakdowns.mean;
      result.scores = { ...mean };
      if (breakdowns.runs.length > 1) {
        // Recall and precision count reported findings (Table 3); the distinct counts, the curve and the spectrum
        // count distinct findings (same-root-cause components).
        Object.assign(result.scores, { distinct_findings, matched_distinct_findings });
        result.scores.runs = breakdowns.runs;
        result.scores.curves = breakdowns.curves;
        result.scores.spectrum = breakdowns.spectrum;
      }
    }
    const usage = submission.judgeUsage[0];
    if (usage) result.scoring = await readScoringRecord(submission, usage);
  }
  return result;
}
