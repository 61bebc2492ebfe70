import type { Job } from "bullmq";
import { Prisma } from "../../lib/generated/prisma/client";
import { benchmarkBuildQueue } from "../../lib/queue/benchmark-build-queue";
import { setBuildStatus, updateClaimedStage } from "../../lib/server/benchmark-builds/build-stage-store";
import { classifyBuildStageError } from "../jobs/classify-job-error";
import { assertClaimHeld, claimRow, type FencedTable } from "../jobs/fenced-row";
import { leasedRows } from "../jobs/reconcile";
import { runClaimedJob } from "../jobs/run-claimed-job";
import type { StageClaim } from "../features/benchmark-build/build-context";
import { runBuildStage } from "../features/benchmark-build/run-stage";

// benchmark-build-queue: one stage of a build (worker/features/benchmark-build/). The stage row is the job row,
// claimed and written with its fencing token like every other.

const STAGE: FencedTable = { table: "BenchmarkBuildStage", lease: "leaseUntil" };

async function claimStage(stageId: string): Promise<StageClaim | null> {
  const row = await claimRow<{ buildId: string; stage: string }>(STAGE, stageId, {
    set: Prisma.sql`status = 'running', error = NULL`,
    claimable: Prisma.sql`status IN ('queued', 'running')`,
    returning: Prisma.sql`"buildId", stage`,
  });
  return row ? { stageId, ...row } : null;
}

async function recordFailure(claim: StageClaim, failure: { message: string; final: boolean }): Promise<void> {
  const count = await updateClaimedStage(
    claim,
    failure.final ? { status: "failed", error: failure.message } : { error: failure.message },
  );
  assertClaimHeld(count, `build stage ${claim.stageId}`);
  if (failure.final) await setBuildStatus(claim.buildId, "failed", `${claim.stage}: ${failure.message}`);
}

export function processBenchmarkBuildJob(job: Job): Promise<unknown> {
  return runClaimedJob(job, {
    parse: benchmarkBuildQueue.payload,
    claim: ({ stageId }) => claimStage(stageId),
    lease: (claim) => ({ fenced: STAGE, id: claim.stageId, token: claim.token }),
    logFields: ({ stageId }) => ({ buildStageId: stageId }),
    classify: classifyBuildStageError,
    record: recordFailure,
    work: (claim) => runBuildStage(claim),
  });
}

/**
 * Stage rows of running builds, queued or running, whose lease has passed (Redis lost their job, a worker died):
 * queued again (a published build's snapshot import too). A stage waiting for an admin is not stranded.
 */
export const strandedBuildStages = leasedRows(
  benchmarkBuildQueue,
  "run-build-stage",
  "BenchmarkBuildStage",
  "stageId",
  {
    pending: Prisma.sql`status IN ('queued', 'running') AND "buildId" IN (SELECT id FROM "BenchmarkBuild" WHERE status IN ('running', 'published'))`,
    jobId: (stageId) => `${stageId}-reconciled`,
  },
);
