import { randomUUID } from "node:crypto";

// The one bulk writer of the app and the worker: `INSERT ... SELECT FROM unnest(arrays)`, one array parameter per
// column, so a batch costs one round trip whatever its size. Through Prisma's createMany a row costs about 0.3 ms and
// 15 KB of garbage in the query compiler: measured on `npm run bench:score`, 51,805 candidate pairs took 16-22 s and
// grew the heap by 600-900 MB, while this writes the same rows in about 2 s and allocates little. Column names are the
// Prisma field names (the schema maps none), and callers type rows with Prisma's CreateManyInput types where they can,
// so renaming a field breaks the type check, not a run.

/**
 * Rows per statement unless the caller says otherwise. The driver turns a batch's arrays into text in one synchronous
 * stretch of the event loop: 5,000 rows held the web server's loop for 100-400 ms on a loaded machine, 1,000 hold it
 * a fifth as long (docs/performance.md, "Where the judge waited").
 */
export const ROWS_PER_QUERY = 1_000;

/**
 * A column's PostgreSQL type. `timestamp` takes Dates (or ISO strings) and stores their UTC wall time, as Prisma
 * writes DateTime; `{ enum }` is sent as text and cast to the named enum type.
 */
type ColumnType = "text" | "float8" | "int4" | "bool" | "bytea" | "timestamp" | { enum: string };

/** The columns Finding and ReferenceBug share: a bug record's fields (the findings file's and the benchmark file's). */
export const BUG_RECORD_COLUMNS = {
  externalId: "text",
  file: "text",
  lineStart: "int4",
  lineEnd: "int4",
  title: "text",
  description: "text",
  codeSnippet: "text",
  severity: { enum: "Severity" },
  suggestedFix: "text",
  category: "text",
  trigger: "text",
  contentHash: "text",
} as const satisfies Record<string, ColumnType>;

/** A column whose value is computed from the row and its position in `rows` rather than read from a field. */
type ComputedColumn<Row> = { type: ColumnType; value: (row: Row, index: number) => unknown };

/** The tables written in bulk; each has a text primary key "id" without a database default. */
type BulkTable =
  | "CandidatePair"
  | "Match"
  | "CrossRunPair"
  | "JudgeVerdict"
  | "Embedding"
  | "Score"
  | "RunSpectrum"
  | "Finding"
  | "ReferenceBug";

/** What insertRows needs of a Prisma client, a transaction client, or a pg client. */
type RawExecutor =
  | { $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number> }
  | { query(text: string, values: unknown[]): Promise<{ rowCount: number | null }> };

// Every required field of the row type must be given a column type; optional ones may be left to their default.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends Pick<T, K>` is how optionality is tested
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type Columns<Row> = { [K in Exclude<RequiredKeys<Row> & string, "id">]: ColumnType } & {
  [K in Exclude<keyof Row & string, "id">]?: ColumnType;
};

type InsertOptions<Row> = {
  /** Rows that hit a unique constraint are skipped (Prisma's skipDuplicates). */
  onConflictDoNothing?: boolean;
  chunkSize?: number;
  /** The row's id from its position in `rows`; a fresh crypto.randomUUID by default (nothing orders those rows by id). */
  id?: (row: Row, index: number) => string;
  /** Columns computed per row (a foreign key looked up, a value shared by every row), written after `columns`. */
  computed?: Record<string, ComputedColumn<Row>>;
};

// Asked through a property read, not `in`: lib/db.ts's client is a Proxy whose target has no properties of its own.
function isPrisma(client: RawExecutor): client is Extract<RawExecutor, { $executeRawUnsafe: unknown }> {
  return typeof (client as { $executeRawUnsafe?: unknown }).$executeRawUnsafe === "function";
}

function sqlType(type: ColumnType): string {
  if (typeof type === "object") return `text[]::"${type.enum}"[]`;
  return `${type}[]`;
}

function cell(type: ColumnType, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return type === "timestamp" && value instanceof Date ? value.toISOString() : value;
}

/**
 * Inserts rows in chunks, each chunk's arrays built just before it is sent, so the write holds little beyond the rows
 * themselves. Columns left out of `columns` take their database default. Returns the number of rows inserted.
 */
export async function insertRows<Row extends object>(
  client: RawExecutor,
  table: BulkTable,
  columns: Columns<Row>,
  rows: readonly Row[],
  opts: InsertOptions<Row> = {},
): Promise<number> {
  const named = (Object.keys(columns) as (keyof Columns<Row> & string)[]).map((name) => ({
    name,
    type: columns[name]!,
    value: (row: Row) => (row as Record<string, unknown>)[name],
  }));
  const computed = Object.entries(opts.computed ?? {}).map(([name, c]) => ({ name, type: c.type, value: c.value }));
  const all = [...named, ...computed];
  const quoted = ["id", ...all.map((c) => c.name)].map((name) => `"${name}"`).join(", ");
  const arrays = ["text[]", ...all.map((c) => sqlType(c.type))].map((type, i) => `$${i + 1}::${type}`).join(", ");
  const conflict = opts.onConflictDoNothing ? " ON CONFLICT DO NOTHING" : "";
  const sql = `INSERT INTO "${table}" (${quoted}) SELECT * FROM unnest(${arrays})${conflict}`;
  const chunkSize = opts.chunkSize ?? ROWS_PER_QUERY;
  const id = opts.id ?? (() => randomUUID());
  let inserted = 0;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const values = [
      chunk.map((row, i) => id(row, start + i)),
      ...all.map((c) => chunk.map((row, i) => cell(c.type, c.value(row, start + i)))),
    ];
    inserted += isPrisma(client)
      ? await client.$executeRawUnsafe(sql, ...values)
      : ((await client.query(sql, values)).rowCount ?? 0);
  }
  return inserted;
}
