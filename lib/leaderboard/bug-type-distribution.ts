import type { z } from "zod";
import type { bugTypesSchema } from "../contracts/bug-types";

// The rows of the bug-type tables (Tables 20-21): shares of each category or trigger level among the reference bugs
// and, per configuration's run, among agent findings; the agents' mean and range over configurations; the gap and the
// ratio. Pure: no I/O.

/** One row of a distribution: the contract's type (GET /api/v1/bug-types), not a second hand-written shape. */
export type DistributionRow = NonNullable<z.input<typeof bugTypesSchema>["stored"]>["categories"][number];

/** A published row (percentages as printed) as a table row. */
export function publishedRow(
  name: string,
  family: string | null,
  level: number | null,
  r: {
    human_n?: number;
    human_pct?: number;
    agent_pct?: number;
    agent_mean_n?: number;
    agent_range?: [number, number];
    gap_pp?: number;
    ratio?: number;
  },
): DistributionRow {
  const human = r.human_pct !== undefined ? r.human_pct / 100 : null;
  const agent = r.agent_pct !== undefined ? r.agent_pct / 100 : null;
  return {
    name,
    family,
    level,
    humanN: r.human_n ?? null,
    humanShare: human,
    agentShare: agent,
    agentRange: r.agent_range ? [r.agent_range[0] / 100, r.agent_range[1] / 100] : null,
    agentMeanN: r.agent_mean_n ?? null,
    // The published ratio where given (from unrounded shares), else the ratio of the printed shares.
    ratio: r.ratio ?? (human !== null && agent !== null && human > 0 ? agent / human : null),
    // The published gap where given: it comes from unrounded shares, so it can differ from the rounded difference.
    gap: r.gap_pp !== undefined ? r.gap_pp / 100 : human !== null && agent !== null ? agent - human : null,
  };
}

/** Shares per key among maintainers and, per group (a run), among agents; null keys (uncategorised) are left out. */
export function distribution(
  human: { key: string | null; n: number }[],
  agents: { group: string; key: string | null; n: number }[],
): DistributionRow[] {
  const humanTotal = human.filter((h) => h.key).reduce((s, h) => s + h.n, 0);
  const groups = new Map<string, Map<string, number>>();
  for (const a of agents) {
    if (!a.key) continue;
    const g = groups.get(a.group) ?? new Map<string, number>();
    g.set(a.key, (g.get(a.key) ?? 0) + a.n);
    groups.set(a.group, g);
  }
  const keys = new Set(
    [...human.map((h) => h.key), ...agents.map((a) => a.key)].filter((k): k is string => Boolean(k)),
  );
  const rows = [...keys].map((key) => {
    const humanN = human.filter((h) => h.key === key).reduce((s, h) => s + h.n, 0);
    const shares = [...groups.values()].map((g) => (g.get(key) ?? 0) / [...g.values()].reduce((s, n) => s + n, 0));
    const counts = [...groups.values()].map((g) => g.get(key) ?? 0);
    const agentShare = shares.length ? shares.reduce((s, v) => s + v, 0) / shares.length : null;
    const humanShare = humanTotal ? humanN / humanTotal : null;
    return {
      name: key,
      family: null,
      level: null,
      humanN,
      humanShare,
      agentShare,
      agentRange: shares.length ? ([Math.min(...shares), Math.max(...shares)] as [number, number]) : null,
      agentMeanN: counts.length ? counts.reduce((s, n) => s + n, 0) / counts.length : null,
      gap: humanShare !== null && agentShare !== null ? agentShare - humanShare : null,
      ratio: humanShare !== null && agentShare !== null && humanShare > 0 ? agentShare / humanShare : null,
    };
  });
  return rows.sort((a, b) => (b.gap ?? -Infinity) - (a.gap ?? -Infinity) || a.name.localeCompare(b.name));
}
