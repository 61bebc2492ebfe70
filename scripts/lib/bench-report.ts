// Figures and the summary table of `npm run bench:score`. Targets (docs/performance.md) are for a 2-core machine.

import type { ScoringSummary } from "../../worker/features/scoring/score-submission";

export type PassFigures = {
  label: string;
  comparedPairs: number;
  keptPairs: number;
  loadSeconds: number;
  embeddingSeconds: number;
  prefilterSeconds: number;
  judgeSeconds: number;
  crossRunSeconds: number;
  writeSeconds: number;
  crossRunCompared: number;
  crossRunKept: number;
  /** Of the duplicate candidates above, those within one run. */
  withinRunCompared: number;
  withinRunKept: number;
  crossRunJudged: number;
  crossRunCached: number;
  crossRunSkipped: number;
  /** The cross-run phase's call bound when it started (boundCrossRunCalls), against every candidate (the old estimate). */
  crossRunBound: number;
  estimatedCalls: number;
  retries: number;
  /** Longest event-loop stall during the pass: monitorEventLoopDelay's longest tick interval less its sampling interval. */
  longestStallMs: number;
  judgeCalls: number;
  /** Chat completions the fake server answered during the pass: the judge calls as the endpoint saw them. */
  serverCalls: number;
  cachedVerdicts: number;
  /** Judge calls per second of the judging stage; undefined when nothing was judged. */
  judgeCallsPerSecond: number | undefined;
  /** process.resourceUsage().maxRSS after the pass: the peak of the process that ran it. */
  peakRssMb: number;
  endToEndSeconds: number;
};

export function summarizePass(
  label: string,
  summary: ScoringSummary,
  serverCalls: number,
  endToEndMs: number,
  longestStallMs: number,
): PassFigures {
  const t = summary.timings;
  const judgingSeconds = (t.judgeMs + t.crossRunMs) / 1000;
  return {
    label,
    comparedPairs: summary.comparedPairs,
    keptPairs: summary.keptPairs,
    loadSeconds: t.loadMs / 1000,
    embeddingSeconds: t.embedMs / 1000,
    prefilterSeconds: t.prefilterMs / 1000,
    judgeSeconds: t.judgeMs / 1000,
    crossRunSeconds: t.crossRunMs / 1000,
    writeSeconds: t.writeMs / 1000,
    crossRunCompared: summary.crossRun.compared,
    crossRunKept: summary.crossRun.kept,
    withinRunCompared: summary.crossRun.withinCompared,
    withinRunKept: summary.crossRun.withinKept,
    crossRunJudged: summary.crossRun.judged,
    crossRunCached: summary.crossRun.cached,
    crossRunSkipped: summary.crossRun.skipped,
    crossRunBound: summary.crossRun.bound,
    estimatedCalls: summary.estimatedCalls,
    retries: summary.judge.retries,
    longestStallMs,
    judgeCalls: summary.judge.calls,
    serverCalls,
    cachedVerdicts: summary.judge.cached,
    judgeCallsPerSecond: summary.judge.calls > 0 ? summary.judge.calls / judgingSeconds : undefined,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    endToEndSeconds: endToEndMs / 1000,
  };
}

const seconds = (s: number) => `${s.toFixed(2)} s`;
const count = (n: number) => n.toLocaleString("en-US");

export function formatPass(p: PassFigures): string {
  return [
    `  within-repository pairs   ${count(p.comparedPairs)}`,
    `  pairs kept                ${count(p.keptPairs)} (${((100 * p.keptPairs) / Math.max(p.comparedPairs, 1)).toFixed(2)}%)`,
    `  load / embed / prefilter  ${seconds(p.loadSeconds)} / ${seconds(p.embeddingSeconds)} / ${seconds(p.prefilterSeconds)}`,
    `  judge: reference / cross-run / DB write  ${seconds(p.judgeSeconds)} / ${seconds(p.crossRunSeconds)} / ${seconds(p.writeSeconds)}`,
    `  duplicate pairs compared  ${count(p.crossRunCompared)}, kept ${count(p.crossRunKept)} (within runs: ${count(p.withinRunCompared)} compared, ${count(p.withinRunKept)} kept)`,
    `  cross-run judge calls     ${count(p.crossRunJudged)} made, ${count(p.crossRunSkipped)} skipped as already connected, ${count(p.crossRunCached)} cached`,
    `  estimated calls (budget)  ${count(p.estimatedCalls)}; cross-run bound ${count(p.crossRunBound)} of ${count(p.crossRunKept)} candidates`,
    `  longest event-loop stall  ${p.longestStallMs.toFixed(0)} ms`,
    `  judge calls               ${count(p.judgeCalls)} (server saw ${count(p.serverCalls)}; ${count(p.cachedVerdicts)} cached verdicts)`,
    `  judge calls per second    ${p.judgeCallsPerSecond === undefined ? "-" : p.judgeCallsPerSecond.toFixed(1)}`,
    `  peak RSS (maxRSS)         ${p.peakRssMb.toFixed(0)} MB`,
    `  end to end                ${seconds(p.endToEndSeconds)}`,
  ].join("\n");
}

