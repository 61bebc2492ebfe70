import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { JudgeTrialAnswer, JudgeTrialList, JudgeTrialsQuery } from "../../contracts/grading-trials";
import { readActiveJudge } from "./active-judge";
import { loadVersion } from "./load-version";
import { activeJudgeOut, countTrialPairs, TRIAL_SELECT, trialsOut } from "./trial-view";

/** A version's trials, newest first (at most 50), with the judge in use and the labelled pairs a trial would judge. */
export async function listJudgeTrials(query: JudgeTrialsQuery): Promise<JudgeTrialList> {
  const version = await loadVersion(query.benchmark);
  const [active, labelled, rows] = await Promise.all([
    readActiveJudge(),
    countTrialPairs(version.id),
    db.judgeTrial.findMany({
      where: { benchmarkId: version.id },
      orderBy: { createdAt: "desc" },
      take: 50,
      select: TRIAL_SELECT,
    }),
  ]);
  return {
    benchmark: version.key,
    active_judge: activeJudgeOut(active),
    labelled_pairs: labelled,
    trials: await trialsOut(rows, active),
  };
}

export async function getJudgeTrial(id: string): Promise<JudgeTrialAnswer> {
  const row = await db.judgeTrial.findUnique({ where: { id }, select: TRIAL_SELECT });
  if (!row) throw new AppError("not_found", `Unknown judge trial ${id}`);
  return (await trialsOut([row], await readActiveJudge()))[0]!;
}
