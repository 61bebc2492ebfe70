import "server-only";
import { Prisma } from "../../generated/prisma/client";
import { db } from "../../db";
import { publicSubmissionSql } from "../leaderboard/public-submission";
import { readTaxonomy, triggerLevelOf, triggerName } from "../../attribution/taxonomy";
import type { AgentPool } from "../../attribution/agent-pool";

// Bug types as the bug-types page counts them (F.7.3: one classifier, one prompt, for every configuration). Findings:
// their LLM attribution only; a submitter's own `category` stays on the finding as their label and never enters the
// shares (it is counted, to say how many carried one). Only the first run of each public verified configuration in
// the pool (by default the full-harness ones, as the paper's Tables 20-21). Reference bugs: the benchmark's own
// category where it carries one, else their LLM attribution.

export type AttributedCount = {
  group: string;
  category: string | null;
  trigger: string | null;
  level: number | null;
  selfReported: boolean;
  n: number;
};

type Row = {
  grp: string;
  category: string | null;
  level: number | null;
  trigger: string | null;
  self: boolean;
  n: number;
};

function withTrigger(taxonomy: ReturnType<typeof readTaxonomy>, row: Row): Pick<AttributedCount, "trigger" | "level"> {
  const level = row.level ?? (taxonomy && row.trigger ? triggerLevelOf(taxonomy, row.trigger) : null);
  const trigger = taxonomy && level !== null ? triggerName(taxonomy, level) : row.trigger;
  return { trigger, level };
}

export async function countAttributedFindings(
  benchmarkId: string,
  taxonomyValue: unknown,
  pool: AgentPool,
  options: { allRuns?: boolean } = {},
): Promise<AttributedCount[]> {
  const taxonomy = readTaxonomy(taxonomyValue);
  // The bug-types page counts first runs; Figure 6 over runs (bug-type-distances.ts) reads every run.
  const firstRunOnly = options.allRuns ? Prisma.empty : Prisma.sql`AND r.index = 0`;
  const harness =
    pool.harness === "all"
      ? Prisma.empty
      : Prisma.sql`AND lower(btrim(coalesce(s.harness, ''))) = lower(${pool.harness})`;
  const source = pool.source === "all" ? Prisma.empty : Prisma.sql`AND s.source::text = ${pool.source}`;
  const rows = await db.$queryRaw<Row[]>`
    SELECT f."runId" AS grp,
      a.category AS category,
      a."triggerLevel" AS level,
      NULL::text AS trigger,
      (f.category IS NOT NULL AND btrim(f.category) <> '') AS self,
      count(*)::int AS n
    FROM "Finding" f
    JOIN "Run" r ON r.id = f."runId" ${firstRunOnly}
    JOIN "Submission" s ON s.id = r."submissionId"
    LEFT JOIN LATERAL (
      SELECT b.category, b."triggerLevel" FROM "BugTypeAttribution" b
      WHERE b."subjectKind" = 'finding' AND b."subjectId" = f.id AND b.source = 'llm'
      ORDER BY b."createdAt" DESC LIMIT 1
    ) a ON true
    WHERE s."benchmarkId" = ${benchmarkId} AND ${publicSubmissionSql("s")} AND s.source <> 'reported' ${harness} ${source}
    GROUP BY 1, 2, 3, 4, 5`;
  return rows.map((r) => ({
    group: r.grp,
    category: r.category,
    ...withTrigger(taxonomy, r),
    selfReported: r.self,
    n: r.n,
  }));
}

export async function countAttributedReferences(
  benchmarkId: string,
  taxonomyValue: unknown,
): Promise<AttributedCount[]> {
  const taxonomy = readTaxonomy(taxonomyValue);
  const rows = await db.$queryRaw<Row[]>`
    SELECT '' AS grp,
      COALESCE(NULLIF(btrim(x.category), ''), a.category) AS category,
      CASE WHEN x.category IS NOT NULL AND btrim(x.category) <> '' THEN NULL ELSE a."triggerLevel" END AS level,
      x.trigger AS trigger,
      false AS self,
      count(*)::int AS n
    FROM "ReferenceBug" x
    JOIN "Repository" repo ON repo.id = x."repositoryId" AND repo."benchmarkId" = ${benchmarkId}
    LEFT JOIN LATERAL (
      SELECT b.category, b."triggerLevel" FROM "BugTypeAttribution" b
      WHERE b."subjectKind" = 'reference' AND b."subjectId" = x.id AND b.source = 'llm'
      ORDER BY b."createdAt" DESC LIMIT 1
    ) a ON true
    GROUP BY 1, 2, 3, 4, 5`;
  return rows.map((r) => ({
    group: r.grp,
    category: r.category,
    ...withTrigger(taxonomy, r),
    selfReported: false,
    n: r.n,
  }));
}
