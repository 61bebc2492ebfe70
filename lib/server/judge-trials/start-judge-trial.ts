import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { ApiCaller } from "../../auth/authorize-caller";
import type { JudgeTrialAnswer, StartJudgeTrialBody } from "../../contracts/judge-trials";
import { ENABLE_LLM_HINT, llmEndpoint } from "../../llm/endpoint";
import { enqueueJudgeTrial } from "../../queue/judge-trial-queue";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { readActiveJudge } from "../judge-quality/active-judge";
import { loadVersion } from "../judge-quality/load-version";
import { countTrialPairs, TRIAL_SELECT, trialsOut } from "../judge-quality/judge-trial-view";

/**
 * Queues a trial of a candidate judge model on the version's labelled pairs, next to the judge in use now. The row is
 * written (with its audit-log entry) before the job is queued; the worker's recovery queues it again if Redis lost it.
 */
export async function startJudgeTrial(caller: ApiCaller, input: StartJudgeTrialBody): Promise<JudgeTrialAnswer> {
  const version = await loadVersion(input.benchmark);
  if (!llmEndpoint()) throw new AppError("conflict", `A judge trial needs an LLM endpoint: ${ENABLE_LLM_HINT}.`);
  const active = await readActiveJudge();
  if (input.model === active.model)
    throw new AppError("conflict", `${input.model} is already the judge in use; name another model to try.`);
  if ((await countTrialPairs(version.id)) === 0)
    throw new AppError(
      "conflict",
      `No pairs of ${version.key} are labelled same or different yet: label pairs first (/labelling).`,
    );
  const trial = await db.$transaction(async (tx) => {
    const running = await tx.judgeTrial.findFirst({
      where: { benchmarkId: version.id, status: { in: ["queued", "running"] } },
      select: { candidateModel: true },
    });
    if (running)
      throw new AppError(
        "conflict",
        `A trial of ${running.candidateModel} on ${version.key} is still running; wait for it to finish.`,
      );
    const row = await tx.judgeTrial.create({
      data: {
        benchmarkId: version.id,
        candidateModel: input.model,
        currentModel: active.model,
        startedById: caller.id,
      },
      select: TRIAL_SELECT,
    });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: "judge_trial.start",
      target: `judge_trial:${row.id}`,
      details: { benchmark: version.key, candidate: input.model, current: active.model },
    });
    return row;
  });
  await enqueueJudgeTrial(trial.id);
  return (await trialsOut([trial], active))[0]!;
}
