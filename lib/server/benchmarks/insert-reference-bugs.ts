import type { Tx } from "../../db";
import type { BugText } from "../../scoring/types";
import { BUG_RECORD_COLUMNS, insertRows } from "../bulk-insert/insert-rows";

// A reference bug row: the bug text the matcher reads, and what the benchmark file adds to it. `repo` is the
// repository's name in the file; the insert looks up its row.
export type ReferenceBugInsertRow = Omit<BugText, "id"> & {
  externalId: string;
  severity?: string | null;
  suggestedFix?: string | null;
  category?: string | null;
  trigger?: string | null;
  fixedAt: Date | null;
  fixCommit: string | null;
  contentHash: string;
};

/**
 * Inserts a benchmark version's reference bugs through the bulk writer (lib/server/bulk-insert), 1,000 a statement:
 * through Prisma's createMany a reference bug cost about 0.2 ms of the web server's event loop in the query compiler.
 * A bug's id is the benchmark's id and its position in the file (base 36, padded): reading a version's bugs in id
 * order, as scoring does, reads them in file order, as it did when Prisma gave them time-ordered cuids.
 */
export async function insertReferenceBugs(
  tx: Tx,
  benchmarkId: string,
  repositoryIds: ReadonlyMap<string, string>,
  rows: readonly ReferenceBugInsertRow[],
): Promise<void> {
  // `repo` is the file's name for the repository, not a column: the row's repositoryId is looked up from it.
  await insertRows<Omit<ReferenceBugInsertRow, "repo">>(
    tx,
    "ReferenceBug",
    { ...BUG_RECORD_COLUMNS, fixedAt: "timestamp", fixCommit: "text" },
    rows,
    {
      id: (_, i) => `${benchmarkId}-${i.toString(36).padStart(4, "0")}`,
      computed: { repositoryId: { type: "text", value: (_, i) => repositoryIds.get(rows[i]!.repo)! } },
    },
  );
}
