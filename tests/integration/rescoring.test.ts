// Reproducibility of scoring through the real worker (docs/scoring.md): a rescore of the same submission with a warm cache
// calls no LLM and reproduces every number; reference bugs are embedded once per benchmark, not per submission; and
// what a maintainer needs to audit a score is stored with it (the six signals of a pair, the scoring setup).

import { contractFetch } from "../support/api-contract";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sha256 } from "../../lib/hash";
import { closeQueues } from "../../lib/queue/queues";
import { enqueueScoring } from "../../lib/queue/scoring-queue";
import { PAPER_THRESHOLDS, SIGNAL_NAMES } from "../../lib/scoring/thresholds";
import { descriptionText, fullText } from "../../lib/scoring/tokenize";
import { db, finding, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";

const webUrl = inject("webUrl");
const fakeUrl = inject("fakeOpenAiUrl");

let slug: string;
let user: { id: string; token: string };

beforeAll(async () => {
  slug = await seedBenchmark();
  user = await userWithToken();
});

afterAll(async () => {
  await closeQueues();
});

async function upload(findings: ReturnType<typeof finding>[], model = "Rescore Model"): Promise<string> {
  const response = await contractFetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ benchmark: slug, model, findings }),
  });
  expect(response.status).toBe(202);
  return (await response.json()).id;
}

async function chatCalls(): Promise<number> {
  return (await (await fetch(fakeUrl.replace(/\/v1$/, "/__stats"))).json()).chatCalls;
}

/** Stored matches of a submission as "finding ordinal -> reference external id", sorted. */
async function storedMatches(submissionId: string): Promise<string[]> {
  const rows = await db.match.findMany({
    where: { finding: { run: { submissionId } } },
    select: { source: true, finding: { select: { ordinal: true } }, referenceBug: { select: { externalId: true } } },
  });
  return rows.map((m) => `${m.finding.ordinal}->${m.referenceBug.externalId}:${m.source}`).sort();
}

// Verdicts and vectors are cached by text across the whole test database: texts unique to this file make sure the
// first scoring here really calls the judge, whatever other test files scored before.
const tag = randomUUID().slice(0, 8);
const firstFindings = () => [
  finding("P1", "acme/parser", "parser/lexer.py", 42, 47, `Final token lost without trailing newline (${tag})`),
  finding("P2", "acme/parser", "parser/ast.py", 101, 104, `Exponent operator binds too loosely (${tag})`),
  finding("X7", "acme/parser", "parser/lexer.py", 44, 52, `Tab width ignored when computing columns (${tag})`),
  finding("U1", "acme/ui", "src/render.ts", 201, 214, `Tooltip element leaks after the chart unmounts (${tag})`),
];

