import { contractFetch } from "../support/api-contract";
import { describe, expect, inject, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OfflineJudge } from "../../lib/llm/judge";
import { scoringQueue } from "../../lib/queue/scoring-queue";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { db, finding, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";

const webUrl = inject("webUrl");

async function snapshot(submissionId: string) {
  const { scoringAttemptId: attemptId } = await db.submission.findUniqueOrThrow({ where: { id: submissionId } });
  const matches = await db.match.findMany({
    where: { attemptId, finding: { run: { submissionId } } },
    select: { id: true, findingId: true, referenceBugId: true },
  });
  const pairs = await db.candidatePair.findMany({
    where: { attemptId, finding: { run: { submissionId } } },
    select: { id: true },
  });
  const scores = await db.score.findMany({
    where: { submissionId },
    orderBy: [{ kind: "asc" }, { scope: "asc" }, { key: "asc" }, { runId: "asc" }],
  });
  return {
    matchIds: matches.map((m) => m.id).sort(),
    matchPairs: matches.map((m) => `${m.findingId}:${m.referenceBugId}`).sort(),
    pairIds: pairs.map((p) => p.id).sort(),
    scores: scores.map(({ id: _id, createdAt: _c, ...rest }) => rest),
  };
}

describe("scoring jobs are idempotent", () => {
  it("a duplicate job for a scored submission changes nothing", async () => {
    const slug = await seedBenchmark();
    const user = await userWithToken();
    const response = await contractFetch(`${webUrl}/api/v1/submissions`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        benchmark: slug,
        model: "Twice",
        findings: [
          finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost without trailing newline"),
          finding("Q1", "acme/parser", "parser/ast.py", 100, 101, "Unrelated crash in constant folding"),
        ],
      }),
    });
    const { id } = await response.json();
    await waitForStatus(webUrl, id, user.token);
    const before = await snapshot(id);
    expect(before.matchPairs).toHaveLength(1);

    // The same job delivered again (a different job id so BullMQ does not de-duplicate it).
    const job = await scoringQueue.queue().add("score-submission", { submissionId: id }, { jobId: `${id}-duplicate` });
    for (let i = 0; i < 300 && !(await job.isCompleted()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await job.isCompleted()).toBe(true);
    expect(await snapshot(id)).toEqual(before);
    expect(await claimSubmission(id)).toBeNull();
  });

  it("scoring the same submission twice leaves the same rows and numbers", async () => {
    const slug = await seedBenchmark();
    const user = await userWithToken();
    const submission = await db.submission.create({
      data: {
        benchmarkId: (await db.benchmark.findFirstOrThrow({ where: { slug } })).id,
        submitterId: user.id,
        model: "Direct",
        scoringStatus: "scoring",
        runs: { create: [{ index: 0 }] },
      },
      include: { runs: true, benchmark: { include: { repositories: true } } },
    });
    const repo = submission.benchmark.repositories.find((r) => r.name === "acme/parser")!;
    const f = finding("P2", "acme/parser", "parser/ast.py", 100, 110, "Binary operator precedence wrong for exponent");
    await db.finding.create({
      data: {
        runId: submission.runs[0]!.id,
        repositoryId: repo.id,
        ordinal: 0,
        file: f.file,
        lineStart: f.line_start,
        lineEnd: f.line_end,
        title: f.title,
        description: f.description,
        codeSnippet: f.code_snippet,
        contentHash: "direct-hash-1",
      },
    });
    const deps = {
      judge: new OfflineJudge(),
      embedder: new OfflineEmbeddingProvider(),
      concurrency: 4,
      budget: 1_000,
      malformedRetries: 2,
    };
    const first = await scoreSubmission((await claimSubmission(submission.id))!, deps);
    const rowsAfterFirst = await snapshot(submission.id);
    await db.submission.update({ where: { id: submission.id }, data: { scoringStatus: "queued" } });
    const claim = await claimSubmission(submission.id);
    expect(claim).not.toBeNull();
    const second = await scoreSubmission(claim!, deps);
    const rowsAfterSecond = await snapshot(submission.id);
    expect(second.overall).toEqual(first.overall);
    expect(rowsAfterSecond.matchPairs).toEqual(rowsAfterFirst.matchPairs);
    expect(rowsAfterSecond.pairIds).toHaveLength(rowsAfterFirst.pairIds.length);
    // The first attempt's rows are gone, not hidden: nothing is duplicated.
    expect(await db.candidatePair.count({ where: { finding: { run: { submissionId: submission.id } } } })).toBe(
      rowsAfterFirst.pairIds.length,
    );
    expect(rowsAfterSecond.scores).toEqual(rowsAfterFirst.scores);
    expect(second.judge.cached).toBe(second.judge.requested);
    const usage = await db.judgeUsage.findMany({ where: { submissionId: submission.id } });
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ offlineJudge: true, judgeModel: "offline-heuristic-v1" });
  });
});
