import { db } from "../../db";
import { publicSubmissionSql } from "./public-submission";

// An in-process cache of public aggregates, keyed by a cheap "stamp" read from Postgres.
//
// Why a stamp and not a plain TTL: the app runs as several web instances next to several workers, and Postgres is
// the only shared state. A TTL cache would show each instance's own stale copy for up to the TTL after
// a rescore or an approval, whatever instance made the change. Instead every read (at most once per
// STAMP_CHECK_MS per key, so a burst of requests costs one query) asks Postgres for the stamp: a count and the
// latest update time of the benchmark version's public submissions, and its repositories. Every change that affects
// a public view (scoring writes Score rows and then updates the submission; review decisions, reported imports and
// bug-type attributions update the submission; imports add repositories; a labelling of reference bugs finishes its
// run) moves the stamp, after the data it covers is written, and the next read on any instance reloads. The stamp
// query reads one index range; the reload runs once per change, not once per page view.
const STAMP_CHECK_MS = 1_000;

/**
 * A cached value and the stamp it was loaded under. The stamp is read before the value, so the value is never older
 * than its stamp. An answer's ETag (and the serialized bodies kept per ETag) must name this stamp, never one read
 * afterwards: within the second a newer stamp can sit beside the older value, and an ETag naming it would keep
 * serving the older value for as long as that stamp lasts.
 */
export type Stamped<T> = { stamp: string; value: T };

type Loaded = Stamped<unknown>;
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
  return (await cachedWithStamp(key, readStamp, load, options)).value;
}

/** As cachedByStamp, with the stamp the value was loaded under: what an answer's ETag names. */
export async function cachedWithStamp<T>(
  key: string,
  readStamp: () => Promise<string>,
  load: (stamp: string) => Promise<T>,
  options: { recheck?: boolean } = {},
): Promise<Stamped<T>> {
  const slot = slots.get(key);
  if (slot?.loading) return (await slot.loading) as Stamped<T>;
  if (slot && !options.recheck && Date.now() - slot.checkedAt < STAMP_CHECK_MS) return stamped<T>(slot);
  const loading = (async (): Promise<Loaded> => {
    const stamp = await readStamp();
    if (slot && slot.stamp === stamp) return stamped(slot);
    return { stamp, value: await load(stamp) };
  })();
  slots.set(key, { ...(slot ?? { stamp: "", value: undefined, checkedAt: 0 }), loading });
  try {
    const loaded = await loading;
    slots.set(key, { stamp: loaded.stamp, value: loaded.value, checkedAt: Date.now() });
    return loaded as Stamped<T>;
  } catch (error) {
    // Keep serving the last good value after a failed reload; only an empty cache surfaces the error.
    if (slot) slots.set(key, { ...slot, loading: undefined });
    else slots.delete(key);
    throw error;
  }
}

function stamped<T>(slot: Slot): Stamped<T> {
  return { stamp: slot.stamp, value: slot.value as T };
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

/**
 * The stamp of the list of benchmark versions, of who is public in them, and of the last classification of reference
 * bugs (the public pages' HTML copies, server/page-cache.ts, are filed under it, and the bug-types page reads those
 * labels).
 */
export async function readGlobalStamp(): Promise<string> {
  const rows = await db.$queryRaw<
    { benchmarks: bigint; created: Date | null; submissions: bigint; updated: Date | null; labelled: Date | null }[]
  >`
    SELECT
      (SELECT count(*) FROM "Benchmark") AS benchmarks,
      (SELECT max("createdAt") FROM "Benchmark") AS created,
      (SELECT count(*) FROM "Submission" s WHERE ${publicSubmissionSql("s")}) AS submissions,
      (SELECT max(s."updatedAt") FROM "Submission" s WHERE ${publicSubmissionSql("s")}) AS updated,
      (SELECT max("finishedAt") FROM "ReferenceAttributionRun") AS labelled`;
  const row = rows[0]!;
  const labelled = row.labelled ? `.${row.labelled.getTime()}` : "";
  return `${row.benchmarks}.${row.created?.getTime() ?? 0}.${row.submissions}.${row.updated?.getTime() ?? 0}${labelled}`;
}
