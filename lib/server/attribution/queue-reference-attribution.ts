import { z } from "zod";
import { Prisma } from "../../generated/prisma/client";
import { db } from "../../db";
import { AppError, parseOrThrow } from "../../errors";
import { parseBenchmarkRef } from "../../validation/benchmark-ref";
import { labellerKey, type Labeller } from "../../attribution/labeller";
import { readTaxonomy } from "../../attribution/taxonomy";
import { configuredLabeller } from "../../llm/attribution-classifier";
import { enqueuePanelAttribution } from "../../queue/panel-attribution-queues";
import { recordAuditLog } from "../audit-log/record-audit-log";
import type { startedReferenceAttributionSchema } from "../../contracts/admin";

// Labelling a benchmark version's reference bugs with one classifier configuration (paper F.7.3), once per version
// and configuration: queued by the first attribution of a submission whose configuration's reference labels are
// missing (the worker calls queueMissingReferenceLabels), or by an admin (startReferenceAttribution). The row is written
// first, with a status guard, so two submissions attributed at once queue one job; then the job is queued with the
// row's id. Not server-only: the worker queues through the same functions.

/** Reference bugs of the version, and how many of them `labeller` labelled. */
async function countReferenceLabels(
  benchmarkId: string,
  labeller: Labeller,
): Promise<{ total: number; labelled: number }> {
  const [total, rows] = await Promise.all([
    db.referenceBug.count({ where: { repository: { benchmarkId } } }),
    db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "BugTypeAttribution" b
      JOIN "ReferenceBug" x ON x.id = b."subjectId"
      JOIN "Repository" repo ON repo.id = x."repositoryId" AND repo."benchmarkId" = ${benchmarkId}
      WHERE b."subjectKind" = 'reference' AND b.source = 'llm' AND b.model = ${labeller.model}
        AND b."promptHash" = ${labeller.promptHash} AND b."taxonomyHash" = ${labeller.taxonomyHash}`,
  ]);
  return { total, labelled: rows[0]?.n ?? 0 };
}

/**
 * Creates the run of (version, configuration), or queues a finished or failed one again; null when one is already
 * queued or running. The status guard makes concurrent callers queue it once.
 */
async function queueRun(benchmarkId: string, labeller: Labeller, actorId: string | null) {
  const key = { benchmarkId, ...labeller };
  try {
    return await db.referenceAttributionRun.create({ data: { ...key, startedById: actorId } });
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
  const { count } = await db.referenceAttributionRun.updateMany({
    where: { ...key, status: { in: ["done", "failed"] } },
    data: { status: "queued", progress: 0, error: null, finishedAt: null, startedById: actorId },
  });
  return count === 1 ? db.referenceAttributionRun.findUniqueOrThrow({ where: { benchmarkConfiguration: key } }) : null;
}

/** From a submission's attribution: queue the reference labels of its configuration when some are missing. */
export async function queueMissingReferenceLabels(benchmarkId: string, labeller: Labeller): Promise<boolean> {
  const { total, labelled } = await countReferenceLabels(benchmarkId, labeller);
  if (total === 0 || labelled >= total) return false;
  const run = await queueRun(benchmarkId, labeller, null);
  if (!run) return false;
  await enqueuePanelAttribution("reference-attribution", run.id, run.updatedAt.getTime());
  return true;
}

export type StartedReferenceAttribution = z.input<typeof startedReferenceAttributionSchema>;

/**
 * POST /api/v1/admin/benchmarks/{key}/reference-attribution: labels the version's reference bugs with the configured
 * classifier, or again (a rerun asks only for what is missing). 503 without an LLM; 409 while one runs or when the
 * version has no taxonomy or no reference bugs.
 */
export async function startReferenceAttribution(
  actorId: string,
  ref: string,
  body: unknown,
): Promise<StartedReferenceAttribution> {
  parseOrThrow(z.object({}).strict(), body ?? {}, "The reference attribution request");
  const { slug, version } = parseBenchmarkRef(ref);
  if (!version) throw new AppError("invalid_input", "Name the version exactly: slug@version");
  const benchmark = await db.benchmark.findUnique({
    where: { slug_version: { slug, version } },
    select: { id: true, taxonomy: true },
  });
  if (!benchmark) throw new AppError("not_found", `Unknown benchmark version "${ref}"`);
  if (!readTaxonomy(benchmark.taxonomy))
    throw new AppError("conflict", `${slug}@${version} has no bug-type taxonomy to classify against.`);
  const configured = configuredLabeller(benchmark.taxonomy);
  if (!configured.ok) throw new AppError("unavailable", configured.message);
  const { total } = await countReferenceLabels(benchmark.id, configured.labeller);
  if (total === 0) throw new AppError("conflict", `${slug}@${version} stores no reference bugs to classify.`);
  const run = await queueRun(benchmark.id, configured.labeller, actorId);
  if (!run)
    throw new AppError("conflict", "The reference bugs of this version are already being classified by this labeller.");
  await recordAuditLog(db, {
    actorId,
    action: "benchmark.reference_attribution_start",
    target: `benchmark:${benchmark.id}`,
    reason: null,
    details: { benchmark: `${slug}@${version}`, labeller: labellerKey(configured.labeller) },
  });
  await enqueuePanelAttribution("reference-attribution", run.id, run.updatedAt.getTime());
  return {
    id: run.id,
    benchmark: `${slug}@${version}`,
    status: "queued",
    labeller: labellerKey(configured.labeller),
    model: run.model,
    reference_bugs: total,
  };
}
