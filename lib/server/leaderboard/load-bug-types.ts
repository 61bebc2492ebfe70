import "server-only";
import { db } from "../../db";
import { resolveBenchmark } from "./list-public-benchmarks";
import { cachedByStamp, readBenchmarkStamp } from "./stamp-cache";
import { countAttributedFindings, countAttributedReferences } from "../attribution/attributed-counts";
import type { BenchmarkRef } from "../../leaderboard/types";
import type { z } from "zod";
import type { bugTypesSchema } from "../../contracts/public-reads";
import { DEFAULT_AGENT_POOL, describeAgentPool, type AgentPool } from "../../attribution/agent-pool";

// Bug types and trigger levels of maintainer-fixed reference bugs vs agent findings (Tables 20-21 style).
//
// Maintainers: the share of each category among the reference bugs that carry one. Agents: for each public verified
// configuration of the pool (default: the full-harness ones, as Tables 20-21), the share among the LLM-classified
// findings of its FIRST run (the paper averages one run per configuration), then the mean over configurations, with
// the min-max range. Self-reported categories never enter the shares (F.7.3: one classifier for every configuration).
// Trigger level 0 (insufficient information) is out of the trigger shares' denominators, so the levels sum to 100%
// as in Table 21; it is reported as a count. Gap = agent share - maintainer share, in
// percentage points; rows are sorted by it, most over-represented in agent findings first.
// Group-by counts over findings run once per change of the version's stamp, not per page view.
// For a reported version (no stored reference set), the published distribution is shown as given.

/** GET /api/v1/bug-types's answer, which the bug-types page shows too. */
type BugTypes = z.input<typeof bugTypesSchema>;
export type Distribution = NonNullable<BugTypes["stored"]>;
export type DistributionRow = Distribution["categories"][number];

type TaxonomyLabels = {
  families?: { name: string; categories: { name: string }[] }[];
  triggers?: { level: number; name: string }[];
  reported?: {
    bug_types?: {
      category: string;
      family?: string;
      human_n?: number;
      human_pct?: number;
      agent_pct?: number;
      agent_range?: [number, number];
      agent_mean_n?: number;
      gap_pp?: number;
      ratio?: number;
    }[];
    triggers?: {
      name: string;
      human_n?: number;
      human_pct?: number;
      agent_pct?: number;
      agent_range?: [number, number];
    }[];
    bug_type_notes?: string | null;
  };
};

export async function loadBugTypes(
  benchmarkRef: string | null | undefined,
  pool: AgentPool = DEFAULT_AGENT_POOL,
): Promise<BugTypes> {
  const b = await resolveBenchmark(benchmarkRef);
  return cachedByStamp(
    `bug-types:${b.id}:${pool.source}:${pool.harness.toLowerCase()}`,
    () => readBenchmarkStamp(b.id),
    () => readBugTypes(b, pool),
  );
}

