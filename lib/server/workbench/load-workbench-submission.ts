import { db } from "../../db";
import { BUG_TEXT_SELECT, RUNS_IN_ORDER, SUBMISSION_ACCESS_SELECT } from "../../db-selects";
import { AppError } from "../../errors";
import { findingPublicId, parseGeneratedFindingId } from "../../workbench/finding-ids";
import { canReadMatches, seesReferenceDetails } from "../../workbench/reference-visibility";
import { isStaff, type Viewer } from "../../auth/viewer";
import { bugTextFields } from "../../validation/common";

// Shared loading for the workbench reads: a submission the viewer may inspect, and findings and reference bugs by
// the ids people see (uploaded or generated finding ids, benchmark-file reference ids). Anything the viewer may not
// read is "not found", exactly like an unknown id, so ids cannot be probed.

export type WorkbenchSubmission = Awaited<ReturnType<typeof loadWorkbenchSubmission>>;

export async function loadWorkbenchSubmission(id: string, viewer: Viewer) {
  const submission = await db.submission.findUnique({
    where: { id },
    select: {
      ...SUBMISSION_ACCESS_SELECT,
      scoringProgress: true,
      scoringAttemptId: true,
      model: true,
      reasoningEffort: true,
      harness: true,
      source: true,
      benchmark: {
        select: {
          id: true,
          slug: true,
          version: true,
          referenceVisibility: true,
          repositories: { select: { id: true, name: true, language: true }, orderBy: { name: "asc" } },
        },
      },
      runs: RUNS_IN_ORDER,
    },
  });
  if (
    !submission ||
    submission.source === "reported" ||
    !canReadMatches(viewer, submission, submission.benchmark.referenceVisibility)
  ) {
    throw new AppError("not_found", "Submission not found");
  }
  return {
    ...submission,
    benchmarkKey: `${submission.benchmark.slug}@${submission.benchmark.version}`,
    detailsVisible: seesReferenceDetails(viewer, submission.benchmark.referenceVisibility),
    staff: isStaff(viewer),
  };
}

/** The run a `?run=` asks for (0-based; run 0 without it); 404 naming the runs there are. */
export function pickRun(submission: WorkbenchSubmission, run: number | undefined) {
  const index = run ?? 0;
  const found = submission.runs.find((r) => r.index === index);
  if (!found)
    throw new AppError(
      "not_found",
      `Run ${index} not found: this submission has ${submission.runs.length} run${submission.runs.length === 1 ? "" : "s"} (0-based)`,
    );
  return found;
}

/** The columns a finding and a reference bug share: location, text, labels and the row's keys. */
const reportSelect = {
  ...BUG_TEXT_SELECT,
  severity: true,
  suggestedFix: true,
  category: true,
  trigger: true,
  contentHash: true,
  repositoryId: true,
} as const;

const findingSelect = {
  id: true,
  ordinal: true,
  externalId: true,
  ...reportSelect,
  confidence: true,
  repository: { select: { name: true } },
  run: { select: { index: true } },
} as const;

/**
 * A finding by its shown id: an uploaded id (the first finding carrying it, in run order, when `run` is not given),
 * else a generated `r<run>-<index>`.
 */
export async function findFindingByPublicId(submission: WorkbenchSubmission, publicId: string, run?: number) {
  const runs = run === undefined ? submission.runs : submission.runs.filter((r) => r.index === run);
  const byUploadedId = await db.finding.findFirst({
    where: { runId: { in: runs.map((r) => r.id) }, externalId: publicId },
    orderBy: [{ run: { index: "asc" } }, { ordinal: "asc" }],
    select: findingSelect,
  });
  if (byUploadedId) return byUploadedId;
  const generated = parseGeneratedFindingId(publicId);
  const generatedRun = generated && runs.find((r) => r.index === generated.run);
  if (generated && generatedRun) {
    const row = await db.finding.findUnique({
      where: { runId_ordinal: { runId: generatedRun.id, ordinal: generated.ordinal } },
      select: findingSelect,
    });
    // A finding uploaded with an id is addressed by that id only.
    if (row && row.externalId === null) return row;
  }
  throw new AppError("not_found", `Finding ${publicId} not found in this submission`);
}

export type WorkbenchFinding = Awaited<ReturnType<typeof findFindingByPublicId>>;

export function findingRecord(f: WorkbenchFinding) {
  return {
    id: findingPublicId(f, f.run.index),
    run: f.run.index,
    repo: f.repository.name,
    ...bugTextFields(f),
    suggested_fix: f.suggestedFix,
    severity: f.severity,
    confidence: f.confidence,
    category: f.category,
    trigger: f.trigger,
  };
}

export const referenceSelect = {
  id: true,
  externalId: true,
  ...reportSelect,
  repository: { select: { name: true, language: true } },
} as const;

/** A reference bug of a benchmark version by its id in the benchmark file. */
export async function findReferenceBug(benchmarkId: string, externalId: string, repositoryName?: string) {
  const row = await db.referenceBug.findFirst({
    where: { externalId, repository: { benchmarkId, ...(repositoryName ? { name: repositoryName } : {}) } },
    select: referenceSelect,
  });
  if (!row)
    throw new AppError(
      "not_found",
      `Reference bug ${externalId} not found in this benchmark version${repositoryName ? ` and repository ${repositoryName}` : ""}`,
    );
  return row;
}

export type LoadedReference = Awaited<ReturnType<typeof findReferenceBug>>;

export function referenceRecord(r: LoadedReference) {
  return {
    id: r.externalId,
    repo: r.repository.name,
    ...bugTextFields(r),
    suggested_fix: r.suggestedFix,
    severity: r.severity,
    category: r.category,
    trigger: r.trigger,
  };
}
