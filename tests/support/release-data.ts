import { computeFixRankTests } from "../../lib/server/analyses/fix-rank-tests";
import { computeRepeatedRunFit } from "../../lib/server/analyses/repeated-run-fit";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { db } from "../../lib/db";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { seedRepeatedRunSubmission } from "./fault-harness";

// The entries a site holds, for the upgrade test (upgrade-migrations.test.ts): on one benchmark version, an upload of
// three repeated runs, an upload of one run and an in-house audit run's submission, each scored by the worker's own
// scoring (the fake judge answering), its analyses computed, and approved; and a fourth scored but still pending
// review. Written by today's app at today's schema; the test copies them into a database at the previous release's
// schema column by column.

export type ReleaseEntries = {
  benchmark: string;
  repeated: string;
  single: string;
  inHouse: string;
  pending: string;
};

/** Copies the findings of `runIndexes` of `from` into a new submission with `data`; returns its id. */
async function submissionFrom(
  from: string,
  runIndexes: number[],
  data: { model: string; source?: "upload" | "in_house"; harness?: string },
): Promise<string> {
  const source = await db.submission.findUniqueOrThrow({
    where: { id: from },
    include: { runs: { orderBy: { index: "asc" }, include: { findings: { orderBy: { ordinal: "asc" } } } } },
  });
  const created = await db.submission.create({
    data: { benchmarkId: source.benchmarkId, scoringStatus: "queued", ...data },
  });
  for (const [index, runIndex] of runIndexes.entries()) {
    const run = await db.run.create({ data: { submissionId: created.id, index } });
    await db.finding.createMany({
      data: source.runs[runIndex]!.findings.map(({ id: _id, runId: _r, ...f }) => ({ ...f, runId: run.id })),
    });
  }
  return created.id;
}

export async function seedReleaseEntries(tag: string, judgeUrl: string): Promise<ReleaseEntries> {
  const repeated = await seedRepeatedRunSubmission(tag);
  const single = await submissionFrom(repeated, [0], { model: `Single ${tag}` });
  const inHouse = await submissionFrom(repeated, [1], {
    model: `In-house ${tag}`,
    source: "in_house",
    harness: "probe-passes",
  });
  const pending = await submissionFrom(repeated, [2], { model: `Pending ${tag}` });
  const { benchmarkId } = await db.submission.findUniqueOrThrow({ where: { id: repeated } });
  await db.auditRun.create({
    data: {
      submissionId: inHouse,
      benchmarkId,
      model: `In-house ${tag}`,
      harness: "probe-passes",
      repos: [],
      status: "done",
      passesTotal: 2,
      passesDone: 2,
      inputTokens: 12_345,
      outputTokens: 678,
      costUsd: 0.42,
      startedAt: new Date("2026-12-01T10:00:00Z"),
      finishedAt: new Date("2026-12-01T10:20:00Z"),
    },
  });
  const judge = new OpenAiJudge("fake-judge-1", {
    apiKey: "test-key",
    baseURL: judgeUrl,
    timeoutMs: 5_000,
    maxRetries: 2,
  });
  for (const id of [repeated, single, inHouse, pending]) {
    await scoreSubmission((await claimSubmission(id))!, {
      judge,
      embedder: new OfflineEmbeddingProvider(),
      concurrency: 8,
      budget: 1_000_000,
      malformedRetries: 2,
    });
    // What the worker does after scoring (worker/features/scoring/after-scoring.ts), without its queue and webhooks.
    await computeFixRankTests(id);
    await computeRepeatedRunFit(id);
  }
  await db.submission.updateMany({
    where: { id: { in: [repeated, single, inHouse] } },
    data: { reviewStatus: "approved" },
  });
  return { benchmark: `faults-${tag}@1`, repeated, single, inHouse, pending };
}
