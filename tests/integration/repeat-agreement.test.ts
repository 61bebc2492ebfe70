// §2.3's repeat agreement measured on purpose (docs/grading.md) through the real web app and worker: a maintainer
// starts a repeat of a scoring's verdicts, costed from the drawn verdicts' tokens and refused above the judge-call
// budget; the worker asks the same judge again with the verdict cache bypassed; a fake judge that flips every fourth
// verdict gives exactly that share of disagreements, listed, and the public figures show them beside the paper's.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeQueues } from "../../lib/queue/queues";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { db, finding, smallBenchmark, uniqueSlug, waitForStatus } from "../support/fixtures";
import { waitFor } from "../support/fault-harness";
import { approveSubmission, call, createTestUser, type TestUser } from "./authz-support";

const webUrl = inject("webUrl");
const fakeUrl = inject("fakeOpenAiUrl");
const tag = randomUUID().slice(0, 8);
const fake = (path: string, init?: RequestInit) => fetch(fakeUrl.replace(/\/v1$/, path), init);
const fakeControl = (control: Record<string, unknown>) =>
  fake("/__control", { method: "POST", body: JSON.stringify(control) });
const chatCalls = async () => ((await (await fake("/__stats")).json()) as { chatCalls: number }).chatCalls;

let key: string;
let maintainer: TestUser;
let admin: TestUser;
let submissionId: string;

beforeAll(async () => {
  const slug = uniqueSlug("rep");
  key = `${slug}@1`;
  await importBenchmark(smallBenchmark(slug));
  [maintainer, admin] = await Promise.all([createTestUser("maintainer"), createTestUser("admin")]);
  // Findings over the parser's lines: each is sent to the judge against the bugs whose lines it overlaps.
  const findings = Array.from({ length: 9 }, (_, i) =>
    finding(i % 3 === 0 ? "P1" : `X${i}`, "acme/parser", "parser/lexer.py", 38 + i, 46 + i, `Lexer case ${i} (${tag})`),
  );
  const created = await call(
    webUrl,
    "POST",
    "/api/v1/submissions",
    { token: admin.token },
    {
      benchmark: key,
      model: `Repeat agent ${tag}`,
      findings,
    },
  );
  expect(created.status).toBe(202);
  submissionId = created.json.id;
  expect((await waitForStatus(webUrl, submissionId, admin.token)).status).toBe("scored");
  expect(await approveSubmission(webUrl, submissionId, admin.token)).toBe(200);
});

afterAll(async () => {
  await fakeControl({ flipEvery: 0 });
  await closeQueues();
});

