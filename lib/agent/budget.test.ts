import { describe, expect, it } from "vitest";
import { runBudgetSchema } from "../contracts/audit-runs";
import { budgetExhausted, passLimitReached, passLimits } from "./budget";

describe("run budget", () => {
  const start = new Date("2026-01-01T00:00:00Z");
  it("is spent when any limit is reached", () => {
    expect(budgetExhausted({}, { tokens: 1e9, costUsd: 1e6, startedAt: start }, new Date())).toBeNull();
    expect(budgetExhausted({ usd: 2 }, { tokens: 0, costUsd: 1.99, startedAt: start }, start)).toBeNull();
    expect(budgetExhausted({ usd: 2 }, { tokens: 0, costUsd: 2, startedAt: start }, start)).toContain("$2");
    expect(budgetExhausted({ tokens: 100 }, { tokens: 100, costUsd: 0, startedAt: start }, start)).toContain(
      "100 tokens",
    );
    expect(
      budgetExhausted(
        { wall_minutes: 1 },
        { tokens: 0, costUsd: 0, startedAt: start },
        new Date(start.getTime() + 59_999),
      ),
    ).toBeNull();
    expect(
      budgetExhausted(
        { wall_minutes: 1 },
        { tokens: 0, costUsd: 0, startedAt: start },
        new Date(start.getTime() + 60_000),
      ),
    ).toContain("1 minutes");
  });
  it("refuses unknown or non-positive limits", () => {
    expect(runBudgetSchema.safeParse({ usd: 0 }).success).toBe(false);
    expect(runBudgetSchema.safeParse({ dollars: 1 }).success).toBe(false);
    expect(runBudgetSchema.parse({ tokens: 5, wall_minutes: 0.5 })).toEqual({ tokens: 5, wall_minutes: 0.5 });
  });
});

describe("pass limits", () => {
  const limits = { maxTurns: 3, maxTokens: 1_000, wallMs: 60_000 };
  it("names the limit reached", () => {
    expect(passLimitReached(limits, { turns: 2, tokens: 999, startedAt: 0 }, 59_999)).toBeNull();
    expect(passLimitReached(limits, { turns: 3, tokens: 0, startedAt: 0 }, 0)).toContain("turn limit (3)");
    expect(passLimitReached(limits, { turns: 0, tokens: 1_000, startedAt: 0 }, 0)).toContain("token limit");
    expect(passLimitReached(limits, { turns: 0, tokens: 0, startedAt: 0 }, 60_000)).toContain(
      "wall-time limit (1 min)",
    );
  });
  it("are built from the settings, the wall time given in seconds", () => {
    expect(passLimits(3, 1_000, 60)).toEqual(limits);
  });
});
