import { db } from "../../db";
import { AppError } from "../../errors";
import { pocRecordSchema, type PocRecord } from "../../agent/sandbox-judge";
import { summarizeVerdicts } from "../../panel/verdicts";
import { pageInfo, pageWindow } from "../pagination";
import { canViewSubmission, type Viewer } from "../../auth/viewer";
import type { z } from "zod";
import type {
  panelJobSchema,
  panelReviewsQuerySchema,
  panelReviewsSchema,
  panelViewSchema,
} from "../../contracts/panel";

// Reading panel and attribution results: the `panel` object of GET /api/v1/submissions/{id} (counts only, for anyone
// who may see the submission) and each sampled finding's verdicts and rationales (maintainers and admins).

/** cost_usd: the stored verdicts; spent_usd: every call the panel paid for (replies asked again, killed attempts). */
export type PanelView = z.input<typeof panelViewSchema>;
export type PanelJobView = z.input<typeof panelJobSchema>;

/** The panel object, exactly as the API documents it, and its job's progress; null when no panel was ever started. */
export async function readPanelView(submissionId: string): Promise<{ panel: PanelView; job: PanelJobView } | null> {
  const run = await db.panelRun.findUnique({ where: { submissionId } });
  if (!run) return null;
  const samples = await db.panelSample.findMany({
    where: { panelRunId: run.id },
    select: { verdict: true, matched: true, reason: true, pocRan: true, repositoryRead: true },
  });
  // Figures are shown only from a finished panel: a running one would show a partial, misleading validity.
  const counts = summarizeVerdicts(run.status === "done" ? samples : []);
  return {
    panel: {
      status: run.status,
      ...counts,
      sampled: run.status === "done" ? counts.sampled : run.sampled,
      cost_usd: run.costUsd,
      spent_usd: run.spentUsd,
    },
    job: {
      status: run.status,
      progress: run.progress,
      error: run.error,
      started_at: run.updatedAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
      // No seed: it is not public (docs/security.md, Blindness); the admin who started the panel has it.
      sample_size: run.sampleSize,
      runs: run.runs,
      judges: run.judges,
      tier2_judge: run.tier2Judge,
      judge_calls: run.judgeCalls,
      spent_calls: run.spentCalls,
      spent_input_tokens: run.spentInputTokens,
      spent_cached_input_tokens: run.spentCachedInputTokens,
      spent_output_tokens: run.spentOutputTokens,
      retries: run.retries,
      confidence_cap: "low",
    },
  };
}

export async function readAttributionJob(submissionId: string) {
  const run = await db.attributionRun.findUnique({ where: { submissionId } });
  if (!run) return null;
  return {
    status: run.status,
    progress: run.progress,
    error: run.error,
    model: run.model,
    prompt_version: run.promptVersion,
    subjects: run.total,
    self_reported: run.selfReported,
    classified: run.classified,
    cached: run.cached,
    llm_calls: run.judgeCalls,
    input_tokens: run.inputTokens,
    cached_input_tokens: run.cachedInputTokens,
    output_tokens: run.outputTokens,
    cost_usd: run.costUsd,
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

const GRADING_UNFINISHED =
  "You are grading this panel's sample: its verdicts are shown once you have graded every finding of it (on /grading/panels)";

/**
 * Whether the caller has graded some but not all of the panel's sample: until they finish, the panel's verdicts and
 * rationales are theirs to see nowhere (this API, the submission page), or their grades would not be blind.
 */
async function gradingUnfinished(callerId: string, panelRunId: string): Promise<boolean> {
  const [sampled, graded] = await Promise.all([
    db.panelSample.count({ where: { panelRunId } }),
    db.panelSample.count({ where: { panelRunId, grades: { some: { graderId: callerId } } } }),
  ]);
  return graded > 0 && graded < sampled;
}

/** The submission page's view of the reviews: null while the viewer's grading of the panel is unfinished. */
export async function readPanelReviewsUnlessGrading(
  submissionId: string,
  viewer: NonNullable<Viewer>,
  query: z.output<typeof panelReviewsQuerySchema>,
): Promise<z.input<typeof panelReviewsSchema> | null> {
  const run = await db.panelRun.findUnique({ where: { submissionId }, select: { id: true } });
  if (run && (await gradingUnfinished(viewer.id, run.id))) return null;
  return listPanelReviews(submissionId, viewer, query);
}

function proofOfConcept(review: {
  sandboxed: boolean;
  pocRan: boolean;
  poc: unknown;
}): (PocRecord & { ran: boolean }) | null {
  if (!review.sandboxed) return null;
  const record = pocRecordSchema.safeParse(review.poc);
  return { ran: review.pocRan, ...(record.success ? record.data : { turns: 0, commands: [], commands_omitted: 0 }) };
}

/** GET /api/v1/submissions/{id}/panel: every sampled finding with each judge's verdict and rationale (staff only). */
export async function listPanelReviews(
  submissionId: string,
  viewer: Viewer,
  query: z.output<typeof panelReviewsQuerySchema>,
): Promise<z.input<typeof panelReviewsSchema>> {
  const submission = await db.submission.findUnique({
    where: { id: submissionId },
    select: { submitterId: true, reviewStatus: true },
  });
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  if (!viewer || (viewer.role !== "maintainer" && viewer.role !== "admin"))
    throw new AppError("forbidden", "Only maintainers and admins can read the panel's rationales");
  const { page, per_page, verdict } = query;
  const run = await db.panelRun.findUnique({ where: { submissionId }, select: { id: true } });
  if (!run) return { findings: [], pagination: pageInfo(0, page, per_page) };
  if (await gradingUnfinished(viewer.id, run.id)) throw new AppError("forbidden", GRADING_UNFINISHED);
  const where = { panelRunId: run.id, ...(verdict ? { verdict } : {}) };
  const [total, rows] = await Promise.all([
    db.panelSample.count({ where }),
    db.panelSample.findMany({
      where,
      orderBy: [{ runIndex: "asc" }, { repository: "asc" }, { opaqueId: "asc" }],
      ...pageWindow(page, per_page),
      include: {
        finding: {
          select: {
            file: true,
            lineStart: true,
            lineEnd: true,
            title: true,
            panelReviews: { where: { panelRunId: run.id }, orderBy: [{ tier: "asc" }, { judge: "asc" }] },
          },
        },
      },
    }),
  ]);
  return {
    findings: rows.map(({ finding, ...r }) => ({
      opaque_id: r.opaqueId,
      finding_id: r.findingId,
      run: r.runIndex,
      repository: r.repository,
      file: finding.file,
      line_start: finding.lineStart,
      line_end: finding.lineEnd,
      title: finding.title,
      matched: r.matched,
      verdict: r.verdict,
      reason: r.reason,
      severity: r.severity,
      confidence: r.confidence,
      repository_read: r.repositoryRead,
      proof_of_concept_ran: r.pocRan,
      reviews: finding.panelReviews.map((v) => ({
        tier: v.tier,
        judge: v.judge,
        verdict: v.verdict,
        reason: v.reason,
        severity: v.severity,
        confidence: v.confidence,
        rationale: v.rationale,
        proof_of_concept: proofOfConcept(v),
      })),
    })),
    pagination: pageInfo(total, page, per_page),
  };
}
