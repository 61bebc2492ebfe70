import { db } from "../../db";
import { enqueueBuildStage } from "../../queue/benchmark-build-queue";
import { stagePosition, type BuildStageName } from "../../benchmark-build/stages";

/** After publication: the T0 trees imported as the version's snapshots (not a stage of Table 1). */
export const SNAPSHOTS_STAGE = "snapshots";

/**
 * Writes (or resets) a build stage's row as queued, with a new generation, and queues its job: the row first, then the
 * job named by the row's id and generation, so a stage queued again is a new job, and a lost job is re-queued from the row by
 * the worker's reconciler (worker/processors/benchmark-build.ts).
 */
export async function queueBuildStage(buildId: string, stage: BuildStageName | typeof SNAPSHOTS_STAGE): Promise<void> {
  const position = stage === SNAPSHOTS_STAGE ? 100 : stagePosition(stage);
  const row = await db.benchmarkBuildStage.upsert({
    where: { buildId_stage: { buildId, stage } },
    create: { buildId, stage, position, status: "queued", claimToken: 1 },
    update: { status: "queued", error: null, claimToken: { increment: 1 } },
  });
  await enqueueBuildStage(row.id, row.claimToken);
}
