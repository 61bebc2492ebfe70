import "server-only";
import { Queue } from "bullmq";
import { z } from "zod";
import { env } from "../env";
import { createRedisConnection } from "./connection";
import { retryingJobOptions } from "./job-options";

// Queue names and job payloads. Jobs carry ids only; rows carry state (STYLE.md habit 5).
export const SCORING_QUEUE = "scoring-queue";

export const scoringJobSchema = z.object({ submissionId: z.string().min(1) });
export type ScoringJob = z.infer<typeof scoringJobSchema>;

// Panel validation and bug-type attribution: their own queues, a job per PanelRun / AttributionRun row.
export const PANEL_QUEUE = "panel-queue";
export const ATTRIBUTION_QUEUE = "attribution-queue";
export const analysisJobSchema = z.object({ runId: z.string().min(1) });
export type AnalysisJob = z.infer<typeof analysisJobSchema>;

// §C.4: recomputing the fix-rank tests of every scored run of a benchmark version (after its fix dates arrive).
export const FIX_RANK_QUEUE = "fix-rank-queue";
export const fixRankJobSchema = z.object({ benchmarkId: z.string().min(1) });
export type FixRankJob = z.infer<typeof fixRankJobSchema>;

const globalForQueues = globalThis as unknown as { scoringQueue?: Queue<ScoringJob>; analysisQueues?: Map<string, Queue<AnalysisJob>>; fixRankQueue?: Queue<FixRankJob> };

/** Queues the recomputation of a version's fix-rank tests; the rows it rewrites are derived, so a rerun is harmless. */
export async function enqueueFixRankTests(benchmarkId: string): Promise<void> {
  globalForQueues.fixRankQueue ??= new Queue<FixRankJob>(FIX_RANK_QUEUE, { connection: createRedisConnection(), defaultJobOptions: retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS) });
  await globalForQueues.fixRankQueue.add("compute-fix-rank-tests", { benchmarkId }, { jobId: `${benchmarkId}-${Date.now()}` });
}

function analysisQueue(name: typeof PANEL_QUEUE | typeof ATTRIBUTION_QUEUE): Queue<AnalysisJob> {
  globalForQueues.analysisQueues ??= new Map();
  let queue = globalForQueues.analysisQueues.get(name);
  if (!queue) {
    queue = new Queue<AnalysisJob>(name, {
      connection: createRedisConnection(),
      // Same fault behaviour as scoring: transient failures retry the job, which reuses every stored verdict.
      defaultJobOptions: retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS),
    });
    globalForQueues.analysisQueues.set(name, queue);
  }
  return queue;
}

/**
 * Queues a panel or attribution job for a row that already exists. `generation` (the row's start time) makes the
 * job id fresh when an admin starts the same row again; a duplicate enqueue of one start is ignored by BullMQ.
 */
export async function enqueueAnalysis(kind: "panel" | "attribution", runId: string, generation: number): Promise<void> {
  const queue = analysisQueue(kind === "panel" ? PANEL_QUEUE : ATTRIBUTION_QUEUE);
  await queue.add(kind === "panel" ? "validate-findings" : "attribute-bug-types", { runId }, { jobId: `${runId}-${generation}` });
}

export function getScoringQueue(): Queue<ScoringJob> {
  if (!globalForQueues.scoringQueue) {
    globalForQueues.scoringQueue = new Queue<ScoringJob>(SCORING_QUEUE, {
      connection: createRedisConnection(),
      // Transient failures (judge timeouts, 429, 5xx that outlast the client's own retries) retry the whole job;
      // a retried job reuses every verdict already cached, so it repeats no LLM call.
      defaultJobOptions: retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS),
    });
  }
  return globalForQueues.scoringQueue;
}

/** Queues scoring for a submission whose row already exists; the job id is the submission id. */
export async function enqueueScoring(submissionId: string, opts: { rescore?: boolean } = {}): Promise<void> {
  const queue = getScoringQueue();
  // BullMQ ignores a job whose id already exists; a rescore uses a fresh id derived from the row.
  const jobId = opts.rescore ? `${submissionId}-rescore-${Date.now()}` : submissionId;
  await queue.add("score-submission", { submissionId }, { jobId });
}

export async function closeQueues(): Promise<void> {
  await globalForQueues.fixRankQueue?.close();
  globalForQueues.fixRankQueue = undefined;
  for (const queue of globalForQueues.analysisQueues?.values() ?? []) await queue.close();
  globalForQueues.analysisQueues = undefined;
  if (globalForQueues.scoringQueue) {
    await globalForQueues.scoringQueue.close();
    globalForQueues.scoringQueue = undefined;
  }
}
