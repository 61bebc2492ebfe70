// What `npm run bench:score` checks besides speed: a rescore reproduces the stored results exactly, and the matches
// found are the planted ones (the fake judge decides by `[root:ID]` markers, so they are known in advance).

import { db } from "../../lib/db";
import { SCORE_FIGURES_SELECT } from "../../lib/db-selects";

/** Every stored result of a submission, in a stable order, without row ids or timestamps. */
export async function readResultSnapshot(submissionId: string): Promise<string> {
  const { scoringAttemptId: attemptId } = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { scoringAttemptId: true },
  });
  const scores = await db.score.findMany({
    where: { submissionId },
    select: {
      kind: true,
      runId: true,
      n: true,
      scope: true,
      key: true,
      ...SCORE_FIGURES_SELECT,
    },
    orderBy: [{ kind: "asc" }, { runId: "asc" }, { n: "asc" }, { scope: "asc" }, { key: "asc" }],
  });
  const matches = await db.match.findMany({
    where: { attemptId, finding: { run: { submissionId } } },
    select: { findingId: true, referenceBugId: true, source: true },
    orderBy: [{ findingId: "asc" }, { referenceBugId: "asc" }],
  });
  const usage = await db.judgeUsage.findUnique({
    where: { submissionId },
    select: {
      judgeModel: true,
      promptVersion: true,
      embeddingProvider: true,
      embeddingModel: true,
      thresholds: true,
      benchmarkVersion: true,
      comparedPairs: true,
      keptPairs: true,
      crossRunCompared: true,
      crossRunKept: true,
    },
  });
  return JSON.stringify({ scores, matches, usage });
}

export type PlantedCheck = { planted: number; found: number; unexpected: number };

/** Compares stored matches with the planted ("run:ordinal" -> reference id) pairs of the generator. */
export async function checkPlantedMatches(submissionId: string, planted: Map<string, string>): Promise<PlantedCheck> {
  const { scoringAttemptId: attemptId } = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { scoringAttemptId: true },
  });
  const rows = await db.match.findMany({
    where: { attemptId, finding: { run: { submissionId } } },
    select: {
      finding: { select: { ordinal: true, run: { select: { index: true } } } },
      referenceBug: { select: { externalId: true } },
    },
  });
  let found = 0;
  let unexpected = 0;
  for (const row of rows) {
    if (planted.get(`${row.finding.run.index}:${row.finding.ordinal}`) === row.referenceBug.externalId) found++;
    else unexpected++;
  }
  return { planted: planted.size, found, unexpected };
}
