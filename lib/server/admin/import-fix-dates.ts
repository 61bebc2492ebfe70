import type { z } from "zod";
import "server-only";
import { db, type Tx } from "../../db";
import { AppError } from "../../errors";
import type { FixDatesFile } from "../../validation/fix-dates-file";
import { parseFixDatesBytes } from "../submissions/upload-parse-client";
import { reserveUploadBytes } from "../submissions/upload-budget";
import { parseBenchmarkRef } from "../../validation/benchmark-ref";
import { enqueueFixRankTests } from "../../queue/fix-rank-queue";
import { createFixCommits } from "../benchmarks/import-benchmark";
import { queueDatasheet } from "../datasheet/queue-datasheet";
import { recordAuditLog } from "../audit-log/record-audit-log";
import type { importedFixDatesSchema } from "../../contracts/admin";

// Fix dates, fix commits and the reference window's commit counts for a benchmark version imported without them
// (§C.4, §A.3, Table 6, Figure 10): everything the file gives is written in one transaction with its audit record, or
// nothing is. What a version already has it keeps: a correction is a new version, as for every other field (409). A
// fix commit with no fixed_at dates an undated bug by its commit. The fix-rank tests of the version's scored runs are
// then recomputed by the worker, and its datasheet is computed again.

export type ImportedFixDates = z.input<typeof importedFixDatesSchema>;

async function findVersion(ref: string) {
  const { slug, version } = parseBenchmarkRef(ref);
  if (!version) throw new AppError("invalid_input", "Name the version exactly: slug@version");
  const benchmark = await db.benchmark.findUnique({
    where: { slug_version: { slug, version } },
    select: { id: true, slug: true, version: true, referenceWindowEnd: true },
  });
  if (!benchmark) throw new AppError("not_found", `Unknown benchmark version "${ref}"`);
  return benchmark;
}

/**
 * Refuses the file when any item is unknown, naming the first 20: counted first and described only as listed, since a
 * file may hold 200,000 rows that each name nothing (hundreds of milliseconds of strings on the web server's loop).
 */
function refuseUnknown<T>(
  key: string,
  items: readonly T[],
  unknown: (item: T) => boolean,
  describe: (item: T, index: number) => string,
  what: string,
): void {
  const listed: string[] = [];
  let count = 0;
  items.forEach((item, i) => {
    if (!unknown(item)) return;
    count++;
    if (listed.length < 20) listed.push(describe(item, i));
  });
  if (count === 0) return;
  throw new AppError(
    "invalid_input",
    `The fix-dates file names ${count} ${what} that ${key} does not have: ${listed.join("; ")}${count > 20 ? "; ..." : ""}`,
  );
}

/**
 * The body is read only once the version is known (a file for a version that does not exist is refused unread), after
 * it reserved its bytes of the upload parse budget (upload-budget.ts); it is decoded, parsed and validated in an upload
 * parse thread, as a benchmark file is, not on the web server's event loop.
 */
export async function importFixDates(
  actorId: string,
  ref: string,
  body: { declaredBytes?: number; read: () => Promise<Uint8Array> },
): Promise<ImportedFixDates> {
  const benchmark = await findVersion(ref);
  const reservation = reserveUploadBytes(body.declaredBytes);
  let file: FixDatesFile;
  try {
    file = await parseFixDatesBytes(await body.read());
  } finally {
    reservation.release();
  }
  const key = `${benchmark.slug}@${benchmark.version}`;
  const result = await db.$transaction(
    async (tx) => {
      // One import at a time per version: the checks below and the writes must see the same state.
      await tx.$executeRaw`SELECT id FROM "Benchmark" WHERE id = ${benchmark.id} FOR UPDATE`;
      const written = await writeFile(tx, benchmark, key, file);
      await recordAuditLog(tx, {
        actorId,
        action: "benchmark.fix_dates",
        target: `benchmark:${benchmark.id}`,
        reason: null,
        details: { benchmark: key, ...written },
      });
      return written;
    },
    { timeout: 60_000 },
  );
  // Every scored run of the version is tested again: seconds per run under 10,000 permutations, so in the worker; the
  // datasheet's bug-pool fits too. The job row first (keyed by the version's id), so a lost job is queued again.
  await db.fixRankJob.upsert({
    where: { id: benchmark.id },
    create: { id: benchmark.id, benchmarkId: benchmark.id, status: "queued" },
    update: { status: "queued", error: null, claimToken: { increment: 1 } },
  });
  await enqueueFixRankTests(benchmark.id);
  await queueDatasheet(benchmark.id);
  return { benchmark: key, ...result, tests: "queued" };
}

