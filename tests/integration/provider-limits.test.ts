// Scoring on an account with limits (docs/scoring.md, "Provider limits"), against real Postgres and Redis and a fake
// endpoint that enforces requests and tokens per minute as OpenAI documents them (tests/support/fake-rate-limits.ts):
// an account out of quota fails scoring at once with a message that says so; a reasoning model that refuses `temperature`, and an endpoint without json_schema,
// still score it.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { classifyScoringError } from "../../worker/jobs/classify-job-error";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { startFakeOpenAi } from "../support/fake-openai";
import { seedRepeatedRunSubmission } from "../support/fault-harness";

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
let limited: Fake;
let open: Fake;

beforeAll(async () => {
  [limited, open] = await Promise.all([startFakeOpenAi(), startFakeOpenAi()]);
});
afterAll(async () => {
  await limited?.close();
  await open?.close();
});

// A fresh model name per run, so no verdict is cached before the test.
const model = `fake-judge-limits-${randomUUID().slice(0, 8)}`;
const deps = (fake: Fake, judgeModel = model, limits = {}) => ({
  judge: new OpenAiJudge(judgeModel, {
    apiKey: "test-key",
    baseURL: fake.url,
    timeoutMs: 10_000,
    maxRetries: 2,
    limits,
  }),
  embedder: new OfflineEmbeddingProvider(),
  concurrency: 64,
  budget: 1_000_000,
  malformedRetries: 2,
});

describe("scoring on an account with limits", () => {
  it("fails at once with its own message when the account has no quota left", async () => {
    const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
    Object.assign(limited.control, { quotaExhausted: true });
    const started = Date.now();
    const failure = await scoreSubmission((await claimSubmission(id))!, deps(limited, `${model}-quota`)).catch(
      (error: unknown) => error,
    );
    // Before any judge call the submission is embedded and prefiltered (seconds on a loaded machine); the refusal
    // itself is not retried.
    expect(Date.now() - started).toBeLessThan(60_000);
    const classified = classifyScoringError(failure);
    expect(classified.permanent).toBe(true);
    expect(classified.message).toContain("insufficient_quota");
    expect(limited.stats.rateLimited).toBeLessThan(70); // one refusal per call in flight, none retried
  });

  it("scores with a reasoning model that refuses temperature and on an endpoint without json_schema", async () => {
    for (const judgeModel of [
      `fake-reasoning-${randomUUID().slice(0, 8)}`,
      `fake-no-schema-${randomUUID().slice(0, 8)}`,
    ]) {
      const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
      const summary = await scoreSubmission((await claimSubmission(id))!, deps(open, judgeModel));
      expect(summary.outcome, judgeModel).toBe("scored");
      expect(summary.judge.calls, judgeModel).toBeGreaterThan(0);
    }
  });
});
