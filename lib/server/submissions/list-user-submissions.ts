import "server-only";
import { z } from "zod";
import { db } from "../../db";
import { parseOrThrow } from "../../errors";
import { pageInfo, pageWindow } from "../pagination";
import type { StoredScore } from "../../scoring/types";
import { summarizeSubmission } from "./summarize-submission";
import { type PageInfo, pageQuerySchema } from "../../contracts/common";

const userSubmissionsQuerySchema = z.object(pageQuerySchema);

export type SubmissionSummary = {
  id: string;
  model: string;
  benchmark: string;
  reasoning_effort: string | null;
  harness: string | null;
  status: "queued" | "scoring" | "scored" | "failed" | "awaiting_approval";
  progress: number;
  error: string | null;
  review_status: "pending" | "approved" | "rejected" | "withdrawn";
  review_reason: string | null;
  created_at: string;
  scored_at: string | null;
  // mean over runs, overall; private until approved, shown to the submitter only
  scores: StoredScore | null;
};

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
