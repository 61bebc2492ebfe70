import "server-only";
import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import type { Prisma } from "../../generated/prisma/client";
import type { RepeatJudgingAnswer, RepeatJudgingList } from "../../contracts/grading-figures";
import { modelPrice, priceUsage } from "../../llm/model-prices";
import { PAPER_REPEAT_AGREEMENT, repeatAgreement } from "../../grading/repeat-agreement";
import { benchmarkKey } from "../../validation/benchmark-ref";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { publicSubmissionSql } from "../public-reads/public-submission";

// The answers of §2.3's repeat agreement (docs/grading.md): a repeat with its progress, then the agreement of
// the repeat verdicts with the first ones (Clopper-Pearson), beside the paper's 99.8%, and every disagreement.

export const REPEAT_SELECT = {
  id: true,
  submissionId: true,
  judgeModel: true,
  promptVersion: true,
  seed: true,
  status: true,
  progress: true,
  error: true,
  estimatedCostUsd: true,
  judgeCalls: true,
  inputTokens: true,
  outputTokens: true,
  startedById: true,
  createdAt: true,
  submission: { select: { benchmark: { select: { slug: true, version: true } } } },
  pairs: {
    orderBy: { position: "asc" },
    select: { findingId: true, referenceBugId: true, firstMatch: true, repeatMatch: true },
  },
} as const satisfies Prisma.RepeatJudgingSelect;
export type RepeatRow = Prisma.RepeatJudgingGetPayload<{ select: typeof REPEAT_SELECT }>;

async function userNames(ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.user.findMany({ where: { id: { in: unique } }, select: { id: true, name: true, email: true } });
  return new Map(rows.map((u) => [u.id, u.name ?? u.email]));
}

function repeatOut(r: RepeatRow, startedBy: string | null): RepeatJudgingAnswer {
  const a = repeatAgreement(r.pairs.map((p) => ({ first: p.firstMatch, repeat: p.repeatMatch })));
  return {
    id: r.id,
    submission_id: r.submissionId,
    benchmark: benchmarkKey(r.submission.benchmark),
    judge_model: r.judgeModel,
    prompt_version: r.promptVersion,
    seed: r.seed,
    status: r.status,
    progress: r.progress,
    error: r.error,
    pairs: r.pairs.length,
    estimated_cost_usd: r.estimatedCostUsd,
    judge_calls: r.judgeCalls,
    // What the calls cost at the price table's rates (malformed replies included); null for an unpriced model.
    cost_usd: priceUsage(modelPrice(r.judgeModel), {
      inputTokens: r.inputTokens,
      cachedInputTokens: 0,
      outputTokens: r.outputTokens,
    }),
    started_by: startedBy,
    created_at: r.createdAt.toISOString(),
    agreement: a.agreement,
    undecided: a.undecided,
    match_then_no_match: a.matchThenNoMatch,
    no_match_then_match: a.noMatchThenMatch,
    paper: PAPER_REPEAT_AGREEMENT,
    below_paper: a.belowPaper,
    disagreements: r.pairs
      .filter((p) => p.repeatMatch !== null && p.repeatMatch !== p.firstMatch)
      .map((p) => ({
        finding_id: p.findingId,
        reference_bug_id: p.referenceBugId,
        first_match: p.firstMatch,
        repeat_match: p.repeatMatch!,
      })),
  };
}

/** Repeats as staff see them: who started each. */
export async function repeatsOut(rows: readonly RepeatRow[]): Promise<RepeatJudgingAnswer[]> {
  const names = await userNames(rows.flatMap((r) => (r.startedById ? [r.startedById] : [])));
  return rows.map((r) => repeatOut(r, r.startedById ? (names.get(r.startedById) ?? null) : null));
}

/** GET /api/v1/grading/repeats: a version's repeats, newest first (at most 50). */
export async function listRepeatJudgings(query: { benchmark: string }): Promise<RepeatJudgingList> {
  const version = await findBenchmark(query.benchmark);
  if (!version) throw new AppError("not_found", `Unknown benchmark version "${query.benchmark}"`);
  const rows = await db.repeatJudging.findMany({
    where: { submission: { benchmarkId: version.id } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
    select: REPEAT_SELECT,
  });
  return { benchmark: benchmarkKey(version), budget_calls: env.JUDGE_CALL_BUDGET, repeats: await repeatsOut(rows) };
}

/** GET /api/v1/grading/repeats/{id}. */
export async function getRepeatJudging(id: string): Promise<RepeatJudgingAnswer> {
  const row = await db.repeatJudging.findUnique({ where: { id }, select: REPEAT_SELECT });
  if (!row) throw new AppError("not_found", "Repeat not found");
  return (await repeatsOut([row]))[0]!;
}

/**
 * The public figures: finished repeats of the version's public submissions (approved, not withdrawn), newest first, at
 * most ten, without who started them. A private submission's pairs are nobody else's business, and a version that
 * hides its reference details lists no disagreeing pair (which finding the judge tied to which reference bug is what
 * its matches pages keep to staff): the counts only.
 */
export async function publicRepeatFigures(benchmarkId: string): Promise<RepeatJudgingAnswer[]> {
  const { referenceVisibility } = await db.benchmark.findUniqueOrThrow({
    where: { id: benchmarkId },
    select: { referenceVisibility: true },
  });
  const publicIds = (
    await db.$queryRaw<{ id: string }[]>`
      SELECT s.id FROM "Submission" s WHERE s."benchmarkId" = ${benchmarkId} AND ${publicSubmissionSql("s")}`
  ).map((r) => r.id);
  if (publicIds.length === 0) return [];
  const rows = await db.repeatJudging.findMany({
    where: { submissionId: { in: publicIds }, status: "done" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 10,
    select: REPEAT_SELECT,
  });
  return rows.map((r) => {
    const out = repeatOut(r, null);
    return referenceVisibility === "public" ? out : { ...out, disagreements: [] };
  });
}
