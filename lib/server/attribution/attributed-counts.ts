import "server-only";
import { Prisma } from "../../generated/prisma/client";
import { db } from "../../db";
import { publicSubmissionSql } from "../public-reads/public-submission";
import { readTaxonomy, triggerLevelOf, triggerName } from "../../attribution/taxonomy";
import type { AgentPool } from "../../attribution/agent-pool";
import type { Labeller, LabellerCandidate } from "../../attribution/labeller";

// Bug types as the bug-type comparisons count them (F.7.3: one classifier, one prompt, for the reference bugs and
// every configuration's findings). Each comparison reads the labels of one classifier configuration (its labeller,
// lib/attribution/labeller.ts) and never mixes in another's. Findings: that configuration's labels only; a
// submitter's own `category` stays on the finding as their label and never enters the shares (it is counted, to say
// how many carried one). Only the first run of each public verified configuration in the pool (by default the
// full-harness ones, as the paper's Tables 20-21), or every run (Figure 6 over runs). Reference bugs: the labeller's
// labels when it labelled them, else the benchmark file's own (the maintainers' labels, another labeller).

export type AttributedCount = {
  group: string;
  category: string | null;
  trigger: string | null;
  level: number | null;
  selfReported: boolean;
  /** Not labelled by the comparison's labeller, but by another classifier configuration (left out). */
  otherLabeller: boolean;
  n: number;
};

type Row = {
  grp: string;
  category: string | null;
  level: number | null;
  trigger: string | null;
  self: boolean;
  other: boolean;
  n: number;
};

function withTrigger(taxonomy: ReturnType<typeof readTaxonomy>, row: Row): Pick<AttributedCount, "trigger" | "level"> {
  const level = row.level ?? (taxonomy && row.trigger ? triggerLevelOf(taxonomy, row.trigger) : null);
  const trigger = taxonomy && level !== null ? triggerName(taxonomy, level) : row.trigger;
  return { trigger, level };
}

function toCounts(taxonomyValue: unknown, rows: Row[]): AttributedCount[] {
  const taxonomy = readTaxonomy(taxonomyValue);
  return rows.map((r) => ({
    group: r.grp,
    category: r.category,
    ...withTrigger(taxonomy, r),
    selfReported: r.self,
    otherLabeller: r.other,
    n: r.n,
  }));
}

/** The classifier's label of subject `alias` by `labeller` (joined on its configuration); none without a labeller. */
function labelJoin(kind: "finding" | "reference", subject: Prisma.Sql, labeller: Labeller | null): Prisma.Sql {
  if (!labeller) return Prisma.sql`LEFT JOIN "BugTypeAttribution" a ON false`;
  return Prisma.sql`LEFT JOIN "BugTypeAttribution" a ON a."subjectKind" = ${kind} AND a."subjectId" = ${subject}
    AND a.source = 'llm' AND a.model = ${labeller.model} AND a."promptHash" = ${labeller.promptHash}
    AND a."taxonomyHash" = ${labeller.taxonomyHash}`;
}

export type PoolOptions = { allRuns?: boolean };

/** The findings of the pool: public verified configurations of the version, their first runs (or every run). */
function pooledFindings(
  benchmarkId: string,
  pool: AgentPool,
  options: PoolOptions,
): { from: Prisma.Sql; where: Prisma.Sql } {
  // The bug-types page counts first runs; Figure 6 over runs (bug-type-distances.ts) reads every run.
  const firstRunOnly = options.allRuns ? Prisma.empty : Prisma.sql`AND r.index = 0`;
  const harness =
    pool.harness === "all"
      ? Prisma.empty
      : Prisma.sql`AND lower(btrim(coalesce(s.harness, ''))) = lower(${pool.harness})`;
  const source = pool.source === "all" ? Prisma.empty : Prisma.sql`AND s.source::text = ${pool.source}`;
  return {
    from: Prisma.sql`"Finding" f
      JOIN "Run" r ON r.id = f."runId" ${firstRunOnly}
      JOIN "Submission" s ON s.id = r."submissionId"`,
    where: Prisma.sql`s."benchmarkId" = ${benchmarkId} AND ${publicSubmissionSql("s")} AND s.source <> 'reported' ${harness} ${source}`,
  };
}