describe("repeat agreement", () => {
  it("re-judges a seeded sample with the cache bypassed, costed and budgeted, and a flipping judge's share is measured", async () => {
    const start = (auth: { token?: string }, body: Record<string, unknown>) =>
      call(webUrl, "POST", "/api/v1/grading/repeats", auth, body);
    const attempt = await db.submission.findUniqueOrThrow({
      where: { id: submissionId },
      select: { scoringAttemptId: true },
    });
    const judged = await db.candidatePair.findMany({
      where: { attemptId: attempt.scoringAttemptId, verdictId: { not: null } },
      select: { verdict: { select: { id: true, match: true, inputTokens: true, outputTokens: true } } },
    });
    const verdicts = new Map(judged.map((p) => [p.verdict!.id, p.verdict!]));
    const pairs = verdicts.size;
    expect(pairs).toBeGreaterThanOrEqual(8);

    // Who may: maintainers and admins; nobody anonymous. Inputs bounded.
    expect((await start({}, { submission: submissionId, size: 10 })).status).toBe(401);
    expect((await start({ token: maintainer.token }, { submission: submissionId, size: 0 })).status).toBe(422);
    expect((await start({ token: maintainer.token }, { submission: "nope", size: 5 })).status).toBe(404);
    // Costed before any call: a ceiling of $0 refuses, naming the estimate.
    const tooDear = await start({ token: maintainer.token }, { submission: submissionId, size: 1000, max_cost_usd: 0 });
    expect(tooDear.status).toBe(409);
    expect(tooDear.json.error.message).toContain("estimated at $");
    // Bounded by the judge-call budget together with the trials: a queued trial holding all but 2 calls leaves no room.
    const versionId = (await db.benchmark.findFirstOrThrow({ where: { slug: key.split("@")[0] } })).id;
    const holder = await db.judgeTrial.create({
      data: { benchmarkId: versionId, candidateModel: "x", currentModel: "y", plannedCalls: 150_000 - 2 },
    });
    const overBudget = await start({ token: maintainer.token }, { submission: submissionId, size: 1000 });
    await db.judgeTrial.delete({ where: { id: holder.id } });
    expect(overBudget.status).toBe(409);
    expect(overBudget.json.error.message).toContain("JUDGE_CALL_BUDGET");
    expect(await db.repeatJudging.count({ where: { submissionId } })).toBe(0);

    // Every fourth verdict of the repeat is flipped: floor(pairs / 4) of them must disagree.
    const cacheBefore = await db.judgeVerdict.count();
    const callsBefore = await chatCalls();
    await fakeControl({ flipEvery: 4 });
    const started = await start({ token: maintainer.token }, { submission: submissionId, size: 1000, seed: "s1" });
    expect(started.status).toBe(201);
    // The estimate is the drawn verdicts' own tokens at fake-judge-1's price ($1 / $2 per million).
    let input = 0;
    let output = 0;
    for (const v of verdicts.values()) {
      input += v.inputTokens;
      output += v.outputTokens;
    }
    expect(started.json).toMatchObject({ pairs, status: "queued", judge_model: "fake-judge-1", seed: "s1" });
    expect(started.json.estimated_cost_usd).toBeCloseTo((input + 2 * output) / 1e6, 12);
    const done = await waitFor(
      async () => (await call(webUrl, "GET", `/api/v1/grading/repeats/${started.json.id}`, maintainer)).json,
      (r) => r.status === "done" || r.status === "failed",
      60_000,
      "the repeat to finish",
    );
    await fakeControl({ flipEvery: 0 });
    expect(done.error).toBe(null);
    const flipped = Math.floor(pairs / 4);
    expect(done).toMatchObject({ pairs, judge_calls: pairs, undecided: 0, paper: 0.998 });
    expect(done.agreement).toMatchObject({
      successes: pairs - flipped,
      trials: pairs,
      value: (pairs - flipped) / pairs,
    });
    expect(done.disagreements).toHaveLength(flipped);
    expect(done.match_then_no_match + done.no_match_then_match).toBe(flipped);
    for (const d of done.disagreements) expect(d.repeat_match).toBe(!d.first_match);
    // The cache was bypassed both ways: one call a pair, no verdict written, the first verdicts unchanged.
    expect((await chatCalls()) - callsBefore).toBe(pairs);
    expect(await db.judgeVerdict.count()).toBe(cacheBefore);
    for (const v of verdicts.values())
      expect((await db.judgeVerdict.findUniqueOrThrow({ where: { id: v.id } })).match).toBe(v.match);

    // The same seed draws the same pairs first.
    const again = await start({ token: maintainer.token }, { submission: submissionId, size: 3, seed: "s1" });
    expect(again.status).toBe(201);
    const drawnOf = async (id: string) =>
      (await db.repeatJudgingPair.findMany({ where: { repeatId: id }, orderBy: { position: "asc" } })).map(
        (p) => p.verdictId,
      );
    expect(await drawnOf(again.json.id)).toEqual((await drawnOf(started.json.id)).slice(0, 3));
    await waitFor(
      async () => (await call(webUrl, "GET", `/api/v1/grading/repeats/${again.json.id}`, maintainer)).json,
      (r) => r.status === "done",
      60_000,
      "the second repeat to finish",
    );

    // Public: the figures list the finished repeats of the public submission beside the paper's 99.8%.
    const quality = await call(webUrl, "GET", `/api/v1/grading/judge-quality?benchmark=${key}`);
    expect(quality.status).toBe(200);
    const shown = quality.json.repeat_agreement.find((r: { id: string }) => r.id === started.json.id);
    expect(shown).toMatchObject({ agreement: done.agreement, started_by: null });
    expect(shown.disagreements).toEqual(done.disagreements);
    const page = await (await fetch(`${webUrl}/method?benchmark=${encodeURIComponent(key)}`)).text();
    expect(page).toContain('data-testid="repeat-agreement"');
    const list = await call(webUrl, "GET", `/api/v1/grading/repeats?benchmark=${key}`, maintainer);
    expect(list.json.repeats.map((r: { id: string }) => r.id)).toEqual([again.json.id, started.json.id]);
  });
});
