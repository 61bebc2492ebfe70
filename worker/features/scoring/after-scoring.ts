import { log } from "../../../lib/observability/log";
import { computeFixRankTests } from "../../../lib/server/analyses/fix-rank-tests";
import { computeRepeatedRunFit } from "../../../lib/server/analyses/repeated-run-fit";
import { queueAttributionAfterScoring } from "../../../lib/server/attribution/start-attribution";
import { emitSubmissionEvent } from "../../../lib/server/webhooks/emit-webhook-event";

/**
 * The steps after a submission is scored, in order: bug-type attribution queued (when an LLM is configured), the
 * `submission.scored` webhook event, and the paper's analyses of the stored matches and curves. A failure to queue
 * attribution or to compute the analyses leaves the scores standing and never fails scoring.
 */
export async function afterScoring(submissionId: string): Promise<{ fixRankMs: number } | { failed: true }> {
  await queueAttributionAfterScoring(submissionId).catch((error) =>
    log.error({ err: error }, "queueing attribution failed"),
  );
  await emitSubmissionEvent("submission.scored", submissionId);
  return runAnalyses(submissionId);
}

// §C.4 and §E.2 from the stored matches and curves (tens of milliseconds per run, see docs/analyses.md); a failure
// leaves the analyses absent.
async function runAnalyses(submissionId: string): Promise<{ fixRankMs: number } | { failed: true }> {
  try {
    const { ms } = await computeFixRankTests(submissionId);
    await computeRepeatedRunFit(submissionId);
    return { fixRankMs: ms };
  } catch (error) {
    log.error({ err: error, submissionId }, "analyses failed");
    return { failed: true };
  }
}
