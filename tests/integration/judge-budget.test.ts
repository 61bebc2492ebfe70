// The judge-call budget, phase by phase (docs/performance.md, docs/file-formats.md), against real Postgres and the fake OpenAI server:
// a submission stops before any call when its reference phase alone is above the budget; it stops after the
// reference phase when the cross-run phase's bound (tighter than every cross-run candidate) would pass the budget;
// after an admin approves the estimate it continues from where it stopped, within the approved calls, and ends with
// the numbers of an unconstrained scoring.

import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { approveJudgeSpend, listAwaitingApproval } from "../../lib/server/admin/approve-judge-spend";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { usd } from "../../lib/format";
import { call, createTestUser, signIn } from "./authz-support";
import { copySubmission, resultOf, seedRepeatedRunSubmission, waitFor } from "../support/fault-harness";
import { db, userWithToken } from "../support/fixtures";

// The suite's fake OpenAI server, which the suite's worker also calls: same model and endpoint, so one verdict cache.
const fakeUrl = inject("fakeOpenAiUrl");
const webUrl = inject("webUrl");
const chatCalls = async () =>
  ((await (await fetch(fakeUrl.replace(/\/v1$/, "/__stats"))).json()) as { chatCalls: number }).chatCalls;

const deps = (budget: number) => ({
  judge: new OpenAiJudge("fake-judge-1", { apiKey: "test-key", baseURL: fakeUrl, timeoutMs: 5_000, maxRetries: 2 }),
  embedder: new OfflineEmbeddingProvider(),
  concurrency: 8,
  budget,
  malformedRetries: 2,
});

async function score(id: string, budget: number) {
  const before = await chatCalls();
  const summary = await scoreSubmission((await claimSubmission(id))!, deps(budget));
  const submission = await db.submission.findUniqueOrThrow({ where: { id }, include: { judgeUsage: true } });
  return { summary, calls: (await chatCalls()) - before, submission };
}

describe("judge-call budget per phase", () => {
  it("stops before any call, then after the reference phase with a tighter cross-run bound, and continues once approved", async () => {
    const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));

    // Budget 0: the reference phase alone is above it. Nothing is called; the estimate covers both phases.
    const first = await score(id, 0);
    expect(first.summary.outcome).toBe("awaiting_approval");
    expect(first.calls).toBe(0);
    const referenceCalls = first.summary.judge.requested - first.summary.judge.cached;
    expect(referenceCalls).toBeGreaterThan(0);
    expect(first.summary.crossRun.kept).toBeGreaterThan(0);
    expect(first.summary.estimatedCalls).toBe(referenceCalls + first.summary.crossRun.kept);
    expect(first.submission.scoringStatus).toBe("awaiting_approval");
    expect(first.submission.scoringError).toContain(
      `up to ${first.summary.estimatedCalls.toLocaleString("en-US")} judge calls`,
    );
    expect(first.submission.judgeUsage[0]?.estimatedCalls).toBe(first.summary.estimatedCalls);
    // The estimate in dollars beside it, at fake-judge-1's $1 input and $2 output per million tokens: each call's
    // prompt as tokenized plus the 256 reply tokens (LLM_REPLY_TOKENS) assumed before any reply is seen.
    const estimate = first.submission.judgeUsage[0]?.estimatedCostUsd ?? 0;
    const estimatedCalls = first.summary.estimatedCalls;
    expect(estimate).toBeGreaterThan((estimatedCalls * (300 + 256 * 2)) / 1e6);
    expect(estimate).toBeLessThan((estimatedCalls * (3_000 + 256 * 2)) / 1e6);
    const held = (await listAwaitingApproval()).find((h) => h.id === id);
    expect(held).toMatchObject({ estimated_calls: estimatedCalls, estimated_cost_usd: estimate });
    // The review queue shows it beside the call count.
    const staff = await createTestUser("admin");
    const cookie = await signIn(webUrl, staff);
    const queue = (await call(webUrl, "GET", "/admin", { cookie })).text;
    const shown = new RegExp(`data-submission-id="${id}"[\\s\\S]*?data-testid="estimated-cost">([^<]*)<`).exec(queue);
    expect(shown?.[1]).toBe(`about ${usd(estimate)}`);

    // A budget that fits the reference phase exactly: it runs, then the cross-run phase is bounded before its first
    // call. Shared reference bugs already connect some candidates, so the bound is below the candidate count.
    await db.submission.update({ where: { id }, data: { scoringStatus: "queued" } });
    const second = await score(id, referenceCalls);
    expect(second.summary.outcome).toBe("awaiting_approval");
    expect(second.calls).toBe(referenceCalls);
    expect(second.summary.crossRun.judged).toBe(0);
    const bound = second.summary.crossRun.bound;
    expect(bound).toBeGreaterThan(0);
    expect(bound).toBeLessThan(second.summary.crossRun.kept);
    expect(second.summary.estimatedCalls).toBe(referenceCalls + bound);
    expect(second.submission.judgeUsage[0]?.estimatedCalls).toBe(referenceCalls + bound);

    // The admin approves the estimate; the worker continues from where scoring stopped: reference verdicts are
    // cached, and the cross-run phase makes at most its bound of calls.
    const admin = await userWithToken("admin");
    const before = await chatCalls();
    await approveJudgeSpend(admin.id, id, {});
    const status = async () => (await db.submission.findUniqueOrThrow({ where: { id } })).scoringStatus;
    await waitFor(
      status,
      (s) => s === "scored" || s === "failed" || s === "awaiting_approval",
      90_000,
      "the worker to finish the approved scoring",
    );
    expect(await status()).toBe("scored");
    const usage = await db.judgeUsage.findUniqueOrThrow({ where: { submissionId: id } });
    const calls = (await chatCalls()) - before;
    expect(usage.cachedVerdicts).toBe(first.summary.judge.requested);
    expect(calls).toBe(usage.crossRunJudged);
    expect(calls).toBeLessThanOrEqual(bound);
    // The submission's page shows the judge's tokens and dollars (fake-judge-1 is priced).
    const page = (await call(webUrl, "GET", `/submissions/${id}`, { cookie })).text;
    const cost = /data-testid="judge-cost">([\s\S]*?)<\/dd>/.exec(page)?.[1]?.replace(/<!-- -->/g, "");
    expect(cost).toMatch(
      /^[\d,]+ input tokens \(0 served by the provider(&#x27;|')s prompt cache\), [\d,]+ output tokens: \$/,
    );

    // Same numbers as a copy scored without any budget in the way.
    const copy = await copySubmission(id);
    const unconstrained = await score(copy, 1_000_000);
    expect(unconstrained.summary.outcome).toBe("scored");
    const [constrained, free] = [await resultOf(id), await resultOf(copy)];
    expect(constrained.scores).toEqual(free.scores);
    expect(constrained.matches).toEqual(free.matches);
  }, 180_000);
});
