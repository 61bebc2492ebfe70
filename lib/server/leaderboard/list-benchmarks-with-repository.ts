import "server-only";
import { db } from "../../db";
import { benchmarkKey } from "../../validation/benchmark-ref";

/** The keys (`slug@version`) of the benchmark versions that contain a repository, for links between versions. */
export async function listBenchmarksWithRepository(name: string): Promise<string[]> {
  const rows = await db.repository.findMany({
    where: { name },
    select: { benchmark: { select: { slug: true, version: true } } },
  });
  return rows.map((r) => benchmarkKey(r.benchmark));
}
