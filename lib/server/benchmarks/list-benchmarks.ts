import "server-only";
import { db } from "../../db";
import { formatUtc } from "../../format";

export async function listBenchmarks() {
  const rows = await db.benchmark.findMany({
    orderBy: [{ slug: "asc" }, { createdAt: "desc" }],
    include: { repositories: { orderBy: { name: "asc" }, include: { _count: { select: { referenceBugs: true } } } } },
  });
  return rows.map((b) => ({
    slug: b.slug,
    name: b.name,
    version: b.version,
    snapshot_date: formatUtc(b.snapshotDate),
    reference_bugs: b.repositories.reduce((n, r) => n + r._count.referenceBugs, 0),
    repositories: b.repositories.map((r) => ({ name: r.name, language: r.language, domain: r.domain, reference_bugs: r._count.referenceBugs })),
  }));
}
