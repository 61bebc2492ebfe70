import "server-only";
import { db } from "../../db";
import { publicSubmissionSql } from "../leaderboard/public-submission";
import { readTaxonomy, triggerName } from "../../attribution/taxonomy";

// Bug types as the bug-types page counts them: a finding's or reference bug's own category when it carries one
// (self-reported by the submitter; the benchmark's for reference bugs), else its LLM attribution
// (BugTypeAttribution, written by the attribution queue). Findings: the first run of every public verified
// configuration, as the paper compares one run per configuration.

export type AttributedCount = { group: string; category: string | null; trigger: string | null; selfReported: boolean; n: number };

type Row = { grp: string; category: string | null; level: number | null; trigger: string | null; self: boolean; n: number };

function triggerOf(taxonomy: ReturnType<typeof readTaxonomy>, row: Row): string | null {
  if (row.trigger) return row.trigger;
  return taxonomy && row.level !== null ? triggerName(taxonomy, row.level) : null;
}

export async function countAttributedFindings(benchmarkId: string, taxonomyValue: unknown): Promise<AttributedCount[]> {
  const taxonomy = readTaxonomy(taxonomyValue);
  const rows = await db.$queryRaw<Row[]>`
    SELECT f."runId" AS grp,
      CASE WHEN f.category IS NOT NULL AND btrim(f.category) <> '' THEN f.category ELSE a.category END AS category,
      CASE WHEN f.category IS NOT NULL AND btrim(f.category) <> '' THEN NULL ELSE a."triggerLevel" END AS level,
      f.trigger AS trigger,
      (f.category IS NOT NULL AND btrim(f.category) <> '') AS self,
      count(*)::int AS n
    FROM "Finding" f
    JOIN "Run" r ON r.id = f."runId" AND r.index = 0
    JOIN "Submission" s ON s.id = r."submissionId"
    LEFT JOIN LATERAL (
      SELECT b.category, b."triggerLevel" FROM "BugTypeAttribution" b
      WHERE b."subjectKind" = 'finding' AND b."subjectId" = f.id AND b.source = 'llm'
      ORDER BY b."createdAt" DESC LIMIT 1
    ) a ON true
    WHERE s."benchmarkId" = ${benchmarkId} AND ${publicSubmissionSql("s")} AND s.source <> 'reported'
    GROUP BY 1, 2, 3, 4, 5`;
  return rows.map((r) => ({ group: r.grp, category: r.category, trigger: triggerOf(taxonomy, r), selfReported: r.self, n: r.n }));
}

export async function countAttributedReferences(benchmarkId: string, taxonomyValue: unknown): Promise<AttributedCount[]> {
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
  return rows.map((r) => ({ group: r.grp, category: r.category, trigger: triggerOf(taxonomy, r), selfReported: false, n: r.n }));
}
