import { db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";
import { insertRows, ROWS_PER_QUERY } from "../bulk-insert/insert-rows";

// Derived rows of a scoring attempt are written in batches under the attempt's id, outside any long transaction;
// they become the submission's rows when one short transaction switches Submission.scoringAttemptId to the attempt
// together with the (few hundred) Score rows. Readers of CandidatePair / Match / CrossRunPair take the rows of the
// current attempt only, so a reader never sees half an attempt, and an attempt that dies leaves nothing visible.

const CANDIDATE_PAIR_COLUMNS = {
  attemptId: "text",
  findingId: "text",
  referenceBugId: "text",
  lineOverlap: "float8",
  fullTextEmbedding: "float8",
  descriptionEmbedding: "float8",
  snippetTokens: "float8",
  identifiers: "float8",
  apiCalls: "float8",
  verdictId: "text",
} as const;
const MATCH_COLUMNS = { attemptId: "text", findingId: "text", referenceBugId: "text", source: "text" } as const;
const CROSS_RUN_COLUMNS = {
  attemptId: "text",
  submissionId: "text",
  leftId: "text",
  rightId: "text",
  decision: "text",
  verdictId: "text",
  match: "bool",
} as const;

export async function writeCandidatePairs(rows: Prisma.CandidatePairCreateManyInput[]): Promise<void> {
  await insertRows(db, "CandidatePair", CANDIDATE_PAIR_COLUMNS, rows, {
    onConflictDoNothing: true,
    chunkSize: ROWS_PER_QUERY,
  });
}
export async function writeMatches(rows: Prisma.MatchCreateManyInput[]): Promise<void> {
  await insertRows(db, "Match", MATCH_COLUMNS, rows, { onConflictDoNothing: true, chunkSize: ROWS_PER_QUERY });
}
export async function writeCrossRunPairs(rows: Prisma.CrossRunPairCreateManyInput[]): Promise<void> {
  await insertRows(db, "CrossRunPair", CROSS_RUN_COLUMNS, rows, {
    onConflictDoNothing: true,
    chunkSize: ROWS_PER_QUERY,
  });
}

const SCORE_COLUMNS = {
  submissionId: "text",
  runId: "text",
  kind: "text",
  n: "int4",
  scope: "text",
  key: "text",
  recall: "float8",
  precision: "float8",
  f1: "float8",
  matchedReferenceBugs: "float8",
  referenceBugs: "float8",
  matchedFindings: "float8",
  findings: "float8",
  distinctFindings: "float8",
  matchedDistinctFindings: "float8",
} as const;
const SPECTRUM_COLUMNS = {
  submissionId: "text",
  n: "int4",
  exactlyMatched: "int4",
  exactlyUnmatched: "int4",
  unionMatched: "int4",
  unionUnmatched: "int4",
} as const;

/** A scoring attempt of a submission, under the claim's fencing token. */
export type AttemptClaim = { submissionId: string; token: number; attemptId: string };

/**
 * Makes the attempt current, in one short transaction that first checks the fencing token: the pointer, the Score
 * rows, the frequency spectrum (repeated runs) and the usage record change together or not at all. Returns the attempt
 * it replaced, or null when a later claim moved the token on (nothing is written then).
 */
export async function makeAttemptCurrent(
  claim: AttemptClaim,
  scoreRows: Prisma.ScoreCreateManyInput[],
  usage: Omit<Prisma.JudgeUsageCreateManyInput, "submissionId">,
  spectrumRows: Prisma.RunSpectrumCreateManyInput[] = [],
): Promise<string | null> {
  return db.$transaction(async (tx) => {
    // Locks the row; a later claim waits for this transaction, or has already moved the token on.
    const current = await tx.$queryRaw<{ scoringAttemptId: string; claimToken: number }[]>`
      SELECT "scoringAttemptId", "claimToken" FROM "Submission" WHERE id = ${claim.submissionId} FOR UPDATE`;
    if (current[0]?.claimToken !== claim.token) return null;
    await tx.score.deleteMany({ where: { submissionId: claim.submissionId } });
    // Through insertRows, not createMany: Prisma's query compiler spent ~0.3 ms of the event loop a row (a few hundred
    // rows for a repeated-run submission held it ~100 ms).
    await insertRows(tx, "Score", SCORE_COLUMNS, scoreRows);
    await tx.runSpectrum.deleteMany({ where: { submissionId: claim.submissionId } });
    await insertRows(tx, "RunSpectrum", SPECTRUM_COLUMNS, spectrumRows);
    await tx.judgeUsage.upsert({
      where: { submissionId: claim.submissionId },
      create: { submissionId: claim.submissionId, ...usage },
      update: usage,
    });
    await tx.submission.update({ where: { id: claim.submissionId }, data: { scoringAttemptId: claim.attemptId } });
    return current[0].scoringAttemptId;
  });
}

const DELETE_BATCH = 10_000;

/**
 * Deletes derived rows of the submission's attempts other than `keep` and the current one, in batches (each its own
 * short statement). Run by a new claimant before it writes (rows of attempts that died), and after a switch.
 */
export async function deleteOtherAttempts(submissionId: string, keep: string): Promise<number> {
  let deleted = 0;
  const statements = [
    `DELETE FROM "CandidatePair" WHERE id IN (SELECT cp.id FROM "CandidatePair" cp JOIN "Finding" f ON f.id = cp."findingId" JOIN "Run" r ON r.id = f."runId" JOIN "Submission" s ON s.id = r."submissionId" WHERE r."submissionId" = $1 AND cp."attemptId" <> $2 AND cp."attemptId" <> s."scoringAttemptId" LIMIT ${DELETE_BATCH})`,
    `DELETE FROM "Match" WHERE id IN (SELECT m.id FROM "Match" m JOIN "Finding" f ON f.id = m."findingId" JOIN "Run" r ON r.id = f."runId" JOIN "Submission" s ON s.id = r."submissionId" WHERE r."submissionId" = $1 AND m."attemptId" <> $2 AND m."attemptId" <> s."scoringAttemptId" LIMIT ${DELETE_BATCH})`,
    `DELETE FROM "CrossRunPair" WHERE id IN (SELECT c.id FROM "CrossRunPair" c JOIN "Submission" s ON s.id = c."submissionId" WHERE c."submissionId" = $1 AND c."attemptId" <> $2 AND c."attemptId" <> s."scoringAttemptId" LIMIT ${DELETE_BATCH})`,
  ];
  for (const sql of statements) {
    for (;;) {
      const count = await db.$executeRawUnsafe(sql, submissionId, keep);
      deleted += count;
      if (count < DELETE_BATCH) break;
    }
  }
  return deleted;
}

/** Deletes the rows of one attempt of the submission (a superseded attempt after a switch, or one that lost its claim). */
export async function deleteAttempt(submissionId: string, attemptId: string): Promise<void> {
  const statements = [
    `DELETE FROM "CandidatePair" WHERE id IN (SELECT cp.id FROM "CandidatePair" cp JOIN "Finding" f ON f.id = cp."findingId" JOIN "Run" r ON r.id = f."runId" WHERE r."submissionId" = $1 AND cp."attemptId" = $2 LIMIT ${DELETE_BATCH})`,
    `DELETE FROM "Match" WHERE id IN (SELECT m.id FROM "Match" m JOIN "Finding" f ON f.id = m."findingId" JOIN "Run" r ON r.id = f."runId" WHERE r."submissionId" = $1 AND m."attemptId" = $2 LIMIT ${DELETE_BATCH})`,
    `DELETE FROM "CrossRunPair" WHERE id IN (SELECT id FROM "CrossRunPair" WHERE "submissionId" = $1 AND "attemptId" = $2 LIMIT ${DELETE_BATCH})`,
  ];
  for (const sql of statements) {
    for (;;) {
      const count = await db.$executeRawUnsafe(sql, submissionId, attemptId);
      if (count < DELETE_BATCH) break;
    }
  }
}

/** Records the submission's judge usage as it stands (a submission held for an admin's approval shows its spend). */
export async function saveJudgeUsage(
  submissionId: string,
  usage: Omit<Prisma.JudgeUsageCreateManyInput, "submissionId">,
): Promise<void> {
  await db.judgeUsage.upsert({ where: { submissionId }, create: { submissionId, ...usage }, update: usage });
}
