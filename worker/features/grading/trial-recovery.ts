import { Prisma } from "../../../lib/generated/prisma/client";
import { judgeTrialQueue } from "../../../lib/queue/judge-trial-queue";
import type { StrandedRows } from "../../jobs/reconcile";

/** Trials queued or running whose lease has passed: queued again by the reconciler under their own id. */
export const strandedJudgeTrials: StrandedRows = {
  queue: judgeTrialQueue,
  jobName: "try-judge",
  table: "JudgeTrial",
  lease: "leaseUntil",
  pending: Prisma.sql`status IN ('queued', 'running')`,
  payload: (trialId) => ({ trialId }),
  jobId: (trialId) => trialId,
  rowOf: (data) => judgeTrialQueue.payload.safeParse(data).data?.trialId,
};
