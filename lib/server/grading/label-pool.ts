import "server-only";
import { Prisma } from "../../generated/prisma/client";
import type { Stratum } from "../../grading/matcher-quality";

// The population a labelling sample is drawn from, built in PostgreSQL so no pair of it crosses into the web process
// (the paper's size has about half a million cross-run pairs). One row per pair of texts (its content key: the two
// hashes), in exactly one stratum:
// - judged: a current scoring of a scored submission judged it; judged_match when any such verdict said match;
// - filtered_out: two texts a scoring compared, same repository, that no current scoring kept (the prefilter's
//   misses live here): a finding against a reference bug of its repository, or two findings of different runs of one
//   submission (duplicate candidates are cross-run only). Every such pair counts once, so a uniform draw among the
//   rows is uniform within the stratum, unlike a uniform finding then a uniform partner.
// Pairs a scoring kept but never judged (duplicates skipped as already connected) are in no stratum.
// Each row carries one representative of where it occurs (the smallest submission, then finding id), and `taken`
// when an earlier sample of the version holds it. The caller's transaction owns the temporary table.

type Tx = Prisma.TransactionClient;

export type PoolRow = {
  stratum: Stratum;
  leftHash: string;
  rightHash: string;
  submissionId: string;
  leftFindingId: string;
  rightFindingId: string | null;
  referenceBugId: string | null;
  prefilterVersion: string;
  embedder: string;
};

const SCORED = (benchmarkId: string) => Prisma.sql`
  subs AS (
    SELECT s.id, s."scoringAttemptId" AS attempt, ju."prefilterVersion" AS pv,
           ju."embeddingProvider" || '/' || ju."embeddingModel" AS embedder
    FROM "Submission" s JOIN "JudgeUsage" ju ON ju."submissionId" = s.id
    WHERE s."benchmarkId" = ${benchmarkId} AND s."scoringStatus" = 'scored' AND s.source <> 'reported'
  )`;

const referencePool = (benchmarkId: string) => Prisma.sql`
  WITH ${SCORED(benchmarkId)},
  findings AS (
    SELECT sb.id AS sub, sb.attempt, sb.pv, sb.embedder, f.id, f."contentHash", f."repositoryId"
    FROM subs sb JOIN "Run" ru ON ru."submissionId" = sb.id JOIN "Finding" f ON f."runId" = ru.id
  ),
  kept AS (
    SELECT DISTINCT f."contentHash" AS l, b."contentHash" AS r
    FROM findings f JOIN "CandidatePair" cp ON cp."findingId" = f.id AND cp."attemptId" = f.attempt
    JOIN "ReferenceBug" b ON b.id = cp."referenceBugId"
  ),
  judged AS (
    SELECT DISTINCT ON (v."leftHash", v."rightHash") v."leftHash" AS l, v."rightHash" AS r,
           bool_or(v.match) OVER (PARTITION BY v."leftHash", v."rightHash") AS match,
           f.sub, f.id AS lf, NULL::text AS rf, cp."referenceBugId" AS rb, f.pv, f.embedder
    FROM findings f JOIN "CandidatePair" cp ON cp."findingId" = f.id AND cp."attemptId" = f.attempt
    JOIN "JudgeVerdict" v ON v.id = cp."verdictId"
    ORDER BY v."leftHash", v."rightHash", f.sub, f.id
  ),
  compared AS (
    SELECT DISTINCT ON (f."contentHash", b."contentHash") f."contentHash" AS l, b."contentHash" AS r,
           f.sub, f.id AS lf, NULL::text AS rf, b.id AS rb, f.pv, f.embedder
    FROM findings f JOIN "ReferenceBug" b ON b."repositoryId" = f."repositoryId"
    ORDER BY f."contentHash", b."contentHash", f.sub, f.id, b.id
  )`;

