import { ROWS_PER_QUERY } from "./rows-per-query";
import { randomUUID } from "node:crypto";

// Bulk inserts for the scoring write path and the verdict cache. Through Prisma's createMany a row costs about 0.3 ms and 15 KB of garbage
// in the query compiler: measured on `npm run bench:score`, 51,805 candidate pairs took 16-22 s and grew the heap by
// 600-900 MB. One `INSERT ... SELECT FROM unnest(...)` per chunk, with one array parameter per column, writes the same
// rows in about 2 s and allocates little. Column names are the Prisma field names (the schema maps none), and callers
// type rows with Prisma's CreateManyInput types, so renaming a field breaks the type check here, not a run.

type ColumnType = "text" | "float8" | "int4" | "bool" | "bytea";

/** The tables the scoring pipeline bulk-writes; each has a text primary key "id" without a database default. */
export type BulkTable =
  "CandidatePair" | "Match" | "CrossRunPair" | "JudgeVerdict" | "Embedding" | "Score" | "RunSpectrum";

/** What insertRows needs of a Prisma client or transaction client. */
export type RawExecutor = { $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number> };

// Every required field of the row type must be given a column type; optional ones may be left to their default.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends Pick<T, K>` is how optionality is tested
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type Columns<Row> = { [K in Exclude<RequiredKeys<Row> & string, "id">]: ColumnType } & {
  [K in Exclude<keyof Row & string, "id">]?: ColumnType;
};

/**
 * Inserts rows in chunks, giving each a fresh id (crypto.randomUUID; the id columns take any string, and nothing orders rows by id). Columns left out of `columns` take their database
 * default. With `onConflictDoNothing`, rows that hit a unique constraint are skipped (Prisma's skipDuplicates).
 * Returns the number of rows inserted.
 */
export async function insertRows<Row extends object>(
  client: RawExecutor,
  table: BulkTable,
  columns: Columns<Row>,
  rows: readonly Row[],
  opts: { onConflictDoNothing?: boolean; chunkSize?: number } = {},
): Promise<number> {
  const names = Object.keys(columns) as (keyof Columns<Row> & string)[];
  const quoted = ["id", ...names].map((name) => `"${name}"`).join(", ");
  const arrays = ["text", ...names.map((name) => columns[name]!)].map((type, i) => `$${i + 1}::${type}[]`).join(", ");
  const conflict = opts.onConflictDoNothing ? " ON CONFLICT DO NOTHING" : "";
  const sql = `INSERT INTO "${table}" (${quoted}) SELECT * FROM unnest(${arrays})${conflict}`;
  const chunkSize = opts.chunkSize ?? ROWS_PER_QUERY;
  let inserted = 0;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const values = names.map((name) => chunk.map((row) => (row as Record<string, unknown>)[name] ?? null));
    inserted += await client.$executeRawUnsafe(
      sql,
      chunk.map(() => randomUUID()),
      ...values,
    );
  }
  return inserted;
}
