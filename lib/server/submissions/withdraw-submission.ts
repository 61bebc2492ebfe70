import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import { canViewSubmission, type Viewer } from "../../auth/viewer";
import type { z } from "zod";
import type { withdrawnSubmissionSchema } from "../../contracts/submissions";

/**
 * The submitter takes back a submission awaiting review; it then never becomes public. Someone who cannot see the
 * submission gets "not found"; staff who can see it but did not submit it are refused (they reject instead).
 *
 * Scoring not yet finished stops: the same transaction marks it withdrawn and takes a new scoring token, so the attempt
 * still running loses its claim (worker/jobs/fenced-row.ts) at its next write and stores nothing, and no queue, lease
 * or approval brings it back (they claim queued, scoring or awaiting-approval rows only). A submission already scored
 * keeps its scores. The quota still counts it: withdrawing is not a way to score for free.
 */
export async function withdrawSubmission(
  viewer: NonNullable<Viewer>,
  id: string,
): Promise<z.input<typeof withdrawnSubmissionSchema>> {
  const submission = await db.submission.findUnique({
    where: { id },
    select: { id: true, submitterId: true, reviewStatus: true },
  });
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  if (submission.submitterId !== viewer.id)
    throw new AppError("forbidden", "Only the submitter can withdraw a submission");
  // Guarded on the status, so a withdrawal racing an approval cannot undo it.
  const count = await db.$transaction(async (tx) => {
    const { count } = await tx.submission.updateMany({
      where: { id, reviewStatus: "pending" },
      data: { reviewStatus: "withdrawn" },
    });
    if (count === 1)
      await tx.submission.updateMany({
        where: { id, scoringStatus: { in: ["queued", "scoring", "awaiting_approval"] } },
        data: {
          scoringStatus: "withdrawn",
          scoringError: null,
          scoringLeaseUntil: null,
          claimToken: { increment: 1 },
        },
      });
    return count;
  });
  if (count === 0)
    throw new AppError(
      "conflict",
      `Only a submission awaiting review can be withdrawn; this one is ${submission.reviewStatus}`,
    );
  return { id, review_status: "withdrawn" };
}

/** Whether the viewer could withdraw the submission now (to show the button only where it works). */
export async function canWithdrawSubmission(viewerId: string, id: string): Promise<boolean> {
  const count = await db.submission.count({ where: { id, submitterId: viewerId, reviewStatus: "pending" } });
  return count > 0;
}
