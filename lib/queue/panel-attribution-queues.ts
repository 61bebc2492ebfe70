import { z } from "zod";
import { env } from "../env";
import { defineQueue } from "./define-queue";
import { retryingJobOptions } from "./job-options";

// Panel validation and bug-type attribution (of a submission's findings, and of a version's reference bugs by one
// classifier configuration): a queue each, a job per PanelRun / AttributionRun / ReferenceAttributionRun row. Same
// fault behaviour as scoring: transient failures retry the job, which reuses every stored verdict and label.
const runJobSchema = z.object({ runId: z.string().min(1) });
export type PanelAttributionKind = "panel" | "attribution" | "reference-attribution";

const options = () => retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS);
export const panelQueue = defineQueue("panel-queue", runJobSchema, options);
export const attributionQueue = defineQueue("attribution-queue", runJobSchema, options);
export const referenceAttributionQueue = defineQueue("reference-attribution-queue", runJobSchema, options);
export const PANEL_QUEUE = panelQueue.name;

/** Each kind's queue and job name. */
export const PANEL_ATTRIBUTION_QUEUES = {
  panel: { queue: panelQueue, job: "validate-findings" },
  attribution: { queue: attributionQueue, job: "attribute-bug-types" },
  "reference-attribution": { queue: referenceAttributionQueue, job: "attribute-reference-bug-types" },
} as const satisfies Record<PanelAttributionKind, unknown>;

/**
 * Queues a panel or attribution job for a row that already exists. `generation` (the row's start time) makes the
 * job id fresh when an admin starts the same row again; a duplicate enqueue of one start is ignored by BullMQ.
 */
export async function enqueuePanelAttribution(
  kind: PanelAttributionKind,
  runId: string,
  generation: number,
): Promise<void> {
  const { queue, job } = PANEL_ATTRIBUTION_QUEUES[kind];
  await queue.queue().add(job, { runId }, { jobId: `${runId}-${generation}` });
}
