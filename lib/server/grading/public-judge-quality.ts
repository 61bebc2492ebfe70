import "server-only";
import { createHash } from "node:crypto";
import { db } from "../../db";
import type { JudgeQuality } from "../../contracts/grading-figures";
import { resolveBenchmark } from "../public-reads/list-public-benchmarks";
import { publicSubmissionSql } from "../public-reads/public-submission";
import { cachedWithStamp, type StampSource } from "../public-reads/stamp-cache";
import { judgeQualityReport } from "./judge-quality-report";
import { loadVersion, type Version } from "./load-version";

// The public judge-quality figures of a version are computed from every label, grade, mark and cached verdict of it
// (a tenth of a second at a few hundred labelled pairs), and anyone may ask for them anonymously. They are computed
// once per change instead: cached per version under a stamp of everything the report reads (stamp-cache.ts), which
// every request reads anew (one round trip of index ranges), so a new label or grade changes the answer at once on
// every web instance, and repeats are answered from the cache.
//
// Unlike the benchmark stamp, this one counts rows the public must not watch (labels in progress, private submissions'
// judge usage): it stays in this process. The answer's ETag is a hash of the answer itself.

type PublicJudgeQuality = { data: JudgeQuality; hash: string };

/**
 * The stamp of a version's judge-quality figures: count and latest write of each table judge-quality-report.ts reads
 * for it (label samples, pairs and labels, the verdicts cached for the pairs, overrides of its reference bugs, the
 * judge usage of its scored submissions, finished panels and their grades, its public submissions, reference audits
 * and their marks, the auditor's marks, finished repeats of verdicts) and the active judge. Rows these tables change in place bump their updatedAt
 * (or, for overrides, createdAt); removed rows lower a count.
 */
async function readJudgeQualityStamp(benchmarkId: string): Promise<string> {
  const rows = await db.$queryRaw<{ stamp: string }[]>`
    SELECT concat_ws('|',
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max("createdAt"))::text, '')
         FROM "LabelSample" WHERE "benchmarkId" = ${benchmarkId}),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max("createdAt"))::text, '')
         FROM "LabelPair" WHERE "benchmarkId" = ${benchmarkId}),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max(l."createdAt"))::text, '')
         FROM "PairLabel" l JOIN "LabelPair" p ON p.id = l."pairId" WHERE p."benchmarkId" = ${benchmarkId}),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max(v."createdAt"))::text, '')
         FROM "JudgeVerdict" v JOIN "LabelPair" p ON v."leftHash" = p."leftHash" AND v."rightHash" = p."rightHash"
        WHERE p."benchmarkId" = ${benchmarkId}),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max(o."createdAt"))::text, '')
         FROM "MatchOverride" o
        WHERE EXISTS (SELECT 1 FROM "ReferenceBug" b JOIN "Repository" r ON r.id = b."repositoryId"
                       WHERE r."benchmarkId" = ${benchmarkId} AND b."contentHash" = o."referenceHash")),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max(u."updatedAt"))::text, '')
         FROM "JudgeUsage" u JOIN "Submission" s ON s.id = u."submissionId"
        WHERE s."benchmarkId" = ${benchmarkId} AND s."scoringStatus" = 'scored'),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max(pr."updatedAt"))::text, '')
         FROM "PanelRun" pr JOIN "Submission" s ON s.id = pr."submissionId"
        WHERE s."benchmarkId" = ${benchmarkId} AND pr.status = 'done'),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max(g."createdAt"))::text, '')
         FROM "PanelGrade" g JOIN "PanelSample" ps ON ps.id = g."sampleId"
         JOIN "PanelRun" pr ON pr.id = ps."panelRunId" JOIN "Submission" s ON s.id = pr."submissionId"
        WHERE s."benchmarkId" = ${benchmarkId}),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max(s."updatedAt"))::text, '')
         FROM "Submission" s WHERE s."benchmarkId" = ${benchmarkId} AND ${publicSubmissionSql("s")}),
      (SELECT count(*) FROM "ReferenceAuditItem" i JOIN "ReferenceAudit" a ON a.id = i."auditId"
        WHERE a."benchmarkId" = ${benchmarkId}),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max(m."createdAt"))::text, '')
         FROM "ReferenceAuditMark" m JOIN "ReferenceAuditItem" i ON i.id = m."itemId"
         JOIN "ReferenceAudit" a ON a.id = i."auditId" WHERE a."benchmarkId" = ${benchmarkId}),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max(am."createdAt"))::text, '')
         FROM "ReferenceAgentMark" am JOIN "ReferenceBug" b ON b.id = am."referenceBugId"
         JOIN "Repository" r ON r.id = b."repositoryId" WHERE r."benchmarkId" = ${benchmarkId}),
      (SELECT count(*) || '.' || coalesce(extract(epoch FROM max(rj."updatedAt"))::text, '')
         FROM "RepeatJudging" rj JOIN "Submission" s ON s.id = rj."submissionId"
        WHERE s."benchmarkId" = ${benchmarkId} AND rj.status = 'done'),
      (SELECT coalesce(max(model || '.' || extract(epoch FROM "updatedAt")::text), '') FROM "ActiveJudge")
    ) AS stamp`;
  return rows[0]!.stamp;
}

function stampSource(version: Version): StampSource {
  return { key: `judge-quality:${version.id}`, read: () => readJudgeQualityStamp(version.id) };
}

/** The figures of a version (judge-quality-report.ts) with their hash, computed once per change of its stamp. */
export async function cachedJudgeQuality(version: Version): Promise<PublicJudgeQuality> {
  const { value } = await cachedWithStamp(
    `judge-quality:${version.id}`,
    stampSource(version),
    async () => {
      const data = await judgeQualityReport(version);
      return { data, hash: createHash("sha256").update(JSON.stringify(data)).digest("hex").slice(0, 16) };
    },
    // Read the stamp on every request, not once a second: a label or grade just stored shows in the next answer.
    { recheck: true },
  );
  return value;
}

/** The figures of a named version, or of the default public version when none is named. */
export async function loadPublicJudgeQuality(ref: string | undefined): Promise<PublicJudgeQuality> {
  const version = ref ? await loadVersion(ref) : await loadVersion((await resolveBenchmark(null)).key);
  return cachedJudgeQuality(version);
}
