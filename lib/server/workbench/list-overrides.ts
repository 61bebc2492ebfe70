import "server-only";
import { db } from "../../db";
import { Prisma } from "../../generated/prisma/client";

import { findingPublicId } from "../../workbench/finding-ids";
import { pageInfo } from "../pagination";
import { pairHoldersSql } from "./overrides";
import type { z } from "zod";
import type { listOverridesQuerySchema, overrideListSchema } from "../../contracts/overrides";

// Every maintainer's override in one list (for the maintainers who audit the matching): newest
// first, with who decided, why, what the judge had said, and one place the pair occurs, to open its pair view. An
// override is keyed by text hashes, so the pair shown is the first stored finding with that text against a reference
// bug with that text; `submissions` counts every submission holding the pair, which all follow the override.

type Row = {
  id: string;
  match: boolean;
  reason: string;
  createdAt: Date;
  email: string | null;
  judgeMatch: boolean | null;
  submissions: number;
  submissionId: string | null;
  runIndex: number | null;
  ordinal: number | null;
  externalId: string | null;
  findingTitle: string | null;
  repo: string | null;
  file: string | null;
  lineStart: number | null;
  lineEnd: number | null;
  referenceId: string | null;
  referenceTitle: string | null;
  slug: string | null;
  version: string | null;
};

/** One page of overrides, newest first; `decision` narrows to matches or non-matches. */
export async function listOverrides(
  q: z.output<typeof listOverridesQuerySchema>,
): Promise<z.input<typeof overrideListSchema>> {
  const match = q.decision === undefined ? null : q.decision === "match";
  const total = await db.matchOverride.count({ where: match === null ? {} : { match } });
  // Findings and reference bugs are found through their contentHash indexes; only this page's overrides are looked up.
  const rows = await db.$queryRaw<Row[]>`
    SELECT o.id, o.match, o.reason, o."createdAt", u.email, v.match AS "judgeMatch",
      (SELECT count(*)::int FROM (${pairHoldersSql(Prisma.raw('o."findingContentHash"'), Prisma.raw('o."referenceHash"'))}) holders) AS submissions,
      ex."submissionId", ex."runIndex", ex.ordinal, ex."externalId", ex."findingTitle", ex.repo, ex.file, ex."lineStart", ex."lineEnd",
      ex."referenceId", ex."referenceTitle", ex.slug, ex.version
    FROM "MatchOverride" o
    LEFT JOIN "User" u ON u.id = o."createdById"
    LEFT JOIN "JudgeVerdict" v ON v.id = o."verdictId"
    LEFT JOIN LATERAL (
      SELECT r."submissionId", r.index AS "runIndex", f.ordinal, f."externalId", f.title AS "findingTitle", repo.name AS repo, f.file,
        f."lineStart", f."lineEnd", b."externalId" AS "referenceId", b.title AS "referenceTitle", bm.slug, bm.version
      FROM "Finding" f
      JOIN "Run" r ON r.id = f."runId"
      JOIN "Submission" s ON s.id = r."submissionId"
      JOIN "ReferenceBug" b ON b."repositoryId" = f."repositoryId" AND b."contentHash" = o."referenceHash"
      JOIN "Repository" repo ON repo.id = f."repositoryId"
      JOIN "Benchmark" bm ON bm.id = repo."benchmarkId"
      WHERE f."contentHash" = o."findingContentHash"
      ORDER BY s."createdAt", r.index, f.ordinal
      LIMIT 1
    ) ex ON true
    WHERE ${match}::boolean IS NULL OR o.match = ${match}::boolean
    ORDER BY o."createdAt" DESC, o.id
    OFFSET ${(q.page - 1) * q.per_page} LIMIT ${q.per_page}`;
  return {
    overrides: rows.map((r) => ({
      id: r.id,
      decision: r.match ? "match" : "no_match",
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
      created_by: r.email,
      judge_said: r.judgeMatch === null ? null : r.judgeMatch ? "match" : "no_match",
      submissions: r.submissions,
      example:
        r.submissionId === null
          ? null
          : {
              submission_id: r.submissionId,
              run: r.runIndex!,
              finding_id: findingPublicId({ externalId: r.externalId, ordinal: r.ordinal! }, r.runIndex!),
              finding_title: r.findingTitle!,
              repo: r.repo!,
              file: r.file!,
              line_start: r.lineStart!,
              line_end: r.lineEnd!,
              reference_bug_id: r.referenceId!,
              reference_title: r.referenceTitle!,
              benchmark: `${r.slug}@${r.version}`,
            },
    })),
    pagination: pageInfo(total, q.page, q.per_page),
  };
}
