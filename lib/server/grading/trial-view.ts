import "server-only";
import { db } from "../../db";
import type { ActiveJudgeAnswer } from "../../contracts/grading-figures";
import type { JudgeTrialAnswer } from "../../contracts/grading-trials";
import { binaryOut, binaryQuality, type Confusion } from "../../grading/binary-quality";
import { lastBlind } from "../../grading/blind-labels";
import { isTrialPair } from "../../grading/trial-comparison";
import type { Prisma } from "../../generated/prisma/client";
import type { ActiveJudge } from "./active-judge";
import { userNames } from "./load-version";

// The answer shapes of candidate-judge trials: a trial row with its comparison, and the judge in use.

export const TRIAL_SELECT = {
  id: true,
  candidateModel: true,
  currentModel: true,
  promptVersion: true,
  status: true,
  progress: true,
  error: true,
  pairs: true,
  judgeCalls: true,
  cachedVerdicts: true,
  costUsd: true,
  result: true,
  startedById: true,
  createdAt: true,
  benchmark: { select: { slug: true, version: true } },
} as const satisfies Prisma.JudgeTrialSelect;
type TrialRow = Prisma.JudgeTrialGetPayload<{ select: typeof TRIAL_SELECT }>;
type StoredResult = { pairs: number; current: Confusion; candidate: Confusion };

export function activeJudgeOut(a: ActiveJudge): ActiveJudgeAnswer {
  return { model: a.model, source: a.source, trial_id: a.trialId, since: a.setAt?.toISOString() ?? null };
}

const trialOut = (c: Confusion) => binaryOut(binaryQuality(c));

export async function trialsOut(rows: readonly TrialRow[], active: ActiveJudge): Promise<JudgeTrialAnswer[]> {
  const names = await userNames(rows.flatMap((r) => (r.startedById ? [r.startedById] : [])));
  return rows.map((r) => {
    const result = r.status === "done" ? (r.result as StoredResult | null) : null;
    return {
      id: r.id,
      benchmark: `${r.benchmark.slug}@${r.benchmark.version}`,
      candidate_model: r.candidateModel,
      current_model: r.currentModel,
      prompt_version: r.promptVersion,
      status: r.status,
      progress: r.progress,
      error: r.error,
      pairs: r.pairs,
      judge_calls: r.judgeCalls,
      cached_verdicts: r.cachedVerdicts,
      cost_usd: r.costUsd,
      started_by: r.startedById ? (names.get(r.startedById) ?? null) : null,
      created_at: r.createdAt.toISOString(),
      comparison: result
        ? { pairs: result.pairs, current: trialOut(result.current), candidate: trialOut(result.candidate) }
        : null,
      active: active.source === "stored" && active.trialId === r.id,
    };
  });
}

/** Pairs of the version labelled same or different by consensus of the blind labels: what a trial judges. */
export async function countTrialPairs(benchmarkId: string): Promise<number> {
  const rows = await db.labelPair.findMany({
    where: { benchmarkId, labels: { some: {} } },
    select: { labels: { select: { labelerId: true, label: true, afterReveal: true, createdAt: true } } },
  });
  return rows.filter((r) =>
    isTrialPair([...lastBlind(r.labels.map((l) => ({ ...l, by: l.labelerId }))).values()].map((l) => l.label)),
  ).length;
}
