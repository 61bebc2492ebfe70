import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { ApiCaller } from "../../auth/authorize-caller";
import type { JudgeTrialAnswer, StartJudgeTrialBody } from "../../contracts/grading-trials";
import { ENABLE_LLM_HINT, roleEndpoint } from "../../llm/endpoint";
import { enqueueJudgeTrial } from "../../queue/judge-trial-queue";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { readActiveJudge } from "./active-judge";
import { loadVersion, type Version } from "./load-version";
import { Prisma } from "../../generated/prisma/client";
import { countTrialPairs, TRIAL_SELECT, trialsOut } from "./trial-view";

/**
 * Queues a trial of a candidate judge model on the version's labelled pairs, next to the judge in use now. The row is
 * written (with its audit-log entry) before the job is queued; the worker's recovery queues it again if Redis lost it.
 */
export async function startJudgeTrial(caller: ApiCaller, input: StartJudgeTrialBody): Promise<JudgeTrialAnswer> {
  const version = await loadVersion(input.benchmark);
  if (!roleEndpoint("judge"))
    throw new AppError("conflict", `A judge trial needs an LLM endpoint: ${ENABLE_LLM_HINT}.`);
  const active = await readActiveJudge();
  if (input.model === active.model)
    throw new AppError("conflict", `${input.model} is already the judge in use; name another model to try.`);
  if ((await countTrialPairs(version.id)) === 0)
    throw new AppError(
      "conflict",
      `No pairs of ${version.key} are labelled same or different yet: label pairs first (/grading/pairs).`,
    );
  const trial = await createTrial(caller, version, input.model, active.model);
  await enqueueJudgeTrial(trial.id);
  return (await trialsOut([trial], active))[0]!;
}

/**
 * The row and its audit-log entry. The check gives the clear message; the partial unique index (one queued or running
 * trial per version) is what holds when requests race past it: the second insert fails and gets the same 409.
 */
async function createTrial(caller: ApiCaller, version: Version, candidateModel: string, currentModel: string) {
  const busy = (model: string | null) =>
    new AppError(
      "conflict",
      `${model ? `A trial of ${model}` : "Another trial"} on ${version.key} is still running; wait for it to finish.`,
    );
  try {
    return await db.$transaction(async (tx) => {
      const running = await tx.judgeTrial.findFirst({
        where: { benchmarkId: version.id, status: { in: ["queued", "running"] } },
        select: { candidateModel: true },
      });
      if (running) throw busy(running.candidateModel);
      const row = await tx.judgeTrial.create({
        data: { benchmarkId: version.id, candidateModel, currentModel, startedById: caller.id },
        select: TRIAL_SELECT,
      });
      await recordAuditLog(tx, {
        actorId: caller.id,
        action: "judge_trial.start",
        target: `judge_trial:${row.id}`,
        details: { benchmark: version.key, candidate: candidateModel, current: currentModel },
      });
      return row;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw busy(null);
    throw error;
  }
}
