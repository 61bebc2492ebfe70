import type { Tx } from "../../db";
import type { BugText } from "../../scoring/types";

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

// Rows per statement. Through Prisma's createMany a reference bug cost about 0.2 ms of the web server's event loop in
// the query compiler, and garbage whose collections held the loop again: 2,000 rows a statement held it for 400 ms.
// One `INSERT ... SELECT FROM unnest(arrays)` of 1,000 rows holds it for a few tens of milliseconds.
const BATCH = 1_000;

/**
 * Inserts a benchmark version's reference bugs, one array parameter per column. A bug's id is the benchmark's id and
 * its position in the file (base 36, padded): reading a version's bugs in id order, as scoring does, reads them in
 * file order, as it did when Prisma gave them time-ordered cuids.
 */
export async function insertReferenceBugs(
  tx: Tx,
  benchmarkId: string,
  repositoryIds: ReadonlyMap<string, string>,
  rows: readonly ReferenceBugInsertRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const column = <T>(pick: (row: ReferenceBugInsertRow, i: number) => T) => batch.map(pick);
    // A timestamp column takes the UTC wall time of an ISO string and ignores its zone, as Prisma writes DateTime.
    await tx.$executeRaw`
      INSERT INTO "ReferenceBug" ("id", "repositoryId", "externalId", "file", "lineStart", "lineEnd", "title",
        "description", "codeSnippet", "severity", "suggestedFix", "category", "trigger", "fixedAt", "fixCommit",
        "contentHash")
      SELECT * FROM unnest(
        ${column((_, i) => `${benchmarkId}-${(start + i).toString(36).padStart(4, "0")}`)}::text[],
        ${column((r) => repositoryIds.get(r.repo)!)}::text[],
        ${column((r) => r.externalId)}::text[],
        ${column((r) => r.file)}::text[],
        ${column((r) => r.lineStart)}::int[],
        ${column((r) => r.lineEnd)}::int[],
        ${column((r) => r.title)}::text[],
        ${column((r) => r.description)}::text[],
        ${column((r) => r.codeSnippet)}::text[],
        ${column((r) => r.severity ?? null)}::text[]::"Severity"[],
        ${column((r) => r.suggestedFix ?? null)}::text[],
        ${column((r) => r.category ?? null)}::text[],
        ${column((r) => r.trigger ?? null)}::text[],
        ${column((r) => r.fixedAt?.toISOString() ?? null)}::timestamp[],
        ${column((r) => r.fixCommit)}::text[],
        ${column((r) => r.contentHash)}::text[])`;
  }
}
