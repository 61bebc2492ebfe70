import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { log } from "../../observability/log";
import { FINDINGS_LICENCE, type submissionFindingsSchema } from "../../contracts/submissions";
import { canViewSubmission, type Viewer } from "../../auth/viewer";
import { bugTextFields } from "../../validation/common";
import { BUG_TEXT_SELECT } from "../../db-selects";

type SubmissionFindings = z.input<typeof submissionFindingsSchema>;
type ExportedFinding = SubmissionFindings["runs"][number]["findings"][number];

// Findings read per query: a page of 1,000 findings at the field limits is at most ~60 MB of text, typically ~1 MB.
const PAGE_SIZE = 1_000;

/**
 * One entry's findings as stored, with its metadata and licence: what SWE-bench publishes as predictions. Only the
 * submitter's own text: no reference bug, match or verdict, so nothing hidden can be read from it. Unknown and
 * invisible submissions are both "not found", as in getSubmissionStatus.
 *
 * A file may hold 200,000 findings (MAX_FINDINGS_PER_FILE), so the body is streamed: the metadata, then each run's
 * findings read from the database a page at a time (keyset on the run's ordinal) as the client reads, never the whole
 * file in memory. The visibility check runs before the first byte, so a refusal is still a proper 404.
 */
export async function streamSubmissionFindings(id: string, viewer: Viewer): Promise<ReadableStream<Uint8Array>> {
  const submission = await db.submission.findUnique({
    where: { id },
    include: {
      benchmark: { select: { slug: true, version: true, repositories: { select: { id: true, name: true } } } },
      submitter: { select: { name: true } },
      runs: { orderBy: { index: "asc" }, select: { id: true, index: true, costUsd: true } },
    },
  });
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  const metadata: Omit<SubmissionFindings, "runs"> = {
    id: submission.id,
    licence: { ...FINDINGS_LICENCE },
    benchmark: { slug: submission.benchmark.slug, version: submission.benchmark.version },
    model: submission.model,
    open_model: submission.openModel,
    organisation: submission.organisation,
    model_licence: submission.modelLicence,
    parameter_count: submission.parameterCount === null ? null : Number(submission.parameterCount),
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
  };
  const repositories = new Map(submission.benchmark.repositories.map((r) => [r.id, r.name]));
  const chunks = findingsJson(metadata, submission.runs, repositories);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    // One chunk per pull: the next page is read only once the client has taken the previous one.
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        log.error({ err: error, submissionId: id }, "findings download failed mid-stream");
        controller.error(new Error("The findings download failed"));
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The JSON text of the download in pieces: the metadata, then a page of findings per piece. */
async function* findingsJson(
  metadata: Omit<SubmissionFindings, "runs">,
  runs: { id: string; index: number; costUsd: number | null }[],
  repositories: Map<string, string>,
): AsyncGenerator<string, void, undefined> {
  // The metadata object without its closing brace, then the runs array.
  yield `${JSON.stringify(metadata).slice(0, -1)},"runs":[`;
  for (const [i, run] of runs.entries()) {
    yield `${i > 0 ? "," : ""}{"index":${run.index},"cost_usd":${JSON.stringify(run.costUsd)},"findings":[`;
    let after = -1;
    let first = true;
    for (;;) {
      const page = await db.finding.findMany({
        where: { runId: run.id, ordinal: { gt: after } },
        orderBy: { ordinal: "asc" },
        take: PAGE_SIZE,
        select: {
          ordinal: true,
          externalId: true,
          repositoryId: true,
          ...BUG_TEXT_SELECT,
          severity: true,
          confidence: true,
          suggestedFix: true,
          category: true,
          trigger: true,
        },
      });
      if (page.length === 0) break;
      const text = page
        .map((f) => {
          const exported: ExportedFinding = {
            id: f.externalId,
            repo: repositories.get(f.repositoryId) ?? "",
            ...bugTextFields(f),
            severity: f.severity,
            confidence: f.confidence,
            suggested_fix: f.suggestedFix,
            category: f.category,
            trigger: f.trigger,
          };
          return JSON.stringify(exported);
        })
        .join(",");
      yield `${first ? "" : ","}${text}`;
      first = false;
      after = page.at(-1)!.ordinal;
      if (page.length < PAGE_SIZE) break;
    }
    yield "]}";
  }
  yield "]}";
}
