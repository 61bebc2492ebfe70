// How many rows one database query of the scoring thread reads or writes. The driver encodes a query's parameters, and
// Prisma decodes its result, in one synchronous stretch of the event loop, so the size of a query bounds the stall it
// causes (docs/performance.md, "Where the judge waited"). Smaller queries cost round trips: at 1,000 rows, Luna's
// 535,000 candidate pairs are written in 536 inserts.

/** Rows of ids, hashes, numbers and short texts (pairs, matches, verdict keys): the bulk writer's default. */
export { ROWS_PER_QUERY } from "../../lib/server/bulk-insert/insert-rows";

/** Rows that carry a bug's full texts or an embedding vector (one to several KB each). */
export const HEAVY_ROWS_PER_QUERY = 250;
