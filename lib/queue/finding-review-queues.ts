import { z } from "zod";
import { env } from "../env";
import { defineQueue } from "./define-queue";
import { retryingJobOptions } from "./job-options";

// Panel validation and bug-type attribution: a queue each, a job per PanelRun / AttributionRun row. Same fault
// behaviour as scoring: transient failures retry the job, which reuses every stored verdict.
const findingReviewJobSchema = z.object({ runId: z.string().min(1) });
export type FindingReviewKind = "panel" | "attribution";

const options = () => retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS);
export const panelQueue = defineQueue("panel-queue", findingReviewJobSchema, options);
export const attributionQueue = defineQueue("attribution-queue", findingReviewJobSchema, options);
export const PANEL_QUEUE = panelQueue.name;

/**
 * Queues a panel or attribution job for a row that already exists. `generation` (the row's start time) makes the
 * job id fresh when an admin starts the same row again; a duplicate enqueue of one start is ignored by BullMQ.
 */
export async function enqueueFindingReview(kind: FindingReviewKind, runId: string, generation: number): Promise<void> {
  const queue = kind === "panel" ? panelQueue : attributionQueue;
  await queue
    .queue()
    .add(
      kind === "panel" ? "validate-findings" : "attribute-bug-types",
      { runId },
      { jobId: `${runId}-${generation}` },
    );
}
