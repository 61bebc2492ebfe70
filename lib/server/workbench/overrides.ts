import "server-only";
import { db, type Tx } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";
import { enqueueScoring } from "../../queue/scoring-queue";
import { recordAuditLog } from "../audit-log/record-audit-log";
import type { ApiCaller } from "../../auth/authorize-caller";
import { findFindingByPublicId, findReferenceBug, loadWorkbenchSubmission } from "./load-workbench-submission";
import { type createOverrideBodySchema } from "../../contracts/overrides";
import type { z } from "zod";
import type { overrideResultSchema, withdrawnOverrideSchema } from "../../contracts/overrides";

// Maintainers' match overrides (docs/workbench.md). An override is keyed by the finding's text hash and the reference bug's
// text hash, so it decides that pair in every submission holding the same finding text against that reference bug;
// scoring reads it over the judge (lib/scoring/matches.ts) and does not ask the judge about the pair at all. Writing
// or withdrawing one is audit-logged and queues a rescore of every affected submission.

export type OverrideResult = z.input<typeof overrideResultSchema>;

/**
 * The ids of the submissions an override of this pair decides: those holding a finding with this text in a repository
 * whose reference set holds this reference text. The hashes are values, or columns of an enclosing query.
 */
export function pairHoldersSql(findingHash: string | Prisma.Sql, referenceHash: string | Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT DISTINCT r."submissionId"
    FROM "Finding" f
    JOIN "Run" r ON r.id = f."runId"
    WHERE f."contentHash" = ${findingHash}
      AND EXISTS (SELECT 1 FROM "ReferenceBug" b WHERE b."repositoryId" = f."repositoryId" AND b."contentHash" = ${referenceHash})`;
}

async function affectedSubmissions(findingHash: string, referenceHash: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ submissionId: string }[]>(pairHoldersSql(findingHash, referenceHash));
  return rows.map((r) => r.submissionId).sort();
}

/** Puts scored (or scoring) submissions back in the queue; those queued already stay; held or failed ones are left. */
async function requeue(tx: Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.submission.findMany({
    where: { id: { in: ids }, scoringStatus: { in: ["scored", "scoring", "queued"] } },
    select: { id: true },
  });
  const requeued = rows.map((r) => r.id).sort();
  await tx.submission.updateMany({
    where: { id: { in: requeued }, scoringStatus: { in: ["scored", "scoring"] } },
    data: { scoringStatus: "queued", scoringProgress: 0 },
  });
  return requeued;
}

/** Rows first, then jobs: a lost enqueue is picked up by a worker's start-up scan of queued submissions. */
async function enqueueAll(ids: string[]): Promise<void> {
  for (const id of ids) await enqueueScoring(id, { rescore: true });
}

export async function createOverride(
  caller: Pick<ApiCaller, "id" | "role">,
  input: z.output<typeof createOverrideBodySchema>,
): Promise<OverrideResult> {
  const submission = await loadWorkbenchSubmission(input.submission_id, { id: caller.id, role: caller.role });
  const finding = await findFindingByPublicId(submission, input.finding_id, input.run);
  const reference = await findReferenceBug(submission.benchmark.id, input.reference_bug_id);
  if (reference.repositoryId !== finding.repositoryId) {
    throw new AppError("invalid_input", "The override is invalid: 1 problem", [
      {
        path: "reference_bug_id",
        message: `${input.reference_bug_id} is in ${reference.repository.name}, but finding ${input.finding_id} is in ${finding.repository.name}`,
      },
    ]);
  }
  const match = input.decision === "match";
  const pair = await db.candidatePair.findFirst({
    where: { attemptId: submission.scoringAttemptId, findingId: finding.id, referenceBugId: reference.id },
    select: { verdictId: true, verdict: { select: { match: true } } },
  });
  const affected = await affectedSubmissions(finding.contentHash, reference.contentHash);
  const key = { findingContentHash: finding.contentHash, referenceHash: reference.contentHash };
  const { row, requeued } = await db.$transaction(async (tx) => {
    const previous = await tx.matchOverride.findUnique({
      where: { findingContentHash_referenceHash: key },
      select: { match: true, reason: true },
    });
    const data = {
      match,
      reason: input.reason,
      createdById: caller.id,
      createdAt: new Date(),
      verdictId: pair?.verdictId ?? null,
    };
    const row = await tx.matchOverride.upsert({
      where: { findingContentHash_referenceHash: key },
      create: { ...key, ...data },
      update: data,
    });
    const requeued = await requeue(tx, affected);
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: previous ? "override.update" : "override.create",
      target: `override:${row.id}`,
      reason: input.reason,
      details: {
        submission_id: submission.id,
        finding_id: input.finding_id,
        reference_bug_id: input.reference_bug_id,
        benchmark: submission.benchmarkKey,
        decision: input.decision,
        judge_said: pair?.verdict ? (pair.verdict.match ? "match" : "no_match") : null,
        previous: previous ? (previous.match ? "match" : "no_match") : null,
        affected_submissions: affected.length,
      },
    });
    return { row, requeued };
  });
  await enqueueAll(requeued);
  return {
    id: row.id,
    decision: input.decision,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    finding_content_hash: row.findingContentHash,
    reference_hash: row.referenceHash,
    rescoring: { submissions: requeued },
  };
}

/** Withdraws an override: the judge decides that pair again (from its cached verdict, or a new call) after a rescore. */
export async function withdrawOverride(
  caller: Pick<ApiCaller, "id">,
  id: string,
): Promise<z.input<typeof withdrawnOverrideSchema>> {
  const existing = await db.matchOverride.findUnique({ where: { id } });
  if (!existing) throw new AppError("not_found", "Override not found");
  const affected = await affectedSubmissions(existing.findingContentHash, existing.referenceHash);
  const requeued = await db.$transaction(async (tx) => {
    const { count } = await tx.matchOverride.deleteMany({ where: { id } });
    if (count === 0) throw new AppError("not_found", "Override not found");
    const requeued = await requeue(tx, affected);
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: "override.withdraw",
      target: `override:${id}`,
      reason: null,
      details: {
        decision: existing.match ? "match" : "no_match",
        reason: existing.reason,
        affected_submissions: affected.length,
      },
    });
    return requeued;
  });
  await enqueueAll(requeued);
  return { id, withdrawn: true, rescoring: { submissions: requeued } };
}
