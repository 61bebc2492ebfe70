import pMap from "p-map";
import { createJudge, JudgeReplyError, type Judge, type JudgeDecision } from "../../../lib/llm/judge";
import { addTokenUsage, type TokenUsage } from "../../../lib/llm/token-usage";
import { NO_SIGNALS } from "../../../lib/scoring/types";
import {
  pendingRepeatPairs,
  recordRepeatVerdicts,
  updateRepeatJudging,
  type PendingRepeatPair,
  type RepeatClaim,
} from "../../../lib/server/grading/repeat-judging-rows";
import type { Prisma } from "../../../lib/generated/prisma/client";
import { assertClaimHeld } from "../../jobs/fenced-row";
import { PermanentJobError } from "../../jobs/job-failure";

// §2.3's repeat agreement (docs/grading.md): every drawn pair of a scoring asked again of the same judge (model,
// prompt version, endpoint), the verdict cache bypassed: nothing is read from it and nothing written to it, so the
// first verdicts stay what scoring used. Repeat verdicts are stored on the repeat's own pairs in small batches while
// the calls go on, so a retried job asks only the rest. A malformed reply is asked again `malformedRetries` times,
// then the pair stays undecided (counted apart, out of the share).

// Repeat verdicts written per statement while calls go on.
const STORE_BATCH = 25;

export type RepeatDeps = { concurrency: number; malformedRetries: number };

type Tally = TokenUsage & { calls: number };

async function decideAgain(
  judge: Judge,
  pair: PendingRepeatPair,
  tally: Tally,
  malformedRetries: number,
): Promise<JudgeDecision | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      const decision = await judge.decide(pair.finding, pair.referenceBug, NO_SIGNALS);
      tally.calls++;
      addTokenUsage(tally, decision);
      return decision;
    } catch (error) {
      if (!(error instanceof JudgeReplyError)) throw error;
      tally.calls++;
      addTokenUsage(tally, error.usage);
      if (attempt >= malformedRetries) return undefined;
    }
  }
}

export async function runRepeatJudging(
  claim: RepeatClaim,
  deps: RepeatDeps,
  onProgress: (percent: number) => Promise<void>,
): Promise<{ asked: number }> {
  const update = async (data: Prisma.RepeatJudgingUpdateManyMutationInput) =>
    assertClaimHeld(Number(await updateRepeatJudging(claim, data)), `repeat judging ${claim.repeatId}`);
  const judge = createJudge(claim.judgeModel);
  if (judge.offline)
    throw new PermanentJobError(
      "Repeating a judge's verdicts needs an LLM endpoint (JUDGE_API_KEY / JUDGE_BASE_URL, or OPENAI_API_KEY / OPENAI_BASE_URL).",
    );
  if (judge.promptVersion !== claim.promptVersion || judge.configHash(NO_SIGNALS) !== claim.configHash)
    throw new PermanentJobError(
      "The judge's prompt or endpoint changed since the pairs were drawn: a repeat would not ask the same judge. Draw a new sample.",
    );
  const { drawn, pending } = await pendingRepeatPairs(claim.repeatId);
  const tally: Tally = { calls: 0, inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };
  let unsaved: { position: number; match: boolean; rationale: string }[] = [];
  let storing: Promise<void> = Promise.resolve();
  const store = () => {
    const batch = unsaved;
    unsaved = [];
    // One write at a time, in order, while the calls go on.
    storing = storing.then(async () =>
      assertClaimHeld(Number(await recordRepeatVerdicts(claim, batch)), `repeat judging ${claim.repeatId}`),
    );
  };
  let done = drawn - pending.length;
  let lastPercent = -1;
  try {
    await pMap(
      pending,
      async (pair) => {
        const decision = await decideAgain(judge, pair, tally, deps.malformedRetries);
        if (decision) unsaved.push({ position: pair.position, match: decision.match, rationale: decision.rationale });
        if (unsaved.length >= STORE_BATCH) store();
        done++;
        const percent = Math.floor((100 * done) / Math.max(1, drawn));
        if (percent !== lastPercent) {
          lastPercent = percent;
          await update({ progress: Math.min(99, percent) });
          await onProgress(percent);
        }
      },
      { concurrency: deps.concurrency },
    );
  } finally {
    // What was decided, and what it cost, is stored even when a call failed: a retried job asks only the rest.
    store();
    await storing.catch(() => undefined);
    await updateRepeatJudging(claim, {
      judgeCalls: { increment: tally.calls },
      inputTokens: { increment: tally.inputTokens },
      outputTokens: { increment: tally.outputTokens },
    }).catch(() => undefined);
  }
  store();
  await storing;
  await update({ status: "done", progress: 100 });
  return { asked: tally.calls };
}
