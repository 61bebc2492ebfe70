import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { ApiCaller } from "../../auth/authorize-caller";
import type { ActiveJudgeAnswer } from "../../contracts/grading-figures";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { readActiveJudge } from "./active-judge";
import { activeJudgeOut } from "./trial-view";

/**
 * Makes a finished trial's candidate the judge new scorings use (the ActiveJudge row; scores already stored keep the
 * judge they were scored with). Audit-logged with the judge it replaces.
 */
export async function switchJudge(caller: ApiCaller, trialId: string): Promise<ActiveJudgeAnswer> {
  const trial = await db.judgeTrial.findUnique({
    where: { id: trialId },
    select: { status: true, candidateModel: true, benchmark: { select: { slug: true, version: true } } },
  });
  if (!trial) throw new AppError("not_found", `Unknown judge trial ${trialId}`);
  if (trial.status !== "done")
    throw new AppError("conflict", `The trial is ${trial.status}: switch only after a finished trial's comparison.`);
  const before = await readActiveJudge();
  if (before.source === "offline")
    throw new AppError("conflict", "No LLM endpoint is configured: scoring uses the offline judge whatever is stored.");
  await db.$transaction(async (tx) => {
    const data = { model: trial.candidateModel, trialId, setById: caller.id };
    await tx.activeJudge.upsert({ where: { id: "active" }, create: { id: "active", ...data }, update: data });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: "judge.switch",
      target: `judge_trial:${trialId}`,
      details: {
        from: before.model,
        to: trial.candidateModel,
        benchmark: `${trial.benchmark.slug}@${trial.benchmark.version}`,
      },
    });
  });
  return activeJudgeOut(await readActiveJudge());
}