const duplicatePool = (benchmarkId: string) => Prisma.sql`
  WITH ${SCORED(benchmarkId)},
  findings AS (
    SELECT sb.id AS sub, sb.attempt, sb.pv, sb.embedder, ru.id AS run, f.id, f."contentHash", f."repositoryId"
    FROM subs sb JOIN "Run" ru ON ru."submissionId" = sb.id JOIN "Finding" f ON f."runId" = ru.id
  ),
  kept AS (
    SELECT DISTINCT LEAST(fa."contentHash", fb."contentHash") AS l, GREATEST(fa."contentHash", fb."contentHash") AS r
    FROM subs sb JOIN "CrossRunPair" x ON x."submissionId" = sb.id AND x."attemptId" = sb.attempt
    JOIN "Finding" fa ON fa.id = x."leftId" JOIN "Finding" fb ON fb.id = x."rightId"
  ),
  judged AS (
    SELECT DISTINCT ON (v."leftHash", v."rightHash") v."leftHash" AS l, v."rightHash" AS r,
           bool_or(v.match) OVER (PARTITION BY v."leftHash", v."rightHash") AS match,
           sb.id AS sub, x."leftId" AS lf, x."rightId" AS rf, NULL::text AS rb, sb.pv, sb.embedder
    FROM subs sb JOIN "CrossRunPair" x ON x."submissionId" = sb.id AND x."attemptId" = sb.attempt
    JOIN "JudgeVerdict" v ON v.id = x."verdictId"
    ORDER BY v."leftHash", v."rightHash", sb.id, x."leftId", x."rightId"
  ),
  compared AS (
    SELECT DISTINCT ON (l, r) l, r, sub, lf, rf, NULL::text AS rb, pv, embedder
    FROM (
      SELECT LEAST(a."contentHash", b."contentHash") AS l, GREATEST(a."contentHash", b."contentHash") AS r, a.sub,
             CASE WHEN a."contentHash" < b."contentHash" THEN a.id ELSE b.id END AS lf,
             CASE WHEN a."contentHash" < b."contentHash" THEN b.id ELSE a.id END AS rf, a.pv, a.embedder
      FROM findings a JOIN findings b
        ON b.sub = a.sub AND b."repositoryId" = a."repositoryId" AND b.run > a.run AND b."contentHash" <> a."contentHash"
    ) p
    ORDER BY l, r, sub, lf, rf
  )`;

/** Fills the temporary table `label_pool` with the version's strata; answers each stratum's size and what is left. */
export async function buildLabelPool(
  tx: Tx,
  benchmarkId: string,
  kind: "reference" | "duplicate",
): Promise<{ population: Record<Stratum, number>; available: Record<Stratum, number> }> {
  await tx.$executeRaw`CREATE TEMPORARY TABLE label_pool (
    stratum text NOT NULL, l text NOT NULL, r text NOT NULL, sub text NOT NULL, lf text NOT NULL, rf text, rb text,
    pv text NOT NULL, embedder text NOT NULL, taken boolean NOT NULL) ON COMMIT DROP`;
  const ctes = kind === "reference" ? referencePool(benchmarkId) : duplicatePool(benchmarkId);
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO label_pool
    ${ctes},
    strata AS (
      SELECT CASE WHEN match THEN 'judged_match' ELSE 'judged_no_match' END AS stratum, l, r, sub, lf, rf, rb, pv, embedder
      FROM judged
      UNION ALL
      SELECT 'filtered_out', c.l, c.r, c.sub, c.lf, c.rf, c.rb, c.pv, c.embedder
      FROM compared c WHERE NOT EXISTS (SELECT 1 FROM kept k WHERE k.l = c.l AND k.r = c.r)
    )
    SELECT s.*, EXISTS (SELECT 1 FROM "LabelPair" p WHERE p."benchmarkId" = ${benchmarkId} AND p.kind = ${kind}
                          AND p."leftHash" = s.l AND p."rightHash" = s.r)
    FROM strata s`);
  const counts = await tx.$queryRaw<{ stratum: Stratum; population: bigint; available: bigint }[]>`
    SELECT stratum, count(*) AS population, count(*) FILTER (WHERE NOT taken) AS available
    FROM label_pool GROUP BY stratum`;
  const population = { judged_match: 0, judged_no_match: 0, filtered_out: 0 };
  const available = { ...population };
  for (const c of counts) {
    population[c.stratum] = Number(c.population);
    available[c.stratum] = Number(c.available);
  }
  return { population, available };
}

/**
 * `n` pairs of a stratum not in an earlier sample, uniformly and reproducibly: ordered by md5(seed, content key), a
 * pseudo-random permutation that depends on the seed and the texts only, never on row ids or the order rows are read.
 */
export async function drawFromPool(tx: Tx, stratum: Stratum, n: number, seed: string): Promise<PoolRow[]> {
  if (n === 0) return [];
  return tx.$queryRaw<PoolRow[]>`
    SELECT stratum, l AS "leftHash", r AS "rightHash", sub AS "submissionId", lf AS "leftFindingId",
           rf AS "rightFindingId", rb AS "referenceBugId", pv AS "prefilterVersion", embedder
    FROM label_pool WHERE stratum = ${stratum} AND NOT taken
    ORDER BY md5(${seed} || '|' || l || '|' || r), l, r
    LIMIT ${n}`;
}
