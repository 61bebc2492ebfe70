import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import { pageInfo, pageWindow } from "../pagination";
import { summarizeSubmission } from "./summarize-submission";
import type { listSubmissionsQuerySchema, submissionListSchema } from "../../contracts/submissions";

/** The submissions of one user, newest first: the submitter's private view, whatever their review status. */
export async function listUserSubmissions(
  userId: string,
  query: z.output<typeof listSubmissionsQuerySchema>,
): Promise<Omit<z.input<typeof submissionListSchema>, "quota">> {
  const { page, per_page } = query;
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
