import { z } from "zod";

// A benchmark version is named `slug@version`, or `slug` alone for its newest version. One parser and one rule for
// "newest" serve the upload API, the CLI, the snapshot import and the public pages, so `probe` names the same
// version everywhere.

export type ParsedBenchmarkRef = { slug: string; version: string | null };

/** The zod schema of a reference in query strings and command arguments. */
export const benchmarkRefSchema = z
  .string()
  .trim()
  .max(120)
  .regex(/^[a-z0-9][a-z0-9-]*(@[^\s@]+)?$/, { message: "must be slug or slug@version" });

/** `slug@version` -> { slug, version }; `slug` -> { slug, version: null } (its newest version). */
export function parseBenchmarkRef(ref: string): ParsedBenchmarkRef {
  const at = ref.indexOf("@");
  if (at < 0) return { slug: ref, version: null };
  return { slug: ref.slice(0, at), version: ref.slice(at + 1) || null };
}

/** The key of a version as API, pages and files show it. */
export function benchmarkKey(b: { slug: string; version: string }): string {
  return `${b.slug}@${b.version}`;
}

/**
 * The newest version of a slug: the latest snapshot date (when the repositories were frozen), then the latest import
 * on a tie. The same order as a Prisma orderBy, for queries that pick in the database.
 */
export const NEWEST_VERSION_FIRST = [
  { snapshotDate: "desc" },
  { createdAt: "desc" },
] as const satisfies readonly Record<string, "desc">[];

type Dated = { snapshotDate: Date | string; createdAt?: Date | string };
const time = (value: Date | string | undefined) => (value === undefined ? 0 : new Date(value).getTime());

/** Sort comparator for NEWEST_VERSION_FIRST in memory. */
function compareNewestFirst(a: Dated, b: Dated): number {
  return time(b.snapshotDate) - time(a.snapshotDate) || time(b.createdAt) - time(a.createdAt);
}

/** The version a reference names among `versions` (any order), or undefined. */
export function pickBenchmarkVersion<T extends Dated & { slug: string; version: string }>(
  versions: readonly T[],
  ref: string,
): T | undefined {
  const { slug, version } = parseBenchmarkRef(ref);
  const candidates = versions.filter((b) => b.slug === slug && (version === null || b.version === version));
  return [...candidates].sort(compareNewestFirst)[0];
}
