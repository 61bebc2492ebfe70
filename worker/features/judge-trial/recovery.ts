import { db } from "../../../lib/db";
import { enqueueJudgeTrial } from "../../../lib/queue/judge-trial-queue";

/** Re-queues every trial still queued (its row was written, its job lost); returns how many. */
export async function requeueLostJudgeTrials(): Promise<number> {
  const trials = await db.judgeTrial.findMany({ where: { status: "queued" }, select: { id: true } });
  for (const trial of trials) await enqueueJudgeTrial(trial.id);
  return trials.length;
}
