// Figures of `npm run bench:score -- --rpm N --tpm N`: scoring on an account whose limits the fake enforces as
// providers document them (tests/support/fake-rate-limits.ts: token buckets refilled continuously, full at first).
// Targets (docs/performance.md): throughput at least 95% of what the binding limit allows, refusals at most 1% of
// calls, no failed scoring attempt. Throughput is measured after the first minute, once the account's full bucket is
// spent (the limiter spends only part of it at first: lib/llm/provider-limiter.ts); the time against the least the
// limits allow with full buckets is printed too.

import type { TargetCheck } from "./bench-report";

export type BenchLimits = { rpm?: number; tpm?: number };

/** What the fake saw: chat completions answered and refused, their tokens, and when the first and last were answered. */
export type LimitedServerStats = {
  chatCalls: number;
  rateLimited: number;
  promptTokens: number;
  completionTokens: number;
  firstChatAt: number;
  lastChatAt: number;
  firstMinuteCalls: number;
  firstMinuteTokens: number;
};

export type LimitedFigures = {
  calls: number;
  refusals: number;
  tokens: number;
  windowSeconds: number;
  /** The least time the limits allow for these calls and tokens, starting with full buckets. */
  minimumSeconds: number;
  binding: "requests" | "tokens";
  /** Calls a minute after the first minute, and what the binding limit allows at these calls' mean tokens. */
  callsPerMinute: number;
  allowedCallsPerMinute: number;
  failedAttempts: number;
};

/** The fake's stats of one bench (from a fresh fake), as figures against `limits`; `failedAttempts`: scoring attempts that failed. */
export function limitedFigures(after: LimitedServerStats, limits: BenchLimits, failedAttempts: number): LimitedFigures {
  const calls = after.chatCalls;
  const tokens = after.promptTokens + after.completionTokens;
  const windowSeconds = Math.max((after.lastChatAt - after.firstChatAt) / 1000, 0.001);
  // A bucket holds a minute's allowance and starts full: what goes beyond it comes at the limit's rate.
  const requestsSeconds = limits.rpm ? (Math.max(0, calls - limits.rpm) * 60) / limits.rpm : 0;
  const tokensSeconds = limits.tpm ? (Math.max(0, tokens - limits.tpm) * 60) / limits.tpm : 0;
  const perCall = tokens / Math.max(calls, 1);
  const allowedCallsPerMinute = Math.min(limits.rpm ?? Infinity, limits.tpm ? limits.tpm / perCall : Infinity);
  return {
    calls,
    refusals: after.rateLimited,
    tokens,
    windowSeconds,
    minimumSeconds: Math.max(requestsSeconds, tokensSeconds),
    binding: allowedCallsPerMinute === limits.rpm ? "requests" : "tokens",
    callsPerMinute: ((calls - after.firstMinuteCalls) * 60) / Math.max(windowSeconds - 60, 0.001),
    allowedCallsPerMinute,
    failedAttempts,
  };
}

const count = (n: number) => Math.round(n).toLocaleString("en-US");

export function formatLimited(f: LimitedFigures, limits: BenchLimits): string {
  return [
    `  account limits            ${limits.rpm ? `${count(limits.rpm)} requests` : "no request limit"}, ${limits.tpm ? `${count(limits.tpm)} tokens` : "no token limit"} a minute (binding: ${f.binding})`,
    `  calls answered            ${count(f.calls)} with ${count(f.tokens)} tokens (${count(f.tokens / Math.max(f.calls, 1))} a call)`,
    `  first to last answer      ${f.windowSeconds.toFixed(1)} s; the limits allow ${f.minimumSeconds.toFixed(1)} s (full buckets at first)`,
    `  throughput after minute 1 ${count(f.callsPerMinute)} calls a minute; the binding limit allows ${count(f.allowedCallsPerMinute)}`,
    `  refusals (429)            ${count(f.refusals)} (${((100 * f.refusals) / Math.max(f.calls, 1)).toFixed(2)}% of calls)`,
    `  failed scoring attempts   ${f.failedAttempts}`,
  ].join("\n");
}

export function checkLimited(f: LimitedFigures): TargetCheck[] {
  const share = f.windowSeconds > 60 ? f.callsPerMinute / f.allowedCallsPerMinute : 0;
  const refused = f.refusals / Math.max(f.calls, 1);
  return [
    {
      name: "throughput of what the binding limit allows (after minute 1)",
      target: ">= 95%",
      measured: `${(100 * share).toFixed(1)}%`,
      met: share >= 0.95,
    },
    {
      name: "refusals (429) of calls",
      target: "<= 1%",
      measured: `${(100 * refused).toFixed(2)}%`,
      met: refused <= 0.01,
    },
    { name: "failed scoring attempts", target: "0", measured: String(f.failedAttempts), met: f.failedAttempts === 0 },
  ];
}

export function formatChecks(checks: TargetCheck[]): string {
  return checks.map((c) => `  ${c.met ? "ok    " : "MISSED"} ${c.name}: ${c.measured} (target ${c.target})`).join("\n");
}
