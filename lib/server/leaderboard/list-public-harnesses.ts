import "server-only";
import { db } from "../../db";
import { PUBLIC_SUBMISSION } from "./public-submission";

/**
 * The harness labels of a version's public scored configurations (reported rows left out, as in the bug-type shares),
 * each once and case-folded as the shares match them, for the bug-types page's harness choice.
 */
export async function listPublicHarnesses(benchmarkId: string): Promise<string[]> {
  const rows = await db.submission.findMany({
    where: { benchmarkId, ...PUBLIC_SUBMISSION, source: { not: "reported" }, harness: { not: null } },
    select: { harness: true },
    distinct: ["harness"],
  });
  const byKey = new Map<string, string>();
  for (const { harness } of rows) {
    const label = harness?.trim();
    if (label && !byKey.has(label.toLowerCase())) byKey.set(label.toLowerCase(), label);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}
