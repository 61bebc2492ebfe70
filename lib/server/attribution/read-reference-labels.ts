import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import { labellerKey, sameLabeller } from "../../attribution/labeller";
import { configuredLabeller } from "../../llm/attribution-classifier";
import type { benchmarkVersionListSchema } from "../../contracts/admin";

// The admin view of each version's reference labels: which classifier configuration this deployment labels with, and
// every configuration's run (progress, errors, spend) with how many reference bugs it has labelled.

type ReferenceLabels = z.input<typeof benchmarkVersionListSchema>["benchmarks"][number]["reference_labels"];

export async function readReferenceLabels(
  versions: { id: string; taxonomy: unknown }[],
  referenceTotals: Map<string, number>,
): Promise<Map<string, ReferenceLabels>> {
  const [runs, labelled] = await Promise.all([
    db.referenceAttributionRun.findMany({ orderBy: { createdAt: "desc" } }),
    db.$queryRaw<{ benchmarkId: string; model: string; promptHash: string; taxonomyHash: string; n: number }[]>`
      SELECT repo."benchmarkId", b.model, b."promptHash", b."taxonomyHash", count(*)::int AS n
      FROM "BugTypeAttribution" b
      JOIN "ReferenceBug" x ON x.id = b."subjectId"
      JOIN "Repository" repo ON repo.id = x."repositoryId"
      WHERE b."subjectKind" = 'reference' AND b.source = 'llm'
      GROUP BY 1, 2, 3, 4`,
  ]);
  const result = new Map<string, ReferenceLabels>();
  for (const v of versions) {
    const configured = v.taxonomy === null ? null : configuredLabeller(v.taxonomy);
    const current = configured?.ok ? configured.labeller : null;
    const jobs = runs
      .filter((r) => r.benchmarkId === v.id)
      .map((r) => ({
        id: r.id,
        labeller: labellerKey(r),
        model: r.model,
        prompt_version: r.promptVersion,
        configured: sameLabeller(r, current),
        status: r.status,
        progress: r.progress,
        error: r.error,
        total: referenceTotals.get(v.id) ?? 0,
        labelled: labelled.find((l) => l.benchmarkId === v.id && sameLabeller(l, r))?.n ?? 0,
        cached: r.cached,
        llm_calls: r.judgeCalls,
        cost_usd: r.costUsd,
        automatic: r.startedById === null,
        finished_at: r.finishedAt?.toISOString() ?? null,
      }));
    result.set(v.id, {
      configured: current ? labellerKey(current) : null,
      unavailable:
        configured === null ? "This version has no bug-type taxonomy." : configured.ok ? null : configured.message,
      jobs,
    });
  }
  return result;
}