export type TargetCheck = { name: string; target: string; measured: string; met: boolean };

/** The targets (docs/performance.md): stall <= 100 ms, RSS <= 2 GB, >= 1,200 verdicts/s at 200 ms latency, cached rescore with no calls. */
export function checkTargets(cold: PassFigures, warm: PassFigures): TargetCheck[] {
  const rate = cold.judgeCallsPerSecond ?? 0;
  const peak = Math.max(cold.peakRssMb, warm.peakRssMb);
  const stall = Math.max(cold.longestStallMs, warm.longestStallMs);
  return [
    { name: "longest event-loop stall", target: "<= 100 ms", measured: `${stall.toFixed(0)} ms`, met: stall <= 100 },
    { name: "peak RSS", target: "<= 2048 MB", measured: `${peak.toFixed(0)} MB`, met: peak <= 2048 },
    {
      name: "judge throughput (200 ms latency)",
      target: ">= 1200 /s",
      measured: `${rate.toFixed(1)} /s`,
      met: rate >= 1200,
    },
    {
      name: "cached rescoring judge calls",
      target: "0",
      measured: `${warm.judgeCalls} (server ${warm.serverCalls})`,
      met: warm.judgeCalls === 0 && warm.serverCalls === 0,
    },
  ];
}

export function formatSummaryTable(cold: PassFigures, warm: PassFigures, checks: TargetCheck[]): string {
  const rows: [string, string, string][] = [
    ["figure", cold.label, warm.label],
    ["reference pairs compared", count(cold.comparedPairs), count(warm.comparedPairs)],
    ["reference pairs kept", `${count(cold.keptPairs)} (${pct(cold)})`, `${count(warm.keptPairs)} (${pct(warm)})`],
    ["cross-run pairs compared", count(cold.crossRunCompared), count(warm.crossRunCompared)],
    ["cross-run pairs kept", count(cold.crossRunKept), count(warm.crossRunKept)],
    [
      "of which within one run: compared / kept",
      `${count(cold.withinRunCompared)} / ${count(cold.withinRunKept)}`,
      `${count(warm.withinRunCompared)} / ${count(warm.withinRunKept)}`,
    ],
    [
      "cross-run judged / skipped / cached",
      `${count(cold.crossRunJudged)} / ${count(cold.crossRunSkipped)} / ${count(cold.crossRunCached)}`,
      `${count(warm.crossRunJudged)} / ${count(warm.crossRunSkipped)} / ${count(warm.crossRunCached)}`,
    ],
    ["longest event-loop stall", `${cold.longestStallMs.toFixed(0)} ms`, `${warm.longestStallMs.toFixed(0)} ms`],
    ["prefilter", seconds(cold.prefilterSeconds), seconds(warm.prefilterSeconds)],
    ["embedding", seconds(cold.embeddingSeconds), seconds(warm.embeddingSeconds)],
    ["judge calls", count(cold.judgeCalls), count(warm.judgeCalls)],
    ["judge calls per second", rateOf(cold), rateOf(warm)],
    ["peak RSS (maxRSS)", `${cold.peakRssMb.toFixed(0)} MB`, `${warm.peakRssMb.toFixed(0)} MB`],
    ["end to end", seconds(cold.endToEndSeconds), seconds(warm.endToEndSeconds)],
  ];
  const table = renderTable(rows);
  const targets = renderTable([
    ["target", "wanted", "measured", ""],
    ...checks.map((c): [string, string, string, string] => [c.name, c.target, c.measured, c.met ? "ok" : "MISSED"]),
  ]);
  return `${table}\n\n${targets}`;
}

const pct = (p: PassFigures) => `${((100 * p.keptPairs) / Math.max(p.comparedPairs, 1)).toFixed(2)}%`;
const rateOf = (p: PassFigures) =>
  p.judgeCallsPerSecond === undefined ? "-" : `${p.judgeCallsPerSecond.toFixed(1)} /s`;

function renderTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(" | ")} |`;
  return [line(rows[0]!), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.slice(1).map(line)].join("\n");
}
