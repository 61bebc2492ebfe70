import { repeatJudgingQueue } from "../../../lib/queue/repeat-judging-queue";
import { leasedRows } from "../../jobs/reconcile";

/** Repeats queued or running whose lease has passed: queued again by the reconciler under their own id. */
export const strandedRepeatJudgings = leasedRows(repeatJudgingQueue, "repeat-judge", "RepeatJudging", "repeatId");
