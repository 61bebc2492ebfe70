import "server-only";
import { db } from "../../db";
import { resolveBenchmark } from "../public-reads/list-public-benchmarks";
import { benchmarkStampSource, cachedWithStamp, type Stamped } from "../public-reads/stamp-cache";
import { assertKnownHarness } from "./list-public-harnesses";
import { countAttributedFindings, countAttributedReferences } from "../attribution/attributed-counts";
import { chooseLabeller } from "../attribution/choose-labeller";
import type { BenchmarkRef } from "../../leaderboard/types";
import type { z } from "zod";
import type { bugTypesSchema } from "../../contracts/bug-types";
import { DEFAULT_AGENT_POOL, describeAgentPool, type AgentPool } from "../../attribution/agent-pool";
import type { ComparisonLabellers } from "../../attribution/labeller";
import { distribution, publishedRow } from "../../leaderboard/bug-type-distribution";

// Bug types and trigger levels of maintainer-fixed reference bugs vs agent findings (Tables 20-21 style).
//
// One labeller per comparison (F.7.3: the same model and prompt classify the reference bugs and every configuration's
// findings; lib/attribution/labeller.ts says which configuration is chosen). Maintainers: the share of each category
// among the reference bugs, as that labeller labelled them, or, until it has labelled them all, as the benchmark file
// labels them (the maintainers' labels, another labeller, said so). Agents: for each public verified configuration of
// the pool (default: the full-harness ones, as Tables 20-21), the share among the findings of its FIRST run labelled
// by the labeller (the paper averages one run per configuration), then the mean over configurations, with the min-max
// range. Findings labelled by another classifier configuration, and self-reported categories, never enter the shares.
// Trigger level 0 (insufficient information) is out of the trigger shares' denominators, so the levels sum to 100%
// as in Table 21; it is reported as a count, as are reference bugs whose maintainers' label has no trigger level.
// Gap = agent share - maintainer share, in percentage points; rows are sorted by it, most over-represented in agent
// findings first. Group-by counts over findings run once per change of the version's stamp, not per page view.
// For a reported version (no stored reference set), the published distribution is shown as given.

/** GET /api/v1/bug-types's answer, which the bug-types page shows too. */
type BugTypes = z.input<typeof bugTypesSchema>;
export type Distribution = NonNullable<BugTypes["stored"]>;

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

/** The answer with the stamp it was read at (the API's ETag names that stamp). */
export async function loadBugTypes(
  benchmarkRef: string | null | undefined,
  pool: AgentPool = DEFAULT_AGENT_POOL,
  labeller: string | null = null,
): Promise<Stamped<BugTypes>> {
  const b = await resolveBenchmark(benchmarkRef);
  await assertKnownHarness(b.key, pool.harness);
  return cachedWithStamp(
    `bug-types:${b.id}:${pool.source}:${pool.harness.toLowerCase()}:${labeller ?? ""}`,
    benchmarkStampSource(b.id),
    () => readBugTypes(b, pool, labeller),
  );
}

type Counted = { group: string; key: string | null; n: number };

/** Counts per (group, key), level 0 left out of the trigger keys (counted apart). */
function sumBy(rows: Awaited<ReturnType<typeof countAttributedFindings>>, key: "category" | "trigger"): Counted[] {
  const m = new Map<string, Counted>();
  for (const r of rows) {
    const k = key === "trigger" && r.level === 0 ? null : r[key];
    const id = `${r.group}\u0000${k ?? ""}`;
    const e = m.get(id) ?? { group: r.group, key: k, n: 0 };
    e.n += r.n;
    m.set(id, e);
  }
  return [...m.values()];
}

async function readBugTypes(b: BenchmarkRef, pool: AgentPool, requested: string | null): Promise<BugTypes> {
  const benchmark = await db.benchmark.findUniqueOrThrow({ where: { id: b.id } });
  const taxonomy = (benchmark.taxonomy ?? {}) as TaxonomyLabels;
  const familyOf = new Map(
    (taxonomy.families ?? []).flatMap((f) => f.categories.map((c) => [c.name, f.name] as const)),
  );
  const levelOf = new Map((taxonomy.triggers ?? []).map((t) => [t.name, t.level]));

  const { selection, labellers } = await chooseLabeller(b.id, benchmark.taxonomy, pool, { requested });
  const [refCounts, findingCounts] = await Promise.all([
    countAttributedReferences(b.id, benchmark.taxonomy, selection.sameLabeller ? selection.labeller : null),
    countAttributedFindings(b.id, benchmark.taxonomy, pool, selection.labeller),
  ]);
  const total = (rows: typeof refCounts) => rows.reduce((n, r) => n + r.n, 0);
  // Level 0 is not a trigger level of Table 21: counted apart, out of the denominators.
  const insufficient = {
    maintainers: total(refCounts.filter((r) => r.level === 0)),
    agents: total(findingCounts.filter((r) => r.level === 0)),
  };
  const refCategories = sumBy(refCounts, "category");
  const findingCategories = sumBy(findingCounts, "category");
  const labelledRuns = new Set(findingCategories.filter((r) => r.key).map((r) => r.group));
  const hasStored = refCategories.some((r) => r.key) || labelledRuns.size > 0;
  const stored: Distribution | null = hasStored
    ? {
        categories: distribution(refCategories, findingCategories).map((row) => ({
          ...row,
          family: familyOf.get(row.name) ?? null,
        })),
        triggers: distribution(sumBy(refCounts, "trigger"), sumBy(findingCounts, "trigger"))
          .map((row) => ({ ...row, level: levelOf.get(row.name) ?? null }))
          .sort((x, y) => (x.level ?? 99) - (y.level ?? 99)),
        humanTotal: total(refCounts.filter((r) => r.category)),
        agentConfigurations: labelledRuns.size,
        insufficientTriggers: insufficient,
        referenceWithoutTrigger: selection.sameLabeller
          ? null
          : total(refCounts.filter((r) => r.category && r.trigger === null)),
        pool: { ...pool, description: describeAgentPool(pool, labelledRuns.size) },
        ...labellerFields(labellers),
        notes: sourceNote(findingCounts, labellers),
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
          referenceWithoutTrigger: null,
          pool: null,
          labellers: null,
          sameLabeller: null,
          labellerNote: null,
          labellerChoices: null,
          notes: rep.bug_type_notes ?? null,
        }
      : null;
  return { benchmark: b, stored, reported };
}

function labellerFields(l: ComparisonLabellers) {
  return {
    labellers: { agents: l.agents, reference: l.reference },
    sameLabeller: l.sameLabeller,
    labellerNote: l.note,
    labellerChoices: l.choices,
  };
}

/** How many pooled findings the labeller labelled, and what was left out (another labeller's, self-reported). */
function sourceNote(rows: Awaited<ReturnType<typeof countAttributedFindings>>, labellers: ComparisonLabellers) {
  const sum = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).reduce((n, r) => n + r.n, 0);
  const pooled = sum(() => true);
  if (!pooled) return null;
  const labelled = sum((r) => r.category !== null);
  const other = sum((r) => r.otherLabeller);
  const unlabelled = pooled - labelled - other;
  const by = labellers.agents ? `by ${labellers.agents.model}` : "by a classifier";
  return [
    `Agent categories: ${labelled} of ${pooled} pooled findings labelled ${by} (F.7.3 prompt)`,
    other ? `, ${other} labelled only by another classifier configuration and not counted` : "",
    unlabelled ? `, ${unlabelled} not yet attributed` : "",
    `; ${sum((r) => r.selfReported)} carried a self-reported category, which stays on the finding as the submitter's label and is not counted.`,
  ].join("");
}
