import pMap from "p-map";
import { lastBlind } from "../../../lib/grading/blind-labels";
import { compareOnLabelledPairs, isTrialPair, type TrialConfusions } from "../../../lib/grading/trial-comparison";
import type { PairLabel } from "../../../lib/grading/matcher-quality";
import { listLabelledPairs } from "../../../lib/server/grading/labelled-pairs";
import { createJudge, type Judge } from "../../../lib/llm/judge";
import { judgeTextOfRow, type JudgeText } from "../../../lib/llm/judge-messages";
import { NO_SIGNALS } from "../../../lib/scoring/types";
import { PermanentJobError } from "../../jobs/job-failure";
import { JudgeRunner } from "../../shared/judge/judge-runner";
import { pairRequest, readCachedVerdicts, requestKey, type JudgeRequest } from "../../shared/judge/verdict-cache";
import { reserveTrialCalls, updateTrial, type TrialClaim } from "./claim-trial";

// A candidate judge and the judge in use, each asked about every labelled pair of the version (the paper's "filter
// off": the prefilter is not in the way, so both are measured on exactly the same pairs). Verdicts come from and go
// into the shared verdict cache, keyed by model, prompt and endpoint: a candidate's never stand in for the current
// judge's. The calls the cache cannot answer are bounded by the per-submission judge budget before the first one,
// counted over every trial running at once.

type TrialPair = {
  labels: PairLabel[];
  left: { hash: string; text: JudgeText };
  right: { hash: string; text: JudgeText };
};

/** The version's pairs labelled same or different (blind labels, consensus), once per pair of texts. */
async function loadTrialPairs(benchmarkId: string): Promise<TrialPair[]> {
  const rows = await listLabelledPairs(benchmarkId);
  const seen = new Set<string>();
  const out: TrialPair[] = [];
  for (const r of rows) {
    const labels = [...lastBlind(r.labels.map((l) => ({ ...l, by: l.labelerId }))).values()].map((l) => l.label);
    const right = r.referenceBug ?? r.rightFinding;
    const key = `${r.leftHash}\u0000${r.rightHash}`;
    if (!right || !isTrialPair(labels) || seen.has(key)) continue;
    seen.add(key);
    out.push({
      labels,
      left: { hash: r.leftHash, text: judgeTextOfRow(r.leftFinding) },
      right: { hash: r.rightHash, text: judgeTextOfRow(right) },
    });
  }
  return out;
}

type Side = { judge: Judge; requests: JudgeRequest[]; decided: Map<string, boolean>; uncached: JudgeRequest[] };

async function planSide(judge: Judge, pairs: readonly TrialPair[]): Promise<Side> {
  const requests = pairs.map((p) => pairRequest(judge, p.left, p.right, NO_SIGNALS));
  const cached = await readCachedVerdicts(requests, judge);
  const decided = new Map([...cached].map(([key, v]) => [key, v.match]));
  return { judge, requests, decided, uncached: requests.filter((r) => !decided.has(requestKey(r))) };
}

export type TrialDeps = { budget: number; concurrency: number; malformedRetries: number };

export async function runJudgeTrial(
  claim: TrialClaim,
  deps: TrialDeps,
  onProgress: (percent: number) => Promise<void>,
): Promise<TrialConfusions> {
  const pairs = await loadTrialPairs(claim.benchmarkId);
  if (pairs.length === 0)
    throw new PermanentJobError("This version has no pairs labelled same or different: label pairs first.");
  const current = createJudge(claim.currentModel);
  const candidate = createJudge(claim.candidateModel);
  if (current.offline || candidate.offline)
    throw new PermanentJobError(
      "A judge trial needs an LLM endpoint (JUDGE_API_KEY / JUDGE_BASE_URL, or OPENAI_API_KEY / OPENAI_BASE_URL).",
    );
  const sides = [await planSide(current, pairs), await planSide(candidate, pairs)];
  const calls = sides.reduce((n, s) => n + s.uncached.length, 0);
  const cachedVerdicts = sides.reduce((n, s) => n + s.decided.size, 0);
  // The judge's own spend limit: the trials running at once may not ask for more calls together than one
  // submission's scoring could.
  const held = await reserveTrialCalls(claim, calls, deps.budget);
  if (held !== null) {
    const n = (v: number) => v.toLocaleString("en-US");
    throw new PermanentJobError(
      `The trial needs ${n(calls)} judge calls${held ? `, and other trials running hold ${n(held)}` : ""}: above the budget of ${n(deps.budget)} (JUDGE_CALL_BUDGET).`,
    );
  }
  await updateTrial(claim, { promptVersion: candidate.promptVersion, pairs: pairs.length, cachedVerdicts });

  let done = 0;
  let lastPercent = -1;
  const stats = { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };
  for (const side of sides) {
    const runner = new JudgeRunner(side.judge, { malformedRetries: deps.malformedRetries });
    try {
      await pMap(
        side.uncached,
        async (request) => {
          const match = await runner.decide(request);
          if (match !== undefined) side.decided.set(requestKey(request), match);
          done++;
          const percent = Math.floor((100 * done) / Math.max(1, calls));
          if (percent !== lastPercent) {
            lastPercent = percent;
            await updateTrial(claim, { progress: Math.min(99, percent) });
            await onProgress(percent);
          }
        },
        { concurrency: deps.concurrency },
      );
    } finally {
      // What was decided is stored even when a call failed: a retried job pays only for the rest.
      await runner.flush().catch(() => undefined);
    }
    await runner.flush();
    stats.calls += runner.stats.calls;
    stats.inputTokens += runner.stats.inputTokens;
    stats.outputTokens += runner.stats.outputTokens;
    // A trial stores a plain number: an unpriced judge counts 0 here (the trial page shows cost only above 0).
    stats.costUsd += runner.stats.costUsd ?? 0;
  }
  const verdict = (side: Side, i: number) => side.decided.get(requestKey(side.requests[i]!));
  const result = compareOnLabelledPairs(
    pairs.map((p, i) => ({ labels: p.labels, current: verdict(sides[0]!, i), candidate: verdict(sides[1]!, i) })),
  );
  await updateTrial(claim, {
    status: "done",
    progress: 100,
    judgeCalls: stats.calls,
    inputTokens: stats.inputTokens,
    outputTokens: stats.outputTokens,
    costUsd: stats.costUsd,
    result,
  });
  return result;
}
