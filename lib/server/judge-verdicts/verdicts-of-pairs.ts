import "server-only";
import { db } from "../../db";
import { Prisma } from "../../generated/prisma/client";

// Reads of the judge-verdict table that more than one reader shares. The judge's own cache lookup (an exact probe
// per (texts, model, prompt, config) key, verdict-cache-store.ts) and the joins from an override to the verdict it
// reversed (list-overrides.ts, judge-quality-report.ts) are different questions and stay with their callers.

export type PairVerdict = {
  leftHash: string;
  rightHash: string;
  judgeModel: string;
  promptVersion: string;
  configHash: string;
  match: boolean;
  /** Null unless asked for: a rationale is up to a few KB, and a report over every labelled pair does not read it. */
  rationale: string | null;
};

/**
 * Every verdict any judge gave on the given (left, right) text pairs, oldest first: one statement through the
 * (leftHash, rightHash) prefix of the verdict key's index, whatever the number of pairs.
 */
export async function verdictsOfPairs(
  pairs: readonly { leftHash: string; rightHash: string }[],
  opts: { rationale?: boolean } = {},
): Promise<PairVerdict[]> {
  if (pairs.length === 0) return [];
  const rationale = opts.rationale ? Prisma.sql`v.rationale` : Prisma.sql`NULL::text`;
  return db.$queryRaw<PairVerdict[]>(Prisma.sql`
    SELECT v."leftHash", v."rightHash", v."judgeModel", v."promptVersion", v."configHash", v.match,
           ${rationale} AS rationale
    FROM "JudgeVerdict" v
    JOIN unnest(${pairs.map((p) => p.leftHash)}::text[], ${pairs.map((p) => p.rightHash)}::text[]) AS p(l, r)
      ON v."leftHash" = p.l AND v."rightHash" = p.r
    ORDER BY v."createdAt", v.id`);
}
