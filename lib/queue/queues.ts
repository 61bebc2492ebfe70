import { attributionQueue, panelQueue, referenceAttributionQueue } from "./panel-attribution-queues";
import { auditQueue } from "./audit-queue";
import { benchmarkBuildQueue } from "./benchmark-build-queue";
import { datasheetQueue } from "./datasheet-queue";
import { fixRankQueue } from "./fix-rank-queue";
import { judgeTrialQueue } from "./judge-trial-queue";
import { repeatJudgingQueue } from "./repeat-judging-queue";
import { scoringQueue } from "./scoring-queue";
import { webhookQueue } from "./webhook-queue";

// Every queue of the app, one module each (name, payload schema, enqueue). The worker consumes them all; the metrics
// endpoint reports the depth of each; shutdown closes the producers this process opened.
export const QUEUES = [
  scoringQueue,
  panelQueue,
  attributionQueue,
  referenceAttributionQueue,
  auditQueue,
  fixRankQueue,
  datasheetQueue,
  webhookQueue,
  judgeTrialQueue,
  repeatJudgingQueue,
  benchmarkBuildQueue,
] as const;

/** Closes the producers this process opened (a queue never used opens no connection). */
export async function closeQueues(): Promise<void> {
  for (const queue of QUEUES) await queue.close();
}
