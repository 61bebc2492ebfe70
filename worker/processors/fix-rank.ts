import type { Job } from "bullmq";
import { Prisma } from "../../lib/generated/prisma/client";
import { fixRankQueue } from "../../lib/queue/fix-rank-queue";
import { computeFixRankTestsOfBenchmark } from "../../lib/server/analyses/fix-rank-tests";
import { updateClaimedFixRankJob } from "../../lib/server/analyses/fix-rank-job";
import { classifyFixRankError } from "../jobs/classify-job-error";
import { assertClaimHeld, claimRow, type FencedTable } from "../jobs/fenced-row";
import { leasedRows } from "../jobs/reconcile";
import { runClaimedJob } from "../jobs/run-claimed-job";

// fix-rank-queue has no worker feature folder: its work is one lib/server operation, its row a FixRankJob (one per
// version, keyed by the version's id), claimed, fenced and leased like every job row.

const FIX_RANK_JOB: FencedTable = { table: "FixRankJob", lease: "leaseUntil" };

type FixRankClaim = { benchmarkId: string; token: number };

async function updateClaimed(claim: FixRankClaim, data: Prisma.FixRankJobUpdateManyMutationInput): Promise<void> {
  assertClaimHeld(await updateClaimedFixRankJob(claim, data), `fix-rank job ${claim.benchmarkId}`);
}

/** Recomputes a version's fix-rank tests (after its fix dates were imported). Idempotent: the rows are derived. */
export function processFixRankJob(job: Job): Promise<unknown> {
  return runClaimedJob(job, {
    parse: fixRankQueue.payload,
    claim: async ({ benchmarkId }) => {
      const row = await claimRow(FIX_RANK_JOB, benchmarkId, {
        set: Prisma.sql`status = 'running', error = NULL, "updatedAt" = now()`,
        claimable: Prisma.sql`status IN ('queued', 'running')`,
      });
      return row && { benchmarkId, token: row.token };
    },
    lease: (claim) => ({ fenced: FIX_RANK_JOB, id: claim.benchmarkId, token: claim.token }),
    logFields: ({ benchmarkId }) => ({ benchmarkId }),
    classify: classifyFixRankError,
    record: (claim, { message, final }) =>
      updateClaimed(claim, final ? { status: "failed", error: message } : { error: message }),
    work: async (claim) => {
      const result = await computeFixRankTestsOfBenchmark(claim.benchmarkId);
      await updateClaimed(claim, { status: "done", error: null });
      return result;
    },
  });
}

/** Versions whose fix-rank recomputation is queued or running with its lease passed: queued again. */
export const strandedFixRankJobs = leasedRows(fixRankQueue, "compute-fix-rank-tests", "FixRankJob", "benchmarkId", {
  jobId: (id) => `${id}-reconciled`,
});
