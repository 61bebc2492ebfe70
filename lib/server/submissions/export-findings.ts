import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { FINDINGS_LICENCE, type submissionFindingsSchema } from "../../contracts/submissions";
import { canViewSubmission, type Viewer } from "../../auth/viewer";

type SubmissionFindings = z.input<typeof submissionFindingsSchema>;

/**
 * One entry's findings as stored, with its metadata and licence: what SWE-bench publishes as predictions. Only the
 * submitter's own text: no reference bug, match or verdict, so nothing hidden can be read from it. Unknown and
 * invisible submissions are both "not found", as in getSubmissionStatus.
 */
export async function exportSubmissionFindings(id: string, viewer: Viewer): Promise<SubmissionFindings> {
  const submission = await db.submission.findUnique({
    where: { id },
    include: {
      benchmark: { select: { slug: true, version: true } },
      submitter: { select: { name: true } },
      runs: {
        orderBy: { index: "asc" },
        select: {
          index: true,
          costUsd: true,
          findings: { orderBy: { ordinal: "asc" }, include: { repository: { select: { name: true } } } },
        },
      },
    },
  });
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  return {
    id: submission.id,
    licence: { ...FINDINGS_LICENCE },
    benchmark: submission.benchmark,
    model: submission.model,
    open_model: submission.openModel,
    knowledge_cutoff: submission.knowledgeCutoff,
    reasoning_effort: submission.reasoningEffort,
    harness: submission.harness,
    cost_usd: submission.costUsd,
    report_url: submission.reportUrl,
    submitter: submission.submitter?.name ?? null,
    source: submission.source,
    review_status: submission.reviewStatus,
    created_at: submission.createdAt.toISOString(),
    scored_at: submission.scoredAt?.toISOString() ?? null,
    original_format: "findings",
    runs: submission.runs.map((run) => ({
      index: run.index,
      cost_usd: run.costUsd,
      findings: run.findings.map((f) => ({
        id: f.externalId,
        repo: f.repository.name,
        file: f.file,
        line_start: f.lineStart,
        line_end: f.lineEnd,
        title: f.title,
        description: f.description,
        code_snippet: f.codeSnippet,
        severity: f.severity,
        confidence: f.confidence,
        suggested_fix: f.suggestedFix,
        category: f.category,
        trigger: f.trigger,
      })),
    })),
  };
}
