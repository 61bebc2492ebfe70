import "server-only";
import { z } from "zod";
import type { repeatedRunsSchema } from "../../contracts/repeated-runs";
import { db } from "../../db";
import { shareReportedByAnotherRun } from "../../analyses/paper-figures";
import type { CheckedRunGroups } from "./subset-curves";

// §4.3 of a repeated entry: of each run's distinct findings, the share another run also reports, from the groups of
// all runs that Figure 9's subset curves read (rebuilt from the stored pair decisions and checked against the stored
// curve), beside the values the paper publishes for its repeated entries (stored with the reported import).

/** The `run_share` of GET /api/v1/submissions/{id}/runs, which the submission page shows too. */
export type RunShareView = NonNullable<z.input<typeof repeatedRunsSchema>["run_share"]>;

const publishedSchema = z.array(
  z.object({ model: z.string(), reasoning_effort: z.string().nullable(), runs: z.number().int(), share: z.number() }),
);

/** The published shares of the version's reported import (none before it, or from an import that predates them). */
async function readPublishedShares(benchmarkId: string): Promise<z.infer<typeof publishedSchema>> {
  const benchmark = await db.benchmark.findUnique({ where: { id: benchmarkId }, select: { taxonomy: true } });
  const raw = (benchmark?.taxonomy as { reported?: { repeated_shares?: unknown } } | null)?.reported?.repeated_shares;
  const parsed = publishedSchema.safeParse(raw ?? []);
  return parsed.success ? parsed.data : [];
}

/** Null for one run or an unscored submission (readRunGroups gives null). */
export async function readRunShare(
  submission: { benchmarkId: string; runs: readonly unknown[] },
  runGroups: Promise<CheckedRunGroups | null>,
): Promise<RunShareView | null> {
  const [checked, published] = await Promise.all([runGroups, readPublishedShares(submission.benchmarkId)]);
  if (checked === null) return null;
  const k = submission.runs.length;
  if ("reason" in checked)
    return { runs: k, per_run: [], mean: null, unavailable_reason: `Not computed: ${checked.reason}.`, published };
  const share = shareReportedByAnotherRun(checked.groups, k);
  return { runs: k, per_run: share.perRun, mean: share.mean, unavailable_reason: null, published };
}
