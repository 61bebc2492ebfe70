import type { Viewer } from "../../auth/viewer";
import { type z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { findingPublicId } from "../../workbench/finding-ids";
import { referenceForViewer, seesReferenceDetails } from "../../workbench/reference-visibility";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { resolveBenchmark } from "../public-reads/list-public-benchmarks";
import { publicSubmissionSql } from "../public-reads/public-submission";
import { referenceRecord, referenceSelect } from "./load-workbench-submission";
import { type repositoryBugsQuerySchema } from "../../contracts/workbench";

// GET /api/v1/repositories/{owner}/{name}/bugs and the reference-bug pages: each reference bug of a repository with
// found_by, how many approved configurations (scored here; reported entries have no findings) matched it, of how
// many; filterable as in Figure 8 of the paper ("which bugs every agent misses"). A bug's page adds every finding of
// an approved submission that matched it.

export type RepositoryBugsQuery = z.infer<typeof repositoryBugsQuerySchema>;

// What makes a configuration count: public (approved; scored, or being rescored), scored here (not a reported row),
// and its current attempt's matches.
const APPROVED_SCORED = `${publicSubmissionSql("s").text} AND s.source <> 'reported'`;

async function loadRepository(benchmarkRef: string | undefined, name: string) {
  // A named version is read from Postgres directly (the public list is cached per process); none named: the default.
  const benchmark = benchmarkRef ? await findBenchmark(benchmarkRef) : await resolveBenchmark(null);
  if (!benchmark) throw new AppError("not_found", `Unknown benchmark version "${benchmarkRef}"`);
  const row = await db.benchmark.findUnique({
    where: { id: benchmark.id },
    select: { id: true, slug: true, version: true, referenceVisibility: true },
  });
  const repository = await db.repository.findUnique({
    where: { benchmarkId_name: { benchmarkId: benchmark.id, name } },
    select: { id: true, name: true, language: true, domain: true },
  });
  if (!row || !repository)
    throw new AppError("not_found", `Repository ${name} is not part of ${benchmark.slug}@${benchmark.version}`);
  return { benchmark: { ...row, key: `${row.slug}@${row.version}` }, repository };
}

export async function getRepositoryBugs(
  benchmarkRef: string | undefined,
  name: string,
  viewer: Viewer,
  filters: Omit<RepositoryBugsQuery, "benchmark" | "format"> = { never_found: false },
) {
  const { benchmark, repository } = await loadRepository(benchmarkRef, name);
  const visible = seesReferenceDetails(viewer, benchmark.referenceVisibility);
  const [bugs, configurations, foundBy] = await Promise.all([
    db.referenceBug.findMany({
      where: { repositoryId: repository.id },
      orderBy: { externalId: "asc" },
      select: {
        id: true,
        externalId: true,
        file: true,
        lineStart: true,
        lineEnd: true,
        title: true,
        severity: true,
        category: true,
        trigger: true,
      },
    }),
    db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM "Submission" s WHERE s."benchmarkId" = $1 AND ${APPROVED_SCORED}`,
      benchmark.id,
    ),
    db.$queryRawUnsafe<{ referenceBugId: string; n: bigint }[]>(
      `SELECT m."referenceBugId", count(DISTINCT s.id) AS n
       FROM "Match" m JOIN "Finding" f ON f.id = m."findingId" JOIN "Run" r ON r.id = f."runId" JOIN "Submission" s ON s.id = r."submissionId"
       WHERE f."repositoryId" = $1 AND m."attemptId" = s."scoringAttemptId" AND ${APPROVED_SCORED}
       GROUP BY m."referenceBugId"`,
      repository.id,
    ),
  ]);
  const total = Number(configurations[0]?.n ?? 0);
  const found = new Map(foundBy.map((r) => [r.referenceBugId, Number(r.n)]));
  const all = bugs.map((b) => {
    const n = found.get(b.id) ?? 0;
    // The list carries what a row shows; the full record (description, snippet, fix) is on the bug's own answer.
    const labels = {
      id: b.externalId,
      repo: repository.name,
      severity: b.severity,
      category: b.category,
      trigger: b.trigger,
    };
    const row = visible
      ? { ...labels, file: b.file, line_start: b.lineStart, line_end: b.lineEnd, title: b.title }
      : { ...labels, hidden: true as const };
    return { ...row, found_by: n, configurations: total, found_by_share: total > 0 ? n / total : null };
  });
  const rows = all.filter(
    (b) =>
      (!filters.never_found || b.found_by === 0) &&
      (!filters.category || b.category === filters.category) &&
      (!filters.trigger || b.trigger === filters.trigger) &&
      (!filters.severity || b.severity === filters.severity),
  );
  const distinct = (pick: (b: (typeof all)[number]) => string | null) =>
    [...new Set(all.map(pick).filter((v): v is string => !!v))].sort();
  return {
    benchmark: benchmark.key,
    repository: { name: repository.name, language: repository.language, domain: repository.domain },
    reference_visibility: benchmark.referenceVisibility,
    details_visible: visible,
    configurations: total,
    reference_bugs: all.length,
    never_found: all.filter((b) => b.found_by === 0).length,
    filters: {
      never_found: filters.never_found,
      category: filters.category ?? null,
      trigger: filters.trigger ?? null,
      severity: filters.severity ?? null,
    },
    choices: {
      categories: distinct((b) => b.category),
      triggers: distinct((b) => b.trigger),
      severities: distinct((b) => b.severity),
    },
    bugs: rows,
  };
}

export type RepositoryBugs = Awaited<ReturnType<typeof getRepositoryBugs>>;

/** One reference bug with every finding of an approved submission that matched it (current attempts only). */
export async function getReferenceBugDetail(
  benchmarkRef: string | undefined,
  name: string,
  bugId: string,
  viewer: Viewer,
) {
  const { benchmark, repository } = await loadRepository(benchmarkRef, name);
  const bug = await db.referenceBug.findUnique({
    where: { repositoryId_externalId: { repositoryId: repository.id, externalId: bugId } },
    select: referenceSelect,
  });
  if (!bug) throw new AppError("not_found", `Reference bug ${bugId} not found in ${name} (${benchmark.key})`);
  const visible = seesReferenceDetails(viewer, benchmark.referenceVisibility);
  const matches = await db.$queryRawUnsafe<
    {
      submissionId: string;
      model: string;
      reasoningEffort: string | null;
      harness: string | null;
      run: number;
      externalId: string | null;
      ordinal: number;
      file: string;
      lineStart: number;
      lineEnd: number;
      title: string;
      source: string;
    }[]
  >(
    `SELECT s.id AS "submissionId", s.model, s."reasoningEffort", s.harness, r.index AS run, f."externalId", f.ordinal, f.file, f."lineStart", f."lineEnd", f.title, m.source
     FROM "Match" m JOIN "Finding" f ON f.id = m."findingId" JOIN "Run" r ON r.id = f."runId" JOIN "Submission" s ON s.id = r."submissionId"
     WHERE m."referenceBugId" = $1 AND m."attemptId" = s."scoringAttemptId" AND ${APPROVED_SCORED}
     ORDER BY s.model, s.id, r.index, f.ordinal
     LIMIT 2000`,
    bug.id,
  );
  return {
    benchmark: benchmark.key,
    repository: { name: repository.name, language: repository.language },
    reference_visibility: benchmark.referenceVisibility,
    details_visible: visible,
    reference_bug: referenceForViewer(referenceRecord(bug), visible),
    // With hidden reference details a matching finding would describe the bug: non-staff see who found it, not what.
    matched_by: matches.map((m) => ({
      submission_id: m.submissionId,
      model: m.model,
      reasoning_effort: m.reasoningEffort,
      harness: m.harness,
      run: m.run,
      finding_id: visible ? findingPublicId(m, m.run) : null,
      title: visible ? m.title : null,
      file: visible ? m.file : null,
      line_start: visible ? m.lineStart : null,
      line_end: visible ? m.lineEnd : null,
      decided_by: m.source === "override" ? ("maintainer" as const) : ("judge" as const),
    })),
  };
}

export type ReferenceBugDetail = Awaited<ReturnType<typeof getReferenceBugDetail>>;
