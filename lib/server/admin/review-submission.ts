import "server-only";
import { db } from "../../db";
import type { z } from "zod";
import { AppError } from "../../errors";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { emitSubmissionEvent } from "../webhooks/emit-webhook-event";
import { refreshHolm } from "../analyses/fix-rank-tests";
import type { reviewSubmissionBodySchema, reviewedSubmissionSchema } from "../../contracts/admin";

/**
 * An admin approves a scored submission for the public board, or rejects one (also an approved one, which takes it
 * off the board again). The status change is guarded on the status read, and recorded in the audit log in the same
 * transaction.
 */
export async function reviewSubmission(
  actorId: string,
  id: string,
  review: z.output<typeof reviewSubmissionBodySchema>,
): Promise<z.input<typeof reviewedSubmissionSchema>> {
  const { decision, reason } = review;
  const reviewed = await db.$transaction(async (tx) => {
    const submission = await tx.submission.findUnique({
      where: { id },
      select: { id: true, reviewStatus: true, scoringStatus: true, model: true, benchmarkId: true },
    });
    if (!submission) throw new AppError("not_found", "Submission not found");
    const from = submission.reviewStatus;
    const allowedFrom = decision === "approve" ? ["pending", "rejected"] : ["pending", "approved"];
    if (!allowedFrom.includes(from))
      throw new AppError(
        "conflict",
        `A ${from} submission cannot be ${decision === "approve" ? "approved" : "rejected"}`,
      );
    if (decision === "approve" && submission.scoringStatus !== "scored") {
      throw new AppError(
        "conflict",
        `Only a scored submission can be approved; this one is ${submission.scoringStatus}`,
      );
    }
    const to = decision === "approve" ? "approved" : "rejected";
    const { count } = await tx.submission.updateMany({
      where: { id, reviewStatus: from },
      data: { reviewStatus: to, reviewReason: reason ?? null },
    });
    if (count === 0)
      throw new AppError("conflict", "The submission changed while you were reviewing it; reload and try again");
    await recordAuditLog(tx, {
      actorId,
      action: `submission.${decision}`,
      target: `submission:${id}`,
      reason: reason ?? null,
      details: { model: submission.model, from, to },
    });
    return { id, review_status: to, benchmarkId: submission.benchmarkId } as const;
  });
  // §C.4: the approved runs are the family Holm adjusts across, so it changed.
  await refreshHolm(reviewed.benchmarkId);
  await emitSubmissionEvent(reviewed.review_status === "approved" ? "submission.approved" : "submission.rejected", id, {
    reason: reason ?? null,
  });
  return { id: reviewed.id, review_status: reviewed.review_status };
}
