import { describe, expect, it } from "vitest";
import { bucketWindow, estimatePromptTokens, ReplyAllowance } from "./token-estimate";

describe("estimatePromptTokens", () => {
  it("counts tokens per message, never below characters / 4, plus the chat format's 4 a message", () => {
    expect(estimatePromptTokens([{ content: "hello world" }])).toBe(3 + 4); // 2 tokens, but 11 chars / 4 = 3
    const prose = "The quick brown fox jumps over the lazy dog. ".repeat(20);
    expect(estimatePromptTokens([{ content: prose }])).toBe(Math.ceil(prose.length / 4) + 4);
    const unusual = "ÿ€𝔘".repeat(50); // more tokens than characters / 4
    expect(estimatePromptTokens([{ content: unusual }])).toBeGreaterThan(unusual.length / 4 + 4);
  });
});

describe("bucketWindow", () => {
  it("counts a per-minute limit in 10 s windows holding a sixth of it, with a burst that keeps within the bucket", () => {
    expect(bucketWindow(120)).toEqual({ seconds: 10, points: 20, burstPoints: 26, burstSeconds: 600 });
    const tokens = bucketWindow(40_000);
    expect(tokens.points).toBe(6_666);
    // Two windows and two bursts back to back never pass a full bucket (a minute's worth).
    expect(2 * tokens.points + 2 * tokens.burstPoints).toBeLessThanOrEqual(40_000);
    expect(bucketWindow(3)).toEqual({ seconds: 60, points: 3, burstPoints: 0, burstSeconds: 60 });
  });
});

describe("ReplyAllowance", () => {
  it("follows what replies use, with a quarter more for room", () => {
    const allowance = new ReplyAllowance(256);
    expect(allowance.tokens).toBe(320);
    for (let i = 0; i < 60; i++) allowance.observe(40);
    expect(allowance.tokens).toBeLessThan(60);
    expect(allowance.tokens).toBeGreaterThanOrEqual(50);
  });
});
