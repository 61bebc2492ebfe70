// The structured-output client against the local fake OpenAI server: every answered call is counted as it arrives,
// malformed replies and a final failure included, so a job can record what it paid for call by call.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { startFakeOpenAi } from "../../tests/support/fake-openai";
import { StructuredClient, type CallUsage } from "./structured-client";
import { JudgeReplyError } from "./judge";
import { DEFAULT_MODEL_PRICES, priceUsage } from "./model-prices";

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
let fake: Fake;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => Object.assign(fake.control, { failNext: 0, malformedNext: 0, failRate: 0, malformedRate: 0 }));

const contextReply = z.object({ document: z.string() });
const contextSchema = {
  type: "object",
  properties: { document: { type: "string" } },
  required: ["document"],
  additionalProperties: false,
};
const messages = [{ role: "user" as const, content: '<repository>\n{"name":"acme/parser"}\n</repository>' }];
const client = (malformedRetries: number) =>
  new StructuredClient({ apiKey: "test-key", baseURL: fake.url, timeoutMs: 5_000, maxRetries: 2, malformedRetries });

describe("StructuredClient usage", () => {
  it("reports each reply as it arrives, malformed ones too, and the answer carries every attempt's tokens", async () => {
    const c = client(3);
    const seen: CallUsage[] = [];
    fake.control.malformedNext = 2;
    const answer = await c.withUsage(
      async (u) => void seen.push(u),
      () => c.ask("fake-context", messages, "panel_context", contextSchema, contextReply),
    );
    expect(answer.value.document).toContain("acme/parser");
    expect(seen).toHaveLength(3);
    expect(seen.every((u) => u.model === "fake-context" && u.inputTokens > 0 && u.outputTokens === 30)).toBe(true);
    expect(answer.inputTokens).toBe(seen.reduce((n, u) => n + u.inputTokens, 0));
    expect(answer.outputTokens).toBe(90);
    expect(c.stats).toMatchObject({ calls: 3, malformedReplies: 2, inputTokens: answer.inputTokens, outputTokens: 90 });
  });

  it("counts the calls of a question that ends in a malformed-reply error", async () => {
    const c = client(1);
    const seen: CallUsage[] = [];
    fake.control.malformedNext = 5;
    await expect(
      c.withUsage(
        async (u) => void seen.push(u),
        () => c.ask("fake-context", messages, "panel_context", contextSchema, contextReply),
      ),
    ).rejects.toThrow(JudgeReplyError);
    expect(seen).toHaveLength(2);
    expect(c.stats.calls).toBe(2);
    expect(c.stats.inputTokens).toBe(seen.reduce((n, u) => n + u.inputTokens, 0));
  });

  it("records each call's cached prompt tokens and prices them at the cached price, as the judge's record does", async () => {
    const c = client(0);
    const seen: CallUsage[] = [];
    // A prompt over 1,024 tokens asked twice: the provider's prefix cache serves the second (fake-prefix-cache.ts).
    const long = [
      { role: "user" as const, content: `${messages[0]!.content}\n${"shared context line\n".repeat(400)}` },
    ];
    await c.withUsage(
      async (u) => void seen.push(u),
      async () => {
        await c.ask("gpt-4.1-mini", long, "panel_context", contextSchema, contextReply);
        await c.ask("gpt-4.1-mini", long, "panel_context", contextSchema, contextReply);
      },
    );
    expect(seen[0]!.cachedInputTokens).toBe(0);
    expect(seen[1]!.cachedInputTokens).toBeGreaterThanOrEqual(1_024);
    expect(seen[1]!.cachedInputTokens).toBeLessThanOrEqual(seen[1]!.inputTokens);
    const price = DEFAULT_MODEL_PRICES["gpt-4.1-mini"];
    for (const u of seen) expect(u.costUsd).toBeCloseTo(priceUsage(price, u)!, 12);
    expect(seen[1]!.costUsd).toBeLessThan(seen[0]!.costUsd);
    expect(c.stats).toMatchObject({
      calls: 2,
      cachedInputTokens: seen[1]!.cachedInputTokens,
      inputTokens: seen[0]!.inputTokens + seen[1]!.inputTokens,
    });
    expect(c.stats.costUsd).toBeCloseTo(seen[0]!.costUsd + seen[1]!.costUsd, 12);
  });

  it("waits for a listener before answering, and stops calling it once the work is done", async () => {
    const c = client(0);
    const order: string[] = [];
    const listener = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push("recorded");
    };
    await c.withUsage(listener, async () => {
      await c.ask("fake-context", messages, "panel_context", contextSchema, contextReply);
      order.push("answered");
    });
    await c.ask("fake-context", messages, "panel_context", contextSchema, contextReply);
    expect(order).toEqual(["recorded", "answered"]);
    expect(c.stats.calls).toBe(2);
  });
});
