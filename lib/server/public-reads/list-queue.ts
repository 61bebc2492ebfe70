import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";
import type { QUEUE_STATUSES, queueQuerySchema, queueSchema } from "../../contracts/public-reads";
import { pageInfo, pageWindow } from "../pagination";
import { PUBLIC_SUBMISSION } from "./public-submission";

type QueueStatus = (typeof QUEUE_STATUSES)[number];

// Everything not on the board yet that may still get there: not withdrawn or rejected, and not public. A live read
// (not stamp-cached): scoring progress moves without moving the board's stamp.
const IN_QUEUE = {
  reviewStatus: { in: ["pending", "approved"] },
  source: { not: "reported" },
  NOT: PUBLIC_SUBMISSION,
} satisfies Prisma.SubmissionWhereInput;

const STATUS_WHERE: Record<QueueStatus, Prisma.SubmissionWhereInput> = {
  queued: { scoringStatus: "queued" },
  scoring: { scoringStatus: "scoring" },
  awaiting_approval: { scoringStatus: "awaiting_approval" },
  failed: { scoringStatus: "failed" },
  awaiting_review: { scoringStatus: "scored" },
};

function queueStatus(scoringStatus: string): QueueStatus {
  return scoringStatus === "scored" ? "awaiting_review" : (scoringStatus as QueueStatus);
}

/** The public queue, oldest first: only what the board would show of an entry, and a status. */
export async function listQueue(query: z.output<typeof queueQuerySchema>): Promise<z.input<typeof queueSchema>> {
  const where: Prisma.SubmissionWhereInput = query.status ? { AND: [IN_QUEUE, STATUS_WHERE[query.status]] } : IN_QUEUE;
  const [total, rows] = await Promise.all([
    db.submission.count({ where }),
    db.submission.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      ...pageWindow(query.page, query.per_page),
      select: {
        id: true,
        model: true,
        reasoningEffort: true,
        harness: true,
        openModel: true,
        scoringStatus: true,
        scoringProgress: true,
        createdAt: true,
        benchmark: { select: { slug: true, version: true } },
      },
    }),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      benchmark: r.benchmark,
      model: r.model,
      reasoning_effort: r.reasoningEffort,
      harness: r.harness,
      open_model: r.openModel,
      status: queueStatus(r.scoringStatus),
      progress: r.scoringProgress,
      created_at: r.createdAt.toISOString(),
    })),
    pagination: pageInfo(total, query.page, query.per_page),
  };
}