/** Every classifier configuration that labelled findings of the pool or reference bugs of the version, with counts. */
export async function countLabellerCandidates(
  benchmarkId: string,
  pool: AgentPool,
  options: PoolOptions = {},
): Promise<{ candidates: LabellerCandidate[]; referenceTotal: number }> {
  const { from, where } = pooledFindings(benchmarkId, pool, options);
  type ConfigurationRow = { model: string; promptHash: string; taxonomyHash: string; n: number };
  const [findings, references, referenceTotal] = await Promise.all([
    db.$queryRaw<ConfigurationRow[]>`
      SELECT b.model, b."promptHash", b."taxonomyHash", count(*)::int AS n
      FROM ${from}
      JOIN "BugTypeAttribution" b ON b."subjectKind" = 'finding' AND b."subjectId" = f.id AND b.source = 'llm'
      WHERE ${where}
      GROUP BY 1, 2, 3`,
    db.$queryRaw<ConfigurationRow[]>`
      SELECT b.model, b."promptHash", b."taxonomyHash", count(*)::int AS n
      FROM "ReferenceBug" x
      JOIN "Repository" repo ON repo.id = x."repositoryId" AND repo."benchmarkId" = ${benchmarkId}
      JOIN "BugTypeAttribution" b ON b."subjectKind" = 'reference' AND b."subjectId" = x.id AND b.source = 'llm'
      GROUP BY 1, 2, 3`,
    db.referenceBug.count({ where: { repository: { benchmarkId } } }),
  ]);
  const key = (r: ConfigurationRow) => `${r.model}\u0000${r.promptHash}\u0000${r.taxonomyHash}`;
  const candidates = new Map<string, LabellerCandidate>();
  for (const r of findings) candidates.set(key(r), { ...r, findings: r.n, references: 0 });
  for (const r of references) {
    const c = candidates.get(key(r)) ?? { ...r, findings: 0, references: 0 };
    candidates.set(key(r), {
      model: c.model,
      promptHash: c.promptHash,
      taxonomyHash: c.taxonomyHash,
      findings: c.findings,
      references: r.n,
    });
  }
  return { candidates: [...candidates.values()], referenceTotal };
}

export async function countAttributedFindings(
  benchmarkId: string,
  taxonomyValue: unknown,
  pool: AgentPool,
  labeller: Labeller | null,
  options: PoolOptions = {},
): Promise<AttributedCount[]> {
  const { from, where } = pooledFindings(benchmarkId, pool, options);
  const rows = await db.$queryRaw<Row[]>`
    SELECT f."runId" AS grp,
      a.category AS category,
      a."triggerLevel" AS level,
      NULL::text AS trigger,
      (f.category IS NOT NULL AND btrim(f.category) <> '') AS self,
      (a.id IS NULL AND EXISTS (
        SELECT 1 FROM "BugTypeAttribution" o WHERE o."subjectKind" = 'finding' AND o."subjectId" = f.id AND o.source = 'llm'
      )) AS other,
      count(*)::int AS n
    FROM ${from}
    ${labelJoin("finding", Prisma.sql`f.id`, labeller)}
    WHERE ${where}
    GROUP BY 1, 2, 3, 4, 5, 6`;
  return toCounts(taxonomyValue, rows);
}

/**
 * The reference bugs' labels: `labeller`'s (the same-labeller comparison), or with null the benchmark file's own
 * category and trigger (the maintainers' labels).
 */
export async function countAttributedReferences(
  benchmarkId: string,
  taxonomyValue: unknown,
  labeller: Labeller | null,
): Promise<AttributedCount[]> {
  const rows = labeller
    ? await db.$queryRaw<Row[]>`
        SELECT '' AS grp, a.category AS category, a."triggerLevel" AS level, NULL::text AS trigger,
          false AS self, false AS other, count(*)::int AS n
        FROM "ReferenceBug" x
        JOIN "Repository" repo ON repo.id = x."repositoryId" AND repo."benchmarkId" = ${benchmarkId}
        ${labelJoin("reference", Prisma.sql`x.id`, labeller)}
        GROUP BY 1, 2, 3, 4, 5, 6`
    : await db.$queryRaw<Row[]>`
        SELECT '' AS grp, NULLIF(btrim(x.category), '') AS category, NULL::int AS level,
          NULLIF(btrim(x.trigger), '') AS trigger, false AS self, false AS other, count(*)::int AS n
        FROM "ReferenceBug" x
        JOIN "Repository" repo ON repo.id = x."repositoryId" AND repo."benchmarkId" = ${benchmarkId}
        GROUP BY 1, 2, 3, 4, 5, 6`;
  return toCounts(taxonomyValue, rows);
}
