import type { RunBudget } from "../contracts/audit-runs";

// The checks of a run's budget (lib/contracts/audit-runs.ts: any of USD, tokens, wall minutes) and the per-pass
// limits. Pure.

export type Spent = { tokens: number; costUsd: number; startedAt: Date | null };

/** Why the run's budget is spent, or null while it is not. */
export function budgetExhausted(budget: RunBudget, spent: Spent, now: Date): string | null {
  if (budget.usd !== undefined && spent.costUsd >= budget.usd)
    return `the budget of $${budget.usd} is spent ($${spent.costUsd.toFixed(4)})`;
  if (budget.tokens !== undefined && spent.tokens >= budget.tokens)
    return `the budget of ${budget.tokens} tokens is spent (${spent.tokens})`;
  if (
    budget.wall_minutes !== undefined &&
    spent.startedAt &&
    now.getTime() - spent.startedAt.getTime() >= budget.wall_minutes * 60_000
  ) {
    return `the wall-time budget of ${budget.wall_minutes} minutes is spent`;
  }
  return null;
}

export type PassLimits = { maxTurns: number; maxTokens: number; wallMs: number };
/** Per-pass limits from their settings, where the wall time is set in seconds. */
export function passLimits(maxTurns: number, maxTokens: number, wallSeconds: number): PassLimits {
  return { maxTurns, maxTokens, wallMs: wallSeconds * 1000 };
}

export type PassUsage = { turns: number; tokens: number; startedAt: number };

/** Which per-pass limit is reached, or null. */
export function passLimitReached(limits: PassLimits, usage: PassUsage, now: number): string | null {
  if (usage.turns >= limits.maxTurns)
    return `the pass reached its turn limit (${limits.maxTurns}) without submitting findings`;
  if (usage.tokens >= limits.maxTokens)
    return `the pass reached its token limit (${limits.maxTokens}) without submitting findings`;
  if (now - usage.startedAt >= limits.wallMs)
    return `the pass reached its wall-time limit (${Math.round(limits.wallMs / 60_000)} min) without submitting findings`;
  return null;
}