describe("rescoring and the caches", () => {
  it("rescoring the same submission with a warm cache makes no LLM call and reproduces every number", async () => {
    const id = await upload(firstFindings());
    const first = await waitForStatus(webUrl, id, user.token);
    expect(first.status).toBe("scored");
    expect(first.scoring.judge_calls).toBeGreaterThan(0);
    const matchesBefore = await storedMatches(id);
    const pairsBefore = await db.candidatePair.count({ where: { finding: { run: { submissionId: id } } } });
    const callsBefore = await chatCalls();

    // What an override or an admin's "rescore" does: the row goes back to queued, a fresh job is queued.
    await db.submission.update({ where: { id }, data: { scoringStatus: "queued" } });
    await enqueueScoring(id, { rescore: true });
    const second = await waitForStatus(webUrl, id, user.token);

    expect(second.status).toBe("scored");
    expect(Date.parse(second.scored_at)).toBeGreaterThan(Date.parse(first.scored_at));
    expect(await chatCalls()).toBe(callsBefore);
    expect(second.scoring.judge_calls).toBe(0);
    expect(second.scoring.cached_verdicts).toBe(first.scoring.judge_calls + first.scoring.cached_verdicts);
    expect(second.scores).toEqual(first.scores);
    expect(await storedMatches(id)).toEqual(matchesBefore);
    // Derived rows are replaced, not duplicated.
    expect(await db.candidatePair.count({ where: { finding: { run: { submissionId: id } } } })).toBe(pairsBefore);
    expect(await db.score.count({ where: { submissionId: id, kind: "mean", scope: "overall" } })).toBe(1);
  });

  it("embeds the reference set once: a second submission embeds only its new findings", async () => {
    const references = await db.referenceBug.findMany({ where: { repository: { benchmark: { slug } } } });
    const referenceHashes = references.flatMap((r) => [sha256(fullText(r)), sha256(descriptionText(r))]);
    const referenceRows = () =>
      db.embedding.findMany({
        where: { contentHash: { in: referenceHashes } },
        select: { id: true },
        orderBy: { id: "asc" },
      });
    // A first submission embeds the whole reference set (unless an earlier one already did).
    const firstId = await upload(
      [finding("P2", "acme/parser", "parser/ast.py", 100, 103, `Power operator associativity wrong (${tag})`)],
      "First Model",
    );
    expect((await waitForStatus(webUrl, firstId, user.token)).status).toBe("scored");
    const before = await referenceRows();
    expect(before).toHaveLength(referenceHashes.length);
    const totalBefore = await db.embedding.count();

    const fresh = [
      finding("P3", "acme/parser", "parser/errors.py", 10, 13, `Error column counts bytes, not characters (${tag})`),
      finding("X8", "acme/ui", "src/axis.ts", 5, 9, `Axis labels overlap for long category names (${tag})`),
    ];
    const id = await upload(fresh, "Second Model");
    expect((await waitForStatus(webUrl, id, user.token)).status).toBe("scored");

    expect(await referenceRows()).toEqual(before);
    const stored = await db.finding.findMany({ where: { run: { submissionId: id } } });
    const newTexts = new Set(
      stored.flatMap((f) => [`fulltext:${sha256(fullText(f))}`, `description:${sha256(descriptionText(f))}`]),
    );
    expect(await db.embedding.count()).toBe(totalBefore + newTexts.size);
  });

  it("stores the six signals of every candidate pair and the setup of the score", async () => {
    const id = await upload(firstFindings().slice(0, 2), "Audit Model");
    const result = await waitForStatus(webUrl, id, user.token);
    const pairs = await db.candidatePair.findMany({ where: { finding: { run: { submissionId: id } } } });
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) {
      for (const signal of SIGNAL_NAMES) {
        expect(Number.isFinite(pair[signal]), signal).toBe(true);
        expect(pair[signal]).toBeGreaterThanOrEqual(
          signal === "fullTextEmbedding" || signal === "descriptionEmbedding" ? -1 : 0,
        );
        expect(pair[signal]).toBeLessThanOrEqual(1 + 1e-9);
      }
      // Kept because at least one signal reached its Table 10 threshold; judged, so the verdict is linked.
      expect(SIGNAL_NAMES.some((s) => pair[s] >= PAPER_THRESHOLDS[s])).toBe(true);
      expect(pair.verdictId).not.toBeNull();
    }

    const usage = await db.judgeUsage.findUniqueOrThrow({ where: { submissionId: id } });
    expect(usage).toMatchObject({
      benchmarkVersion: `${slug}@1`,
      judgeModel: "fake-judge-1",
      offlineJudge: false,
      promptVersion: "judge-match@2",
      embeddingProvider: "offline",
      embeddingModel: "offline-hash-384-v1",
    });
    expect(usage.thresholds).toEqual(PAPER_THRESHOLDS);
    expect(result.scoring).toMatchObject({
      benchmark_version: `${slug}@1`,
      judge_model: "fake-judge-1",
      prompt_version: "judge-match@2",
      embedding_provider: "offline",
    });
    expect(result.scoring.thresholds).toEqual(PAPER_THRESHOLDS);
  });
});
