import { db } from "../../db";
import { publicSubmissionSql } from "./public-submission";

// An in-process cache of public aggregates, keyed by a cheap "stamp" read from Postgres.
//
// Why a stamp and not a plain TTL: the app runs as several web instances next to several workers, and Postgres is
// the only shared state. A TTL cache would show each instance's own stale copy for up to the TTL after
// a rescore or an approval, whatever instance made the change. Instead every read (at most once per
// STAMP_CHECK_MS per key, so a burst of requests costs one query) asks Postgres for the stamp: a count and the
// latest update time of the benchmark version's public submissions, and its repositories. Every change that affects
// a public view (scoring writes Score rows and then updates the submission; review decisions and reported imports
// update the submission; imports add repositories) moves the stamp, and the next read on any instance reloads. The
// stamp query reads one index range; the reload runs once per change, not once per page view.
const STAMP_CHECK_MS = 1_000;

type Loaded = { stamp: string; value: unknown };
type Slot = Loaded & { checkedAt: number; loading?: Promise<Loaded> };

// On globalThis so page bundles and route-handler bundles of one server process share a single cache.
const globalCache = globalThis as unknown as { __probebenchStampCache?: Map<string, Slot> };
const slots = (globalCache.__probebenchStampCache ??= new Map<string, Slot>());

/**
 * Returns the cached value while the stamp is unchanged; reloads (once, shared by concurrent callers) otherwise.
 * `recheck` reads the stamp now even within the second: for a caller whose cached value lacks what it looks for (a
 * benchmark version imported a moment ago), so it gets a 404 only when the database agrees.
 */
export async function cachedByStamp<T>(
  key: string,
  readStamp: () => Promise<string>,
  load: (stamp: string) => Promise<T>,
  options: { recheck?: boolean } = {},
): Promise<T> {
  const slot = slots.get(key);
  if (slot?.loading) return (await slot.loading).value as T;
  if (slot && !options.recheck && Date.now() - slot.checkedAt < STAMP_CHECK_MS) return slot.value as T;
  const loading = (async (): Promise<Loaded> => {
    const stamp = await readStamp();
    if (slot && slot.stamp === stamp) return slot;
    return { stamp, value: await load(stamp) };
  })();
  slots.set(key, { ...(slot ?? { stamp: "", value: undefined, checkedAt: 0 }), loading });
  try {
    const loaded = await loading;
    slots.set(key, { stamp: loaded.stamp, value: loaded.value, checkedAt: Date.now() });
    return loaded.value as T;
  } catch (error) {
    // Keep serving the last good value after a failed reload; only an empty cache surfaces the error.
    if (slot) slots.set(key, { ...slot, loading: undefined });
    else slots.delete(key);
    throw error;
  }
}

// The stamp is public (ETags of the read-only API, the leaderboard page's data stamp), so it reads public entries only:
// the PUBLIC_SUBMISSION rule of public-submission.ts (approved; scored, or being rescored). Counting every submission
// would let anyone watch private uploads arrive and get scored. Entries leaving the public set (rejected after
// approval) lower the count; entries joining it, and rescores switching in their scores, bring a newer updatedAt;
// both move the stamp.

/**
 * The stamp of one benchmark version: its public entries, their latest update, the repositories, and the last
 * classification of its reference bugs (the bug-type comparisons read those labels). One round trip.
 */
export async function readBenchmarkStamp(benchmarkId: string): Promise<string> {
  const rows = await db.$queryRaw<
    { submissions: bigint; updated: Date | null; repositories: bigint; labelled: Date | null }[]
  >`
    SELECT
      (SELECT count(*) FROM "Submission" s WHERE s."benchmarkId" = ${benchmarkId} AND ${publicSubmissionSql("s")}) AS submissions,
      (SELECT max(s."updatedAt") FROM "Submission" s WHERE s."benchmarkId" = ${benchmarkId} AND ${publicSubmissionSql("s")}) AS updated,
      (SELECT count(*) FROM "Repository" WHERE "benchmarkId" = ${benchmarkId}) AS repositories,
      (SELECT max("finishedAt") FROM "ReferenceAttributionRun" WHERE "benchmarkId" = ${benchmarkId}) AS labelled`;
  const row = rows[0]!;
  const labelled = row.labelled ? `.${row.labelled.getTime()}` : "";
  return `${row.submissions}.${row.updated?.getTime() ?? 0}.${row.repositories}${labelled}`;
}

/** The stamp of the list of benchmark versions and of who is public in them. */
export async function readGlobalStamp(): Promise<string> {
  const rows = await db.$queryRaw<
    { benchmarks: bigint; created: Date | null; submissions: bigint; updated: Date | null }[]
  >`
    SELECT
      (SELECT count(*) FROM "Benchmark") AS benchmarks,
      (SELECT max("createdAt") FROM "Benchmark") AS created,
      (SELECT count(*) FROM "Submission" s WHERE ${publicSubmissionSql("s")}) AS submissions,
      (SELECT max(s."updatedAt") FROM "Submission" s WHERE ${publicSubmissionSql("s")}) AS updated`;
  const row = rows[0]!;
  return `${row.benchmarks}.${row.created?.getTime() ?? 0}.${row.submissions}.${row.updated?.getTime() ?? 0}`;
}
