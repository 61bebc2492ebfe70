import { db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";
import { insertRows } from "../bulk-insert/insert-rows";

// The judge's verdict cache in the database (worker/shared/judge/verdict-cache.ts keys it and decides what to ask): an
// exact probe per (left text, right text, config) key of one judge, and the store of decided verdicts.

export type VerdictKey = { leftHash: string; rightHash: string; configHash: string };
export type CachedVerdict = { id: string; l: string; r: string; c: string; match: boolean };

/** The stored verdicts of `keys` for this judge model and prompt version, at most one per key, in one query. */
export function probeVerdicts(
  keys: readonly VerdictKey[],
  judge: { model: string; promptVersion: string },
): Promise<CachedVerdict[]> {
  // One index probe per requested key (LATERAL ... LIMIT 1). As a plain join, a table filled faster than autovacuum
  // analyses it was planned as a nested loop over a sequential scan: 2,000 keys x 42,000 verdicts took 30 s a query
  // in bench:score, while the probes take ~15 ms.
  return db.$queryRaw<CachedVerdict[]>`
      SELECT v.id, w.l, w.r, w.c, v.match
      FROM unnest(${keys.map((r) => r.leftHash)}::text[], ${keys.map((r) => r.rightHash)}::text[], ${keys.map((r) => r.configHash)}::text[]) AS w(l, r, c)
      CROSS JOIN LATERAL (
        SELECT id, match FROM "JudgeVerdict"
        WHERE "leftHash" = w.l AND "rightHash" = w.r AND "judgeModel" = ${judge.model} AND "promptVersion" = ${judge.promptVersion} AND "configHash" = w.c
        LIMIT 1
      ) v`;
}

/** Stores decided verdicts; a verdict another worker stored meanwhile wins (the pair is decided once). */
export async function insertVerdicts(rows: Prisma.JudgeVerdictCreateManyInput[]): Promise<void> {
  await insertRows(
    db,
    "JudgeVerdict",
    {
      leftHash: "text",
      rightHash: "text",
      judgeModel: "text",
      promptVersion: "text",
      configHash: "text",
      match: "bool",
      rationale: "text",
      offline: "bool",
      inputTokens: "int4",
      outputTokens: "int4",
    },
    rows,
    { onConflictDoNothing: true },
  );
}
