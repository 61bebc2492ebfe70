import { db } from "../../db";
import { publicSubmissionSql } from "./public-submission";
import { processGlobals } from "../../process-globals";

// An in-process cache of public aggregates, keyed by a cheap "stamp" read from Postgres.
//
// Why a stamp and not a plain TTL: the app runs as several web instances next to several workers, and Postgres is
// the only shared state. A TTL cache would show each instance's own stale copy for up to the TTL after
// a rescore or an approval, whatever instance made the change. Instead every read asks Postgres for the stamp of its
// source (a benchmark version, or the list of versions): a count and the latest update time of the version's public
// submissions, its repositories and its last classification of reference bugs. Every change that affects a public
// view (scoring writes Score rows and then updates the submission; review decisions, reported imports and bug-type
// attributions update the submission; imports add repositories; a labelling of reference bugs finishes its run) moves
// the stamp, after the data it covers is written, and the next read on any instance reloads. The stamp query reads
// one index range; the reload runs once per change, not once per page view.
//
// A source's stamp is read at most once per STAMP_CHECK_MS and shared by every cache of that source (the
// leaderboard, the bug types, the distances of one version), so a burst of requests costs one query, and once any
// request of this process has seen a new stamp, no later one gets a value loaded under an older stamp: the views of
// one version move together, never one answering with the new labels and the next with the old ones.
const STAMP_CHECK_MS = 1_000;

/** Where a cache's stamp comes from. Caches of one source share its stamp reads (see above). */
export type StampSource = { key: string; read: () => Promise<string> };

/**
 * A cached value and the stamp it was loaded under. The stamp is read before the value, so the value is never older
 * than its stamp. An answer's ETag (and the serialized bodies kept per ETag) must name this stamp, never one read
 * afterwards: within the second a newer stamp can sit beside the older value, and an ETag naming it would keep
 * serving the older value for as long as that stamp lasts.
 */
export type Stamped<T> = { stamp: string; value: T };

/** A stamp read of a source, shared by its caches for a second. */
type Observed = { stamp: Promise<string>; at: number };
type Slot = { stamp: string; value: unknown; loading?: { stamp: string; promise: Promise<unknown> } };

// On globalThis so page bundles and route-handler bundles of one server process share a single cache.
const globalCache = processGlobals<{
  __probebenchStampCaches?: { stamps: Map<string, Observed>; slots: Map<string, Slot> };
}>();
const { stamps, slots } = (globalCache.__probebenchStampCaches ??= { stamps: new Map(), slots: new Map() });

/** The source's stamp: the one read within the second, else a new read (which every cache of the source then uses). */
async function currentStamp(source: StampSource, recheck: boolean): Promise<string> {
  const seen = stamps.get(source.key);
  if (seen && !recheck && Date.now() - seen.at < STAMP_CHECK_MS) return seen.stamp;
  const observed: Observed = { stamp: source.read(), at: Date.now() };
  stamps.set(source.key, observed);
  try {
    return await observed.stamp;
  } catch (error) {
    if (stamps.get(source.key) === observed) stamps.delete(source.key);
    throw error;
  }
}

/**
 * Returns the cached value while the source's stamp is unchanged; reloads (once, shared by concurrent callers)
 * otherwise. `recheck` reads the stamp now even within the second: for a caller whose cached value lacks what it
 * looks for (a benchmark version imported a moment ago), so it gets a 404 only when the database agrees.
 */
export async function cachedByStamp<T>(
  key: string,
  source: StampSource,
  load: (stamp: string) => Promise<T>,
  options: { recheck?: boolean } = {},
): Promise<T> {
  return (await cachedWithStamp(key, source, load, options)).value;
}

/** As cachedByStamp, with the stamp the value was loaded under: what an answer's ETag names. */
export async function cachedWithStamp<T>(
  key: string,
  source: StampSource,
  load: (stamp: string) => Promise<T>,
  options: { recheck?: boolean } = {},
): Promise<Stamped<T>> {
  const stamp = await currentStamp(source, options.recheck ?? false);
  const slot = slots.get(key);
  if (slot?.stamp === stamp) return { stamp, value: slot.value as T };
  if (slot?.loading?.stamp === stamp) return { stamp, value: (await slot.loading.promise) as T };
  const promise = load(stamp);
  slots.set(key, { stamp: slot?.stamp ?? "", value: slot?.value, loading: { stamp, promise } });
  try {
    const value = await promise;
    // Stored unless a load under a newer stamp has started meanwhile (that one stores its own).
    if (slots.get(key)?.loading?.promise === promise) slots.set(key, { stamp, value });
    return { stamp, value };
  } catch (error) {
    // Keep the last good value after a failed reload; only an empty cache is dropped. The error goes to this caller.
    const now = slots.get(key);
    if (now?.loading?.promise === promise) {
      if (now.stamp) slots.set(key, { stamp: now.stamp, value: now.value });
      else slots.delete(key);
    }
    throw error;
  }
}

// The stamp is public (ETags of the read-only API, the leaderboard page's data stamp), so it reads public entries only:
// the PUBLIC_SUBMISSION rule of public-submission.ts (approved; scored, or being rescored). Counting every submission
// would let anyone watch private uploads arrive and get scored. Entries leaving the public set (rejected after
// approval) lower the count; entries joining it, and rescores switching in their scores, bring a newer updatedAt;
// both move the stamp.

/** The stamp source of one benchmark version (its public views: leaderboard, bug types, distances, validity). */
export function benchmarkStampSource(benchmarkId: string): StampSource {
  return { key: `benchmark:${benchmarkId}`, read: () => readBenchmarkStamp(benchmarkId) };
}

/** The stamp source of the list of benchmark versions (and of the public pages' HTML copies, server/page-cache.ts). */
export const GLOBAL_STAMP_SOURCE: StampSource = { key: "global", read: () => readGlobalStamp() };

/**
 * The stamp of one benchmark version: its public entries, their latest update, the repositories, the last
 * classification of its reference bugs (the bug-type comparisons read those labels), and how many versions share its
 * slug (each entry names the newest one after its knowledge cut-off). One round trip.
 */
export async function readBenchmarkStamp(benchmarkId: string): Promise<string> {
  const rows = await db.$queryRaw<
    { submissions: bigint; updated: Date | null; repositories: bigint; labelled: Date | null; versions: bigint }[]
  >`
    SELECT
      (SELECT count(*) FROM "Submission" s WHERE s."benchmarkId" = ${benchmarkId} AND ${publicSubmissionSql("s")}) AS submissions,
      (SELECT max(s."updatedAt") FROM "Submission" s WHERE s."benchmarkId" = ${benchmarkId} AND ${publicSubmissionSql("s")}) AS updated,
      (SELECT count(*) FROM "Repository" WHERE "benchmarkId" = ${benchmarkId}) AS repositories,
      (SELECT max("finishedAt") FROM "ReferenceAttributionRun" WHERE "benchmarkId" = ${benchmarkId}) AS labelled,
      (SELECT count(*) FROM "Benchmark" WHERE slug = (SELECT slug FROM "Benchmark" WHERE id = ${benchmarkId})) AS versions`;
  const row = rows[0]!;
  const labelled = row.labelled ? `.${row.labelled.getTime()}` : "";
  return `${row.submissions}.${row.updated?.getTime() ?? 0}.${row.repositories}${labelled}.v${row.versions}`;
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
