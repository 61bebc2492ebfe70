import "server-only";
import { db } from "../../db";
import { benchmarkKey, NEWEST_VERSION_FIRST } from "../../validation/benchmark-ref";
import { importBenchmark, type ImportedBenchmark } from "../benchmarks/import-benchmark";
import { parseBenchmarkBytes } from "../submissions/upload-parse-client";
import { reserveUploadBytes } from "../submissions/upload-budget";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { readReferenceLabels } from "../attribution/read-reference-labels";
import type { z } from "zod";
import type { benchmarkVersionListSchema } from "../../contracts/admin";

// Admins manage benchmark versions from the web: every version with what it holds, and the import of a new
// one from its benchmark file (the format `npx probebench benchmark import` reads). Versions are immutable: a file
// naming an existing slug and version is refused (409), and an import is all or nothing, with its audit record.

export type BenchmarkVersionRow = z.input<typeof benchmarkVersionListSchema>["benchmarks"][number];

/** Every benchmark version, newest first, with its counts (one grouped query each, whatever the number of versions). */
export async function listBenchmarkVersions(): Promise<BenchmarkVersionRow[]> {
  const [benchmarks, repositories, snapshots, bugs, submissions, approved] = await Promise.all([
    db.benchmark.findMany({
      orderBy: [...NEWEST_VERSION_FIRST],
      select: {
        id: true,
        slug: true,
        version: true,
        name: true,
        snapshotDate: true,
        referenceVisibility: true,
        taxonomy: true,
        createdAt: true,
      },
    }),
    db.repository.groupBy({ by: ["benchmarkId"], _count: { _all: true } }),
    db.$queryRaw<{ benchmarkId: string; n: number }[]>`
      SELECT r."benchmarkId", count(*)::int AS n FROM "RepositorySnapshot" s JOIN "Repository" r ON r.id = s."repositoryId" GROUP BY 1`,
    db.$queryRaw<{ benchmarkId: string; n: number; dated: number; committed: number }[]>`
      SELECT r."benchmarkId", count(*)::int AS n, count(b."fixedAt")::int AS dated, count(b."fixCommit")::int AS committed
      FROM "ReferenceBug" b JOIN "Repository" r ON r.id = b."repositoryId" GROUP BY 1`,
    db.submission.groupBy({ by: ["benchmarkId"], _count: { _all: true } }),
    db.submission.groupBy({ by: ["benchmarkId"], where: { reviewStatus: "approved" }, _count: { _all: true } }),
  ]);
  const countOf = (rows: { benchmarkId: string; _count: { _all: number } }[], id: string) =>
    rows.find((r) => r.benchmarkId === id)?._count._all ?? 0;
  const nOf = (rows: { benchmarkId: string; n: number }[], id: string) =>
    rows.find((r) => r.benchmarkId === id)?.n ?? 0;
  const datedOf = new Map(bugs.map((r) => [r.benchmarkId, r.dated]));
  const referenceLabels = await readReferenceLabels(benchmarks, new Map(bugs.map((r) => [r.benchmarkId, r.n])));
  const committedOf = new Map(bugs.map((r) => [r.benchmarkId, r.committed]));
  return benchmarks.map((b) => ({
    key: benchmarkKey(b),
    slug: b.slug,
    version: b.version,
    name: b.name,
    snapshot_date: b.snapshotDate.toISOString().slice(0, 10),
    reference_visibility: b.referenceVisibility,
    taxonomy: b.taxonomy !== null,
    repositories: countOf(repositories, b.id),
    snapshots: nOf(snapshots, b.id),
    reference_bugs: nOf(bugs, b.id),
    fix_dated_bugs: datedOf.get(b.id) ?? 0,
    fix_commit_bugs: committedOf.get(b.id) ?? 0,
    submissions: countOf(submissions, b.id),
    public_submissions: countOf(approved, b.id),
    created_at: b.createdAt.toISOString(),
    reference_labels: referenceLabels.get(b.id)!,
  }));
}

/**
 * Imports a benchmark file sent by an admin: validated whole (every problem by path), stored and audit-logged at once.
 * The body is decoded, parsed and validated in an upload parse thread, not on the web server's event loop.
 */
/**
 * The body reserves its bytes of the upload parse budget before its first byte is read, as a findings upload does
 * (upload-budget.ts): admins' imports and users' uploads share the parse threads and the memory they may hold.
 */
export async function importBenchmarkVersion(
  actorId: string,
  body: { declaredBytes?: number; read: () => Promise<Uint8Array> },
): Promise<ImportedBenchmark> {
  const reservation = reserveUploadBytes(body.declaredBytes);
  let file;
  try {
    file = await parseBenchmarkBytes(await body.read());
  } finally {
    reservation.release();
  }
  const imported = await importBenchmark(file, {
    onImported: (tx, b) =>
      recordAuditLog(tx, {
        actorId,
        action: "benchmark.import",
        target: `benchmark:${b.id}`,
        details: {
          benchmark: b.key,
          repositories: b.repositories,
          reference_bugs: b.reference_bugs,
          reference_visibility: file.reference_visibility ?? "public",
        },
      }),
  });
  return imported;
}
