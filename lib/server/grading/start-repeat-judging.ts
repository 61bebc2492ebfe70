import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import type { Prisma } from "../../generated/prisma/client";
import type { ApiCaller } from "../../auth/authorize-caller";
import type { StartRepeatJudgingBody } from "../../contracts/grading";
import type { RepeatJudgingAnswer } from "../../contracts/grading-figures";
import { ENABLE_LLM_HINT, roleEndpoint } from "../../llm/endpoint";
import { createJudge } from "../../llm/judge";
import { modelPrice, priceUsage } from "../../llm/model-prices";
import { enqueueRepeatJudging } from "../../queue/repeat-judging-queue";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { NO_SIGNALS } from "../../scoring/types";
import { heldJudgeCalls, JUDGE_CALL_BUDGET_LOCK } from "./repeat-judging-rows";
import { REPEAT_SELECT, repeatsOut } from "./repeat-judging-view";

// §2.3's repeat agreement, started on purpose (docs/grading.md): a seeded sample of the pairs a submission's
// current scoring judged, to be asked again of the same judge (model, prompt version and endpoint, the verdict cache's
// key) with the cache bypassed. Costed before any call (each drawn verdict's own tokens at the price table's rates)
// and bounded by JUDGE_CALL_BUDGET together with the judge trials: the calls are reserved when the row is written.

type Drawn = {
  verdictId: string;
  findingId: string;
  referenceBugId: string;
  match: boolean;
  inputTokens: number;
  outputTokens: number;
};

/**
 * The sample: the distinct verdicts of the attempt's (finding, reference bug) pairs by this judge configuration, in
 * the order of md5(seed, the two texts' hashes), never of row ids, so a seed always draws the same pairs.
 */
async function drawJudgedPairs(
  submissionId: string,
  attemptId: string,
  judge: { model: string; promptVersion: string; configHash: string },
  seed: string,
  size: number,
): Promise<Drawn[]> {
  return db.$queryRaw<Drawn[]>`
    WITH judged AS (
      SELECT DISTINCT ON (v.id) v.id AS "verdictId", cp."findingId", cp."referenceBugId", v.match,
             v."inputTokens", v."outputTokens", v."leftHash", v."rightHash"
      FROM "CandidatePair" cp
      JOIN "Finding" f ON f.id = cp."findingId"
      JOIN "Run" r ON r.id = f."runId"
      JOIN "JudgeVerdict" v ON v.id = cp."verdictId"
      WHERE r."submissionId" = ${submissionId} AND cp."attemptId" = ${attemptId}
        AND v."judgeModel" = ${judge.model} AND v."promptVersion" = ${judge.promptVersion}
        AND v."configHash" = ${judge.configHash} AND NOT v.offline
      ORDER BY v.id, cp."findingId", cp."referenceBugId")
    SELECT "verdictId", "findingId", "referenceBugId", match, "inputTokens", "outputTokens" FROM judged
    ORDER BY md5(${seed} || ':' || "leftHash" || ':' || "rightHash"), "verdictId"
    LIMIT ${size}`;
}

const n = (v: number) => v.toLocaleString("en-US");
const usd = (v: number) => `$${v.toFixed(4)}`;

export async function startRepeatJudging(
  caller: ApiCaller,
  input: StartRepeatJudgingBody,
): Promise<RepeatJudgingAnswer> {
  const submission = await db.submission.findUnique({
    where: { id: input.submission },
    select: {
      id: true,
      scoringStatus: true,
      scoringAttemptId: true,
      source: true,
      judgeUsage: { select: { judgeModel: true, promptVersion: true }, take: 1 },
    },
  });
  if (!submission || submission.source === "reported") throw new AppError("not_found", "Submission not found");
  const usage = submission.judgeUsage[0];
  if (submission.scoringStatus !== "scored" || !usage)
    throw new AppError("conflict", "The submission has no finished scoring whose verdicts could be repeated.");
  if (!roleEndpoint("judge"))
    throw new AppError("conflict", `Repeating a judge's verdicts needs an LLM endpoint: ${ENABLE_LLM_HINT}.`);
  const judge = createJudge(usage.judgeModel);
  if (judge.offline)
    throw new AppError("conflict", "The scoring's judge is the offline rule: it never changes its mind.");
  if (judge.promptVersion !== usage.promptVersion)
    throw new AppError(
      "conflict",
      `The scoring used prompt ${usage.promptVersion}, the judge now uses ${judge.promptVersion}: rescore first, a repeat must ask the same judge.`,
    );
  const config = { model: judge.model, promptVersion: judge.promptVersion, configHash: judge.configHash(NO_SIGNALS) };
  const seed = input.seed ?? randomBytes(6).toString("hex");
  const drawn = await drawJudgedPairs(submission.id, submission.scoringAttemptId, config, seed, input.size);
  if (drawn.length === 0)
    throw new AppError(
      "conflict",
      `No pair of this scoring was judged by ${judge.model} (prompt ${judge.promptVersion}) on the endpoint configured now.`,
    );
  // The sample's first verdicts are what the repeat will cost, call for call (none is cached).
  const estimate = priceUsage(modelPrice(judge.model), {
    inputTokens: drawn.reduce((s, d) => s + d.inputTokens, 0),
    cachedInputTokens: 0,
    outputTokens: drawn.reduce((s, d) => s + d.outputTokens, 0),
  });
  if (input.max_cost_usd !== undefined && (estimate === null || estimate > input.max_cost_usd))
    throw new AppError(
      "conflict",
      estimate === null
        ? `${judge.model} has no price (MODEL_PRICES_JSON): the cost of ${n(drawn.length)} calls cannot be bounded by ${usd(input.max_cost_usd)}.`
        : `Repeating ${n(drawn.length)} pairs is estimated at ${usd(estimate)}, above the ${usd(input.max_cost_usd)} allowed.`,
    );
  const row = await db.$transaction(async (tx) => {
    await tx.$executeRaw(JUDGE_CALL_BUDGET_LOCK);
    const held = await heldJudgeCalls(tx, "");
    if (held + drawn.length > env.JUDGE_CALL_BUDGET)
      throw new AppError(
        "conflict",
        `The repeat needs ${n(drawn.length)} judge calls${held ? `, and trials or repeats running hold ${n(held)}` : ""}: above the budget of ${n(env.JUDGE_CALL_BUDGET)} (JUDGE_CALL_BUDGET). Draw fewer pairs or wait.`,
      );
    const created = await tx.repeatJudging.create({
      data: {
        submissionId: submission.id,
        attemptId: submission.scoringAttemptId,
        judgeModel: config.model,
        promptVersion: config.promptVersion,
        configHash: config.configHash,
        seed,
        plannedCalls: drawn.length,
        estimatedCostUsd: estimate,
        startedById: caller.id,
        pairs: {
          createMany: {
            data: drawn.map((d, position) => ({
              position,
              verdictId: d.verdictId,
              findingId: d.findingId,
              referenceBugId: d.referenceBugId,
              firstMatch: d.match,
            })),
          },
        },
      },
      select: REPEAT_SELECT,
    });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: "repeat_judging.start",
      target: `repeat_judging:${created.id}`,
      details: {
        submission: submission.id,
        judge: config.model,
        prompt_version: config.promptVersion,
        seed,
        pairs: drawn.length,
        estimated_cost_usd: estimate,
        budget: env.JUDGE_CALL_BUDGET,
      } satisfies Prisma.InputJsonObject,
    });
    return created;
  });
  await enqueueRepeatJudging(row.id);
  return (await repeatsOut([row]))[0]!;
}
