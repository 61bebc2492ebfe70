import type { z } from "zod";
import { db, type Tx } from "../../db";
import { AppError } from "../../errors";
import { bugContentHash } from "../../validation/bug-content-hash";
import type { BenchmarkFile } from "../../validation/benchmark-file";
import { benchmarkKey, NEWEST_VERSION_FIRST, parseBenchmarkRef } from "../../validation/benchmark-ref";
import { bugTextOf } from "../../validation/common";
import { queueDatasheet } from "../datasheet/queue-datasheet";
import { insertReferenceBugs, type ReferenceBugInsertRow } from "./insert-reference-bugs";
import type { importedBenchmarkSchema } from "../../contracts/admin";

// Fix commits per createMany: Prisma's query compiler builds each statement on the event loop, at about 0.1 ms a row
// (5,000 rows held it for 600 ms).
const FIX_COMMITS_PER_STATEMENT = 500;

/** POST /api/v1/admin/benchmarks's answer; the CLI and the demo print it too. */
export type ImportedBenchmark = z.input<typeof importedBenchmarkSchema>;

/**
 * Stores a benchmark version with its repositories and reference set, all or nothing. Versions are immutable.
 * `onImported` runs inside the same transaction (an admin's import writes its audit record there).
 */
export async function importBenchmark(
  file: BenchmarkFile,
  opts: { onImported?: (tx: Tx, imported: ImportedBenchmark) => Promise<void> } = {},
): Promise<ImportedBenchmark> {
  const existing = await db.benchmark.findUnique({
    where: { slug_version: { slug: file.slug, version: file.version } },
  });
  if (existing) {
    throw new AppError(
      "conflict",
      `Benchmark ${file.slug} version ${file.version} already exists; import a new version instead`,
    );
  }
  // A bug with a fix commit but no fixed_at is dated by its commit (the fix-rank test of §C.4 needs the date).
  const commitDates = new Map<string, string>();
  for (const repo of file.repositories)
    for (const commit of repo.fix_commits ?? []) commitDates.set(`${repo.name}\u0000${commit.sha}`, commit.date);
  // Rows and their content hashes are made before the transaction, which then only writes. Hashing 200,000 bugs takes
  // seconds: the server answers other requests in between.
  const rows: ReferenceBugInsertRow[] = [];
  for (const [i, bug] of file.reference_bugs.entries()) {
    const text = bugTextOf(bug);
    rows.push({
      ...text,
      repo: bug.repo,
      externalId: bug.id,
      severity: bug.severity,
      suggestedFix: bug.suggested_fix,
      category: bug.category,
      trigger: bug.trigger,
      fixCommit: bug.fix_commit ?? null,
      fixedAt: fixedAtOf(bug.fixed_at ?? commitDates.get(`${bug.repo}\u0000${bug.fix_commit}`)),
      contentHash: bugContentHash(text),
    });
    if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
  }
  const result = await db.$transaction(
    async (tx) => {
      const benchmark = await tx.benchmark.create({
        data: {
          slug: file.slug,
          name: file.name,
          version: file.version,
          description: file.description,
          snapshotDate: new Date(`${file.snapshot_date}T00:00:00Z`),
          taxonomy: file.taxonomy ?? undefined,
          referenceVisibility: file.reference_visibility ?? "public",
          pipeline: file.pipeline ?? undefined,
          referenceWindowEnd: file.reference_window_end ? new Date(`${file.reference_window_end}T00:00:00Z`) : null,
        },
      });
      const repoIds = new Map<string, string>();
      for (const repo of file.repositories) {
        const row = await tx.repository.create({
          data: {
            benchmarkId: benchmark.id,
            name: repo.name,
            language: repo.language,
            domain: repo.domain,
            snapshotCommit: repo.snapshot_commit,
            testCount: repo.tests ?? null,
            commitCount: repo.commits ?? null,
            fixCommitCount: repo.fix_commits?.length ?? null,
          },
        });
        repoIds.set(repo.name, row.id);
        await createFixCommits(tx, row.id, repo.fix_commits ?? []);
      }
      await insertReferenceBugs(tx, benchmark.id, repoIds, rows);
      const imported = {
        id: benchmark.id,
        key: benchmarkKey(benchmark),
        slug: benchmark.slug,
        version: benchmark.version,
        repositories: file.repositories.length,
        reference_bugs: rows.length,
      };
      await opts.onImported?.(tx, imported);
      return imported;
    },
    { timeout: 120_000 },
  );
  // The version's datasheet (Tables 1, 6, 8, 9, Figures 3, 10): the worker computes it from what was just stored.
  await queueDatasheet(result.id);
  return result;
}

function fixedAtOf(date: string | undefined): Date | null {
  return date ? new Date(date) : null;
}

/** Stores a repository's bug-fixing commits in the order given (position 1 is the oldest). */
export async function createFixCommits(
  tx: Tx,
  repositoryId: string,
  commits: readonly { sha: string; date: string }[],
): Promise<void> {
  const rows = commits.map((c, i) => ({ repositoryId, position: i + 1, sha: c.sha, committedAt: new Date(c.date) }));
  for (let i = 0; i < rows.length; i += FIX_COMMITS_PER_STATEMENT)
    await tx.fixCommit.createMany({ data: rows.slice(i, i + FIX_COMMITS_PER_STATEMENT) });
}

/** A benchmark by `slug` (its newest version: lib/validation/benchmark-ref.ts) or `slug@version`. */
export async function findBenchmark(ref: string) {
  const { slug, version } = parseBenchmarkRef(ref);
  if (version) return db.benchmark.findUnique({ where: { slug_version: { slug, version } } });
  return db.benchmark.findFirst({ where: { slug }, orderBy: [...NEWEST_VERSION_FIRST] });
}
