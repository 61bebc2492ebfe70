import { UnrecoverableError, type Job } from "bullmq";
import { db } from "../../lib/db";
import { enqueueFixRankTests, fixRankQueue } from "../../lib/queue/fix-rank-queue";
import { computeFixRankTestsOfBenchmark } from "../../lib/server/analyses/fix-rank-tests";

// fix-rank-queue has no worker feature folder: its work is one lib/server operation, its recovery one query.

/** Recomputes a version's fix-rank tests (after its fix dates were imported). Idempotent. */
export async function processFixRankJob(job: Job): Promise<unknown> {
  const parsed = fixRankQueue.payload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError("invalid fix-rank job payload");
  return computeFixRankTestsOfBenchmark(parsed.data.benchmarkId);
}

/**
 * Fix dates imported while their job was lost: re-queues every version that has fix dates and a run still marked
 * "no fix dates"; returns how many.
 */
export async function requeueLostFixRankTests(): Promise<number> {
  const benchmarks = await db.benchmark.findMany({
    where: {
      repositories: { some: { referenceBugs: { some: { fixedAt: { not: null } } } } },
      submissions: { some: { fixRankTests: { some: { reason: "no_fix_dates" } } } },
    },
    select: { id: true },
  });
  for (const b of benchmarks) await enqueueFixRankTests(b.id);
  return benchmarks.length;
}
