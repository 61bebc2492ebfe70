import { judgeTrialQueue } from "../../../lib/queue/judge-trial-queue";
import { leasedRows } from "../../jobs/reconcile";

/** Trials queued or running whose lease has passed: queued again by the reconciler under their own id. */
export const strandedJudgeTrials = leasedRows(judgeTrialQueue, "try-judge", "JudgeTrial", "trialId");
