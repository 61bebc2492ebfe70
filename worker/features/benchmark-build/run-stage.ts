import { env } from "../../../lib/env";
import { judgeCostUsd } from "../../../lib/llm/judge";
import { estimateBuild } from "../../../lib/benchmark-build/estimate";
import { BUILD_STAGE_NAMES, nextStage, type BuildStageName } from "../../../lib/benchmark-build/stages";
import { queueBuildStage, SNAPSHOTS_STAGE } from "../../../lib/server/benchmark-builds/queue-build-stage";
import {
  ensureQueuedStage,
  readBuild,
  readStageCountOut,
  recordBuildEstimate,
  setBuildStatus,
} from "../../../lib/server/benchmark-builds/build-stage-store";
import { importBuildSnapshots } from "./import-build-snapshots";
import { BudgetReached, loadRepositories, StageContext, type BuildRepo, type StageClaim } from "./build-context";
import { runAnchorStage } from "./stage-anchor";
import { runAuditStage } from "./stage-audit";
import { runClassifyStage, runExtractStage } from "./stage-classify";
import { runCommitsStage } from "./stage-commits";
import { runDedupStage } from "./stage-dedup";
import { runPresenceStage, runSynthesizeStage } from "./stage-presence";

// One stage of a build, then the next queued: the list of the pipeline's stages (lib/benchmark-build/stages.ts) bound
// to their work. After the commits are listed the build's model calls are estimated; past the build's budget the build
// waits for an admin's approval before the first model stage, and a stage that reaches the budget mid-way waits too,
// keeping every decision made so far.

type StageRunner = (ctx: StageContext, repos: readonly BuildRepo[]) => Promise<{ countOut: number }>;

const RUNNERS: Record<BuildStageName, StageRunner> = {
  commits: runCommitsStage,
  classify: runClassifyStage,
  extract: runExtractStage,
  anchor: runAnchorStage,
  presence: runPresenceStage,
  synthesize: runSynthesizeStage,
  dedup: runDedupStage,
  audit: runAuditStage,
};

export async function runBuildStage(claim: StageClaim): Promise<{ stage: string; countOut?: number; paused?: true }> {
  const build = await readBuild(claim.buildId);
  const ctx = new StageContext(claim, build);
  if (claim.stage === SNAPSHOTS_STAGE) {
    const countOut = await importBuildSnapshots(build.id);
    await ctx.updateStage({ status: "done", countOut, finishedAt: new Date(), error: null });
    return { stage: claim.stage, countOut };
  }
  const stage = claim.stage as BuildStageName;
  if (build.status !== "running") {
    // Cancelled or paused while queued: the row waits, untouched, for a resume.
    await ctx.updateStage({ status: "queued" });
    return { stage, paused: true };
  }
  await ctx.updateStage({ startedAt: new Date() });
  let countOut: number;
  try {
    ({ countOut } = await RUNNERS[stage](ctx, await loadRepositories(build.id)));
  } catch (error) {
    if (!(error instanceof BudgetReached)) throw error;
    await ctx.updateStage({ status: "queued" });
    await setBuildStatus(
      build.id,
      "awaiting_approval",
      `The build reached its budget of $${build.budgetUsd} during ${stage}.`,
    );
    return { stage, paused: true };
  }
  const previous = BUILD_STAGE_NAMES[BUILD_STAGE_NAMES.indexOf(stage) - 1];
  const countIn = previous ? await readStageCountOut(build.id, previous) : countOut;
  await ctx.updateStage({ status: "done", countIn, countOut, finishedAt: new Date(), error: null });

  const next = nextStage(stage);
  if (!next) {
    await setBuildStatus(build.id, "review", null);
    return { stage, countOut };
  }
  if (stage === "commits") {
    const estimate = estimateBuild(countOut, Math.ceil(env.BUILD_DIFF_BUDGET_CHARS / 4), (input, output) =>
      judgeCostUsd(ctx.model, input, output),
    );
    const over = estimate.cost_usd > build.budgetUsd && !build.approvedById;
    await recordBuildEstimate(
      build.id,
      estimate,
      over
        ? {
            error: `The estimate ($${estimate.cost_usd}) is above the budget ($${build.budgetUsd}): an admin's approval is needed.`,
          }
        : null,
    );
    if (over) {
      await ensureQueuedStage(build.id, next, BUILD_STAGE_NAMES.indexOf(next) + 1);
      return { stage, countOut, paused: true };
    }
  }
  await queueBuildStage(build.id, next);
  return { stage, countOut };
}
