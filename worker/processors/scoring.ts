import { UnrecoverableError, type Job } from "bullmq";
import { db } from "../../lib/db";
import { env } from "../../lib/env";
import { createEmbeddingProvider } from "../../lib/embeddings/provider";
import { createJudge } from "../../lib/llm/judge";
import { scoringJobSchema, type ScoringJob } from "../../lib/queue/queues";
import { classifyScoringError } from "../services/classify-error";
import { claimSubmission, scoreSubmission } from "../services/score-submission";

// Thin processor: validate the payload, claim the row, call the service, record permanent failures on the row.
export async function processScoringJob(job: Job<ScoringJob>): Promise<unknown> {
  const parsed = scoringJobSchema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError("invalid scoring job payload");
  const { submissionId } = parsed.data;
  if (!(await claimSubmission(submissionId))) return { skipped: true };
  let lastProgress = -1;
  try {
    const summary = await scoreSubmission(submissionId, {
      judge: createJudge(),
      embedder: createEmbeddingProvider(),
      concurrency: env.JUDGE_CONCURRENCY,
      onProgress: async (percent) => {
        if (percent === lastProgress) return;
        lastProgress = percent;
        await job.updateProgress(percent);
        await db.submission.update({ where: { id: submissionId }, data: { scoringProgress: percent } });
      },
    });
    return { comparedPairs: summary.comparedPairs, keptPairs: summary.keptPairs, judgeCalls: summary.judge.calls, timings: summary.timings };
  } catch (error) {
    const { permanent, message } = classifyScoringError(error);
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    console.error(`scoring ${submissionId} failed (attempt ${job.attemptsMade + 1}):`, error);
    if (permanent || lastAttempt) {
      await db.submission.update({ where: { id: submissionId }, data: { scoringStatus: "failed", scoringError: message } });
      throw permanent ? new UnrecoverableError(message) : error;
    }
    await db.submission.update({ where: { id: submissionId }, data: { scoringError: message } });
    throw error;
  }
}
