import { db } from "../../db";
import { log } from "../../observability/log";
import type { WebhookEventType } from "../../contracts/webhooks";
import { queueDelivery } from "./webhook-endpoints";

// Events of a submission go to its submitter's endpoints subscribed to them; `audit_run.finished` to admins'
// endpoints. Emitting never fails the change that caused it: a lost event is logged, the change stands.

type SubmissionEvent = Exclude<WebhookEventType, "audit_run.finished">;

export async function emitSubmissionEvent(
  type: SubmissionEvent,
  submissionId: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  try {
    const submission = await db.submission.findUnique({
      where: { id: submissionId },
      select: {
        id: true,
        submitterId: true,
        model: true,
        scoringStatus: true,
        reviewStatus: true,
        benchmark: { select: { slug: true, version: true } },
      },
    });
    if (!submission?.submitterId) return;
    const endpoints = await db.webhookEndpoint.findMany({
      where: { userId: submission.submitterId, events: { has: type }, disabledAt: null },
      select: { id: true },
    });
    const data = {
      submission_id: submission.id,
      benchmark: `${submission.benchmark.slug}@${submission.benchmark.version}`,
      model: submission.model,
      status: submission.scoringStatus,
      review_status: submission.reviewStatus,
      url: `/api/v1/submissions/${submission.id}`,
      ...extra,
    };
    for (const endpoint of endpoints)
      await queueDelivery(endpoint.id, { type, timestamp: new Date().toISOString(), data });
  } catch (error) {
    log.error({ err: error, submissionId, event: type }, "could not queue a webhook delivery");
  }
}

export async function emitAuditRunFinished(runId: string): Promise<void> {
  try {
    const run = await db.auditRun.findUnique({
      where: { id: runId },
      select: { id: true, status: true, model: true, submissionId: true },
    });
    if (!run) return;
    const endpoints = await db.webhookEndpoint.findMany({
      where: { events: { has: "audit_run.finished" }, disabledAt: null, user: { role: "admin", disabledAt: null } },
      select: { id: true },
    });
    const data = {
      audit_run_id: run.id,
      status: run.status,
      model: run.model,
      submission_id: run.submissionId ?? undefined,
      url: `/api/v1/admin/runs/${run.id}`,
    };
    for (const endpoint of endpoints)
      await queueDelivery(endpoint.id, { type: "audit_run.finished", timestamp: new Date().toISOString(), data });
  } catch (error) {
    log.error({ err: error, runId, event: "audit_run.finished" }, "could not queue a webhook delivery");
  }
}