async function writeFile(
  tx: Tx,
  benchmark: { id: string; referenceWindowEnd: Date | null },
  key: string,
  file: FixDatesFile,
): Promise<Pick<ImportedFixDates, "dated" | "fix_commits" | "reference_bugs">> {
  const repositories = await tx.repository.findMany({
    where: { benchmarkId: benchmark.id },
    select: { id: true, name: true, testCount: true, commitCount: true, fixCommitCount: true },
  });
  const repoOf = new Map(repositories.map((r) => [r.name, r]));
  refuseUnknown(
    key,
    file.repositories ?? [],
    (r) => !repoOf.has(r.name),
    (r, i) => `repositories.${i}: ${r.name}`,
    "repositories",
  );
  if (file.reference_window_end) {
    const end = new Date(`${file.reference_window_end}T00:00:00Z`);
    if (benchmark.referenceWindowEnd && benchmark.referenceWindowEnd.getTime() !== end.getTime())
      throw new AppError("conflict", `${key} already has a reference window end; import a new version to change it`);
    await tx.benchmark.update({ where: { id: benchmark.id }, data: { referenceWindowEnd: end } });
  }
  let fixCommits = 0;
  for (const entry of file.repositories ?? []) {
    const repo = repoOf.get(entry.name)!;
    const clash = (field: string, stored: number | null, given: number | undefined) => {
      if (given !== undefined && stored !== null && stored !== given)
        throw new AppError(
          "conflict",
          `${entry.name} in ${key} already has ${field}; import a new version to change it`,
        );
    };
    clash("tests", repo.testCount, entry.tests);
    clash("commits", repo.commitCount, entry.commits);
    if (entry.fix_commits && repo.fixCommitCount !== null)
      throw new AppError("conflict", `${entry.name} in ${key} already lists its fix commits`);
    await tx.repository.update({
      where: { id: repo.id },
      data: {
        testCount: entry.tests ?? repo.testCount,
        commitCount: entry.commits ?? repo.commitCount,
        fixCommitCount: entry.fix_commits?.length ?? repo.fixCommitCount,
      },
    });
    if (entry.fix_commits) {
      await createFixCommits(tx, repo.id, entry.fix_commits);
      fixCommits += entry.fix_commits.length;
    }
  }

  const bugs = await tx.referenceBug.findMany({
    where: { repository: { benchmarkId: benchmark.id } },
    select: { id: true, externalId: true, fixedAt: true, fixCommit: true, repository: { select: { name: true } } },
  });
  const rows = file.fix_dates ?? [];
  if (rows.some((r) => r.fixed_at) && bugs.some((b) => b.fixedAt !== null))
    throw new AppError("conflict", `${key} already has fix dates; import a new version to change them`);
  const bugOf = new Map(bugs.map((b) => [`${b.repository.name}\u0000${b.externalId}`, b]));
  refuseUnknown(
    key,
    rows,
    (row) => !bugOf.has(`${row.repo}\u0000${row.id}`),
    (row, i) => `fix_dates.${i}: no reference bug ${row.id} in ${row.repo}`,
    "reference bug(s)",
  );
  // Fix commits must be among the repository's listed ones (stored before, or just written above).
  const listed = await tx.fixCommit.findMany({
    where: { repository: { benchmarkId: benchmark.id } },
    select: { sha: true, committedAt: true, repository: { select: { name: true } } },
  });
  const commitDate = new Map(listed.map((c) => [`${c.repository.name}\u0000${c.sha}`, c.committedAt]));
  const listedRepos = new Set(listed.map((c) => c.repository.name));
  refuseUnknown(
    key,
    rows,
    (row) =>
      row.fix_commit !== undefined &&
      listedRepos.has(row.repo) &&
      !commitDate.has(`${row.repo}\u0000${row.fix_commit}`),
    (row, i) => `fix_dates.${i}: commit ${row.fix_commit} is not among the fix commits of ${row.repo}`,
    "fix commit(s)",
  );
  if (rows.some((r) => r.fix_commit && bugOf.get(`${r.repo}\u0000${r.id}`)!.fixCommit !== null))
    throw new AppError("conflict", `${key} already has fix commits; import a new version to change them`);

  const ids: string[] = [];
  const dates: string[] = [];
  const commits: string[] = [];
  for (const row of rows) {
    const bug = bugOf.get(`${row.repo}\u0000${row.id}`)!;
    const derived = row.fix_commit ? commitDate.get(`${row.repo}\u0000${row.fix_commit}`) : undefined;
    const date = row.fixed_at ? new Date(row.fixed_at) : bug.fixedAt ? null : (derived ?? null);
    ids.push(bug.id);
    dates.push(date ? date.toISOString() : "");
    commits.push(row.fix_commit ?? "");
  }
  // Prisma stores DateTime as UTC in a zone-less column: the instants are converted the same way.
  if (ids.length > 0)
    await tx.$executeRaw`
      UPDATE "ReferenceBug" AS r
         SET "fixedAt" = COALESCE(NULLIF(v.fixed_at, '')::timestamptz AT TIME ZONE 'UTC', r."fixedAt"),
             "fixCommit" = COALESCE(NULLIF(v.fix_commit, ''), r."fixCommit")
        FROM unnest(${ids}::text[], ${dates}::text[], ${commits}::text[]) AS v(id, fixed_at, fix_commit)
       WHERE r.id = v.id`;
  return { dated: dates.filter((d) => d !== "").length, fix_commits: fixCommits, reference_bugs: bugs.length };
}
