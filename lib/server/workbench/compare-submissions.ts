import "server-only";
import { type z } from "zod";
import { db } from "../../db";
import { PUBLIC_SUBMISSION } from "../public-reads/public-submission";
import { AppError } from "../../errors";
import { compareMatched } from "../../workbench/compare-submissions";
import type { Viewer } from "../../auth/viewer";
import { loadWorkbenchSubmission, pickRun } from "./load-workbench-submission";
import { type compareQuerySchema } from "../../contracts/workbench";

// Compare two submissions on one repository (docs/workbench.md): the reference bugs both found, only one found, and neither,
// for one run of each (run 0 unless chosen). Each submission must be readable by the viewer, as for its matches.

export type CompareQuery = z.infer<typeof compareQuerySchema>;

async function matchedReferenceIds(
  submission: Awaited<ReturnType<typeof loadWorkbenchSubmission>>,
  runId: string,
  repositoryId: string,
): Promise<Set<string>> {
  if (submission.scoringStatus !== "scored") return new Set();
  const rows = await db.match.findMany({
    where: { attemptId: submission.scoringAttemptId, finding: { runId, repositoryId } },
    select: { referenceBug: { select: { externalId: true } } },
    distinct: ["referenceBugId"],
  });
  return new Set(rows.map((r) => r.referenceBug.externalId));
}

export async function compareSubmissions(query: Omit<CompareQuery, "format">, viewer: Viewer) {
  const [a, b] = await Promise.all([
    loadWorkbenchSubmission(query.a, viewer),
    loadWorkbenchSubmission(query.b, viewer),
  ]);
  if (a.benchmark.id !== b.benchmark.id)
    throw new AppError(
      "invalid_input",
      `The two submissions are on different benchmark versions (${a.benchmarkKey} and ${b.benchmarkKey}); compare within one version`,
    );
  const repository = a.benchmark.repositories.find((r) => r.name === query.repo);
  if (!repository) throw new AppError("not_found", `Repository ${query.repo} is not part of ${a.benchmarkKey}`);
  const runA = pickRun(a, query.run_a);
  const runB = pickRun(b, query.run_b);
  const visible = a.detailsVisible;
  const [refs, matchedA, matchedB] = await Promise.all([
    db.referenceBug.findMany({
      where: { repositoryId: repository.id },
      orderBy: { externalId: "asc" },
      select: { externalId: true, title: true, severity: true },
    }),
    matchedReferenceIds(a, runA.id, repository.id),
    matchedReferenceIds(b, runB.id, repository.id),
  ]);
  const side = (s: typeof a, run: number) => ({
    id: s.id,
    model: s.model,
    reasoning_effort: s.reasoningEffort,
    harness: s.harness,
    run,
    status: s.scoringStatus,
  });
  return {
    benchmark: a.benchmarkKey,
    repo: repository.name,
    reference_visibility: a.benchmark.referenceVisibility,
    details_visible: visible,
    a: side(a, runA.index),
    b: side(b, runB.index),
    ...compareMatched(
      refs.map((r) => r.externalId),
      matchedA,
      matchedB,
    ),
    titles: visible ? Object.fromEntries(refs.map((r) => [r.externalId, r.title])) : {},
  };
}

export type SubmissionComparison = Awaited<ReturnType<typeof compareSubmissions>>;

/** Approved submissions of a benchmark version to compare with (newest first, at most 200), for the compare form. */
export async function listComparableSubmissions(benchmarkKey: string, excludeId: string) {
  const [slug, version] = benchmarkKey.split("@", 2) as [string, string];
  const rows = await db.submission.findMany({
    where: { benchmark: { slug, version }, ...PUBLIC_SUBMISSION, source: { not: "reported" }, id: { not: excludeId } },
    orderBy: { createdAt: "desc" },
    take: 200,
    select: { id: true, model: true, reasoningEffort: true, harness: true },
  });
  return rows.map((r) => ({ id: r.id, label: [r.model, r.reasoningEffort, r.harness].filter(Boolean).join(" · ") }));
}
