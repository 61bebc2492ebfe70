import type pg from "pg";
import type { BugText } from "../../scoring/types";
import { BUG_RECORD_COLUMNS, insertRows } from "../bulk-insert/insert-rows";

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

/**
 * Inserts one run's findings through the bulk writer (lib/server/bulk-insert): 200,000 findings in 200 statements of
 * 1,000, each batch's arrays built just before it is sent, so the write holds little beyond the rows themselves.
 */
export async function insertFindings(
  client: pg.PoolClient,
  runId: string,
  rows: readonly FindingInsertRow[],
): Promise<void> {
  await insertRows<FindingInsertRow>(
    client,
    "Finding",
    { repositoryId: "text", ordinal: "int4", ...BUG_RECORD_COLUMNS, confidence: "float8" },
    rows,
    { computed: { runId: { type: "text", value: () => runId } } },
  );
}
