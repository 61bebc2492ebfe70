import "server-only";
import { z } from "zod";
import { db } from "../../db";
import { parseOrThrow } from "../../errors";
import { pageInfo, pageWindow } from "../pagination";
import { summarizeSubmission } from "./summarize-submission";
import { type PageInfo, pageQuerySchema } from "../../contracts/common";
import type { submissionSummarySchema } from "../../contracts/submissions";

const userSubmissionsQuerySchema = z.object(pageQuerySchema);

export type SubmissionSummary = z.input<typeof submissionSummarySchema>;

/** The submissions of one user, newest first: the submitter's private view, whatever their review status. */
export async function listUserSubmissions(
  userId: string,
  query: unknown = {},
): Promise<{ submissions: SubmissionSummary[]; pagination: PageInfo }> {
  const { page, per_page } = parseOrThrow(userSubmissionsQuerySchema, query, "The query");
  const where = { submitterId: userId };
  const [total, rows] = await Promise.all([
    db.submission.count({ where }),
    db.submission.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      ...pageWindow(page, per_page),
      include: {
        benchmark: { select: { slug: true, version: true } },
        scores: { where: { kind: "mean", scope: "overall" } },
      },
    }),
  ]);
  const submissions = rows.map((s) => ({
    ...summarizeSubmission(s),
    status: s.scoringStatus,
    progress: s.scoringProgress,
    error: s.scoringStatus === "failed" || s.scoringStatus === "awaiting_approval" ? s.scoringError : null,
    review_status: s.reviewStatus,
  }));
  return { submissions, pagination: pageInfo(total, page, per_page) };
}