async function readBugTypes(b: BenchmarkRef, pool: AgentPool): Promise<BugTypes> {
  const benchmark = await db.benchmark.findUniqueOrThrow({ where: { id: b.id } });
  const taxonomy = (benchmark.taxonomy ?? {}) as TaxonomyLabels;
  const familyOf = new Map(
    (taxonomy.families ?? []).flatMap((f) => f.categories.map((c) => [c.name, f.name] as const)),
  );
  const levelOf = new Map((taxonomy.triggers ?? []).map((t) => [t.name, t.level]));

  // Reference bugs: the benchmark's own category, else the LLM's; findings: the LLM's only.
  const [refCounts, findingCounts] = await Promise.all([
    countAttributedReferences(b.id, benchmark.taxonomy),
    countAttributedFindings(b.id, benchmark.taxonomy, pool),
  ]);
  // Level 0 is not a trigger level of Table 21: counted apart, out of the denominators.
  const insufficient = {
    maintainers: refCounts.filter((r) => r.level === 0).reduce((n, r) => n + r.n, 0),
    agents: findingCounts.filter((r) => r.level === 0).reduce((n, r) => n + r.n, 0),
  };
  const leveled = (rows: typeof refCounts) => rows.map((r) => (r.level === 0 ? { ...r, trigger: null } : r));
  const sumBy = <K extends "category" | "trigger">(rows: typeof refCounts, key: K, withGroup: boolean) => {
    const m = new Map<string, { group: string; key: string | null; n: number }>();
    for (const r of rows) {
      const k = `${withGroup ? r.group : ""}\u0000${r[key] ?? ""}`;
      const e = m.get(k) ?? { group: r.group, key: r[key], n: 0 };
      e.n += r.n;
      m.set(k, e);
    }
    return [...m.values()];
  };
  const refCategories = sumBy(refCounts, "category", false).map((r) => ({ category: r.key, _count: { _all: r.n } }));
  const refTriggers = sumBy(leveled(refCounts), "trigger", false).map((r) => ({
    trigger: r.key,
    _count: { _all: r.n },
  }));
  const findingCategories = sumBy(findingCounts, "category", true).map((r) => ({
    runId: r.group,
    category: r.key,
    _count: { _all: r.n },
  }));
  const findingTriggers = sumBy(leveled(findingCounts), "trigger", true).map((r) => ({
    runId: r.group,
    trigger: r.key,
    _count: { _all: r.n },
  }));
  const pooled = findingCounts.reduce((n, r) => n + r.n, 0);
  const categorised = findingCounts.filter((r) => r.category).reduce((n, r) => n + r.n, 0);
  const selfReported = findingCounts.filter((r) => r.selfReported).reduce((n, r) => n + r.n, 0);
  const sourceNote = pooled
    ? `Agent categories: ${categorised} of ${pooled} pooled findings attributed by the LLM (F.7.3 prompt)${pooled > categorised ? `, ${pooled - categorised} not yet attributed` : ""}; ${selfReported} carried a self-reported category, which stays on the finding as the submitter's label and is not counted.`
    : null;
  const hasStored = refCategories.some((r) => r.category) || findingCategories.some((r) => r.category);
  const stored: Distribution | null = hasStored
    ? {
        categories: distribution(
          refCategories.map((r) => ({ key: r.category, n: r._count._all })),
          findingCategories.map((r) => ({ group: r.runId, key: r.category, n: r._count._all })),
        ).map((row) => ({ ...row, family: familyOf.get(row.name) ?? null })),
        triggers: distribution(
          refTriggers.map((r) => ({ key: r.trigger, n: r._count._all })),
          findingTriggers.map((r) => ({ group: r.runId, key: r.trigger, n: r._count._all })),
        )
          .map((row) => ({ ...row, level: levelOf.get(row.name) ?? null }))
          .sort((x, y) => (x.level ?? 99) - (y.level ?? 99)),
        humanTotal: refCategories.filter((r) => r.category).reduce((n, r) => n + r._count._all, 0),
        agentConfigurations: new Set(findingCategories.filter((r) => r.category).map((r) => r.runId)).size,
        insufficientTriggers: insufficient,
        pool: {
          ...pool,
          description: describeAgentPool(
            pool,
            new Set(findingCategories.filter((r) => r.category).map((r) => r.runId)).size,
          ),
        },
        notes: sourceNote,
      }
    : null;

  const rep = taxonomy.reported;
  const reported: Distribution | null =
    rep && (rep.bug_types?.length || rep.triggers?.length)
      ? {
          categories: (rep.bug_types ?? [])
            .map((r) => publishedRow(r.category, r.family ?? familyOf.get(r.category) ?? null, null, r))
            .sort((x, y) => (y.gap ?? 0) - (x.gap ?? 0)),
          triggers: (rep.triggers ?? []).map((r) => publishedRow(r.name, null, levelOf.get(r.name) ?? null, r)),
          humanTotal: null,
          agentConfigurations: null,
          insufficientTriggers: null,
          pool: null,
          notes: rep.bug_type_notes ?? null,
        }
      : null;
  return { benchmark: b, stored, reported };
}

function publishedRow(
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
function distribution(
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
