import { db } from "../../db";
import { AppError } from "../../errors";
import { cachedByStamp, GLOBAL_STAMP_SOURCE } from "./stamp-cache";
import { PUBLIC_SUBMISSION } from "./public-submission";
import type { PublicBenchmark } from "../../leaderboard/types";
import { formatUtc } from "../../format";
import { benchmarkKey, NEWEST_VERSION_FIRST, pickBenchmarkVersion } from "../../validation/benchmark-ref";

/** Every benchmark version with its count of public entries, newest first. `recheck`: see cachedByStamp. */
export async function listPublicBenchmarks(options: { recheck?: boolean } = {}): Promise<PublicBenchmark[]> {
  return cachedByStamp(
    "benchmarks",
    GLOBAL_STAMP_SOURCE,
    async () => {
      const [benchmarks, counts] = await Promise.all([
        db.benchmark.findMany({ orderBy: [...NEWEST_VERSION_FIRST] }),
        db.submission.groupBy({ by: ["benchmarkId", "source"], where: PUBLIC_SUBMISSION, _count: { _all: true } }),
      ]);
      return benchmarks.map((b) => {
        const mine = counts.filter((c) => c.benchmarkId === b.id);
        const reported = mine.filter((c) => c.source === "reported").reduce((n, c) => n + c._count._all, 0);
        const verified = mine.filter((c) => c.source !== "reported").reduce((n, c) => n + c._count._all, 0);
        return {
          ...summarizeBenchmark(b),
          entries: reported + verified,
          verified,
          reported,
        };
      });
    },
    options,
  );
}

/**
 * The version a page shows when none is chosen: the one with the most public entries (the benchmark people compare
 * on), the newest on a tie. Null when there is no benchmark at all.
 */
async function defaultBenchmark(): Promise<PublicBenchmark | null> {
  const list = await listPublicBenchmarks();
  let best: PublicBenchmark | null = null;
  for (const b of list) if (!best || b.entries > best.entries) best = b;
  return best;
}

/**
 * A benchmark version from `slug@version` (or `slug` for its newest version), or the default one when the reference
 * is empty. Unknown references are a 404: every view is for exactly one version, never a mix.
 */
export async function resolveBenchmark(ref: string | null | undefined): Promise<PublicBenchmark> {
  const list = await listPublicBenchmarks();
  if (!ref) {
    const fallback = await defaultBenchmark();
    if (!fallback) throw new AppError("not_found", "No benchmark version has been imported yet");
    return fallback;
  }
  // The list is newest first (NEWEST_VERSION_FIRST), so the stable sort keeps the database's tie-break.
  // A version imported within the last second may not be in this instance's cached list yet: look again before a 404.
  const found =
    pickBenchmarkVersion(list, ref) ?? pickBenchmarkVersion(await listPublicBenchmarks({ recheck: true }), ref);
  if (!found) throw new AppError("not_found", `Unknown benchmark version "${ref}"`);
  return found;
}

/** The identity of a benchmark version as public views show it. */
export function summarizeBenchmark(b: { id: string; slug: string; version: string; name: string; snapshotDate: Date }) {
  return {
    id: b.id,
    slug: b.slug,
    version: b.version,
    name: b.name,
    key: benchmarkKey(b),
    snapshotDate: formatUtc(b.snapshotDate),
  };
}
