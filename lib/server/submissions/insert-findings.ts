import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { BugText } from "../../scoring/types";

// A finding row: the bug text the matcher reads, and what the file adds to it.
export type FindingInsertRow = Omit<BugText, "id" | "repo"> & {
  repositoryId: string;
  ordinal: number;
  externalId?: string | null;
  severity?: string | null;
  confidence?: number | null;
  suggestedFix?: string | null;
  category?: string | null;
  trigger?: string | null;
  contentHash: string;
};

// Rows per statement: one array parameter per column, so a batch costs one round trip whatever its size. pg turns
// the arrays into text on the web server's event loop in one go: 5,000 rows held it for 100-400 ms on a loaded
// machine, and 1,000 hold it a fifth as long.
const BATCH = 1_000;

/**
 * Inserts one run's findings with `INSERT ... SELECT FROM unnest(arrays)`: 200,000 findings in 200 statements, each
 * batch's arrays built just before it is sent, so the write holds little beyond the rows themselves.
 */
export async function insertFindings(
  client: pg.PoolClient,
  runId: string,
  rows: readonly FindingInsertRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const column = <T>(pick: (row: FindingInsertRow) => T) => batch.map(pick);
    await client.query(
      `INSERT INTO "Finding" ("id", "runId", "repositoryId", "ordinal", "externalId", "file", "lineStart", "lineEnd", "title",
         "description", "codeSnippet", "severity", "confidence", "suggestedFix", "category", "trigger", "contentHash")
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::int[], $8::int[], $9::text[],
         $10::text[], $11::text[], $12::text[]::"Severity"[], $13::float8[], $14::text[], $15::text[], $16::text[], $17::text[])`,
      [
        column(() => randomUUID()),
        column(() => runId),
        column((r) => r.repositoryId),
        column((r) => r.ordinal),
        column((r) => r.externalId ?? null),
        column((r) => r.file),
        column((r) => r.lineStart),
        column((r) => r.lineEnd),
        column((r) => r.title),
        column((r) => r.description),
        column((r) => r.codeSnippet),
        column((r) => r.severity ?? null),
        column((r) => r.confidence ?? null),
        column((r) => r.suggestedFix ?? null),
        column((r) => r.category ?? null),
        column((r) => r.trigger ?? null),
        column((r) => r.contentHash),
      ],
    );
  }
}
