import "server-only";
import { db } from "../../db";
import { formatUtc } from "../../format";
import { NEWEST_VERSION_FIRST } from "../../validation/benchmark-ref";
import type { z } from "zod";
import type { benchmarkListSchema } from "../../contracts/public-reads";

/** GET /api/v1/benchmarks's list, which the submit page offers too. */
export async function listBenchmarks(): Promise<z.input<typeof benchmarkListSchema>["benchmarks"]> {
  const rows = await db.benchmark.findMany({
    // Per slug, newest version first (the version a bare slug names).
    orderBy: [{ slug: "asc" }, ...NEWEST_VERSION_FIRST],
    include: { repositories: { orderBy: { name: "asc" }, include: { _count: { select: { referenceBugs: true } } } } },
  });
  return rows.map((b) => ({
    slug: b.slug,
    name: b.name,
    version: b.version,
    snapshot_date: formatUtc(b.snapshotDate),
    reference_bugs: b.repositories.reduce((n, r) => n + r._count.referenceBugs, 0),
    repositories: b.repositories.map((r) => ({
      name: r.name,
      language: r.language,
      domain: r.domain,
      reference_bugs: r._count.referenceBugs,
    })),
  }));
}
