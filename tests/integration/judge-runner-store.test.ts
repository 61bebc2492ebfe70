// Verdicts reach the cache while judging goes on (worker/shared/judge/judge-runner.ts, docs/reliability.md): within a
// second of their reply, however few, so a worker killed mid-judging loses at most the last second's; and after a
// failure the job's retries could not overcome, every verdict decided before it (and every call in flight) is still
// stored, so the retry does not ask them again.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenAiJudge } from "../../lib/llm/judge";
import type { SignalValues } from "../../lib/scoring/types";
import { JudgeRunner } from "../../worker/shared/judge/judge-runner";
import { pairRequest } from "../../worker/shared/judge/verdict-cache";
import { startFakeOpenAi } from "../support/fake-openai";
import { waitFor } from "../support/fault-harness";
import { db } from "../support/fixtures";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});

const signals: SignalValues = {
  lineOverlap: 1,
  fullTextEmbedding: 0.9,
  descriptionEmbedding: 0.9,
  snippetTokens: 0.5,
  identifiers: 0.5,
  apiCalls: 0.5,
};

function requests(judge: OpenAiJudge, tag: string, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const side = (which: string) => ({
      hash: `runner-${tag}-${which}-${i}`,
      text: {
        repo: "acme/engine",
        file: "engine/parser.py",
        lineStart: 10,
        lineEnd: 12,
        title: `Parser drops the token ${i} [root:R${i}-${tag}]`,
        description: `The parser drops token ${i} at the end of the buffer (${which}). [root:R${i}-${tag}]`,
        codeSnippet: "def parse(self): pass",
      },
    });
    return pairRequest(judge, side("left"), side("right"), signals);
  });
}

const stored = (tag: string) => db.judgeVerdict.count({ where: { leftHash: { startsWith: `runner-${tag}-` } } });

describe("the judge runner stores verdicts as they come", () => {
  it("stores a few verdicts within a second, and what was decided before a failure", async () => {
    const judge = new OpenAiJudge("fake-judge-1", {
      apiKey: "test-key",
      baseURL: fake.url,
      timeoutMs: 5_000,
      maxRetries: 0,
    });
    const runner = new JudgeRunner(judge, { malformedRetries: 0 });
    const tag = randomUUID().slice(0, 8);
    const [first, second] = [requests(judge, `${tag}a`, 20), requests(judge, `${tag}b`, 6)];

    // 20 verdicts, far fewer than a batch, and no flush: stored by the timer.
    for (const request of first) await runner.decide(request);
    await waitFor(
      () => stored(`${tag}a`),
      (n) => n === 20,
      15_000,
      "the verdicts of the last second to be stored",
    );

    // Five more verdicts, then the endpoint fails for good: the five are stored, and flush() reports the failure.
    for (const request of second.slice(0, 5)) await runner.decide(request);
    fake.control.failNext = 1;
    await expect(runner.decide(second[5]!)).rejects.toThrow();
    await expect(runner.flush()).rejects.toThrow();
    expect(await stored(`${tag}b`)).toBe(5);
    expect(runner.stats.calls).toBe(25);
  });
});
