import "server-only";
import { db } from "../../db";
import { pageInfo, pageWindow } from "../pagination";
import { summarizeSubmission } from "../submissions/summarize-submission";
import type { z } from "zod";
import type { reviewQueueQuerySchema, reviewQueueSchema } from "../../contracts/admin";

/** Submissions for the admin review page. Pending ones are listed only once scored: there is nothing to judge before. */
export async function listReviewQueue(
  query: z.output<typeof reviewQueueQuerySchema>,
): Promise<z.input<typeof reviewQueueSchema>> {
  const { review_status, page, per_page } = query;
  const where = {
    reviewStatus: review_status,
    ...(review_status === "pending" ? { scoringStatus: "scored" as const } : {}),
  };
  const [total, rows] = await Promise.all([
    db.submission.count({ where }),
    db.submission.findMany({
      where,
      // id breaks ties so that pages never overlap or skip a row
      orderBy:
        review_status === "pending" ? [{ scoredAt: "asc" }, { id: "asc" }] : [{ updatedAt: "desc" }, { id: "asc" }],
      ...pageWindow(page, per_page),
      include: {
        benchmark: { select: { slug: true, version: true } },
        submitter: { select: { id: true, email: true } },
        scores: { where: { kind: "mean", scope: "overall" } },
        judgeUsage: { select: { offlineJudge: true, judgeModel: true } },
        _count: { select: { runs: true } },
      },
    }),
  ]);
  const submissions = rows.map((s) => {
    const usage = s.judgeUsage[0];
    return {
      ...summarizeSubmission(s),
      submitter: s.submitter,
      cost_usd: s.costUsd,
      report_url: s.reportUrl,
      open_model: s.openModel,
      source: s.source,
      status: s.scoringStatus,
      review_status: s.reviewStatus,
      runs: s._count.runs,
      offline_judge: usage?.offlineJudge ?? null,
      judge_model: usage?.judgeModel ?? null,
    };
  });
  return { submissions, pagination: pageInfo(total, page, per_page) };
}
