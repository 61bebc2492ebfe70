import "server-only";
import { type z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { PUBLIC_SUBMISSION } from "../public-reads/public-submission";
import { resolveBenchmark } from "../public-reads/list-public-benchmarks";
import { compareEntrySets, overlapPairs } from "../../workbench/compare-entries";
import { canReadMatches, seesReferenceDetails } from "../../workbench/reference-visibility";
import type { Viewer } from "../../auth/viewer";
import { type compareEntriesQuerySchema } from "../../contracts/workbench";

// Compare public entries of one benchmark version (docs/workbench.md): the overlap of every pair of public verified
// entries, and for the chosen ones the reference bugs each found that the others missed. Each entry counts its first
// run, as the leaderboard's overlap analyses do. Which reference bugs an entry matched is what its matches page shows,
// so the same rule applies: a version that hides its reference details answers this only to staff (404 otherwise,
// like an unknown version, so nothing is learnt from the answer).

export type CompareEntriesQuery = Omit<z.infer<typeof compareEntriesQuerySchema>, "format">;

export async function compareEntries(query: CompareEntriesQuery, viewer: Viewer) {
  const version = await resolveBenchmark(query.benchmark);
  const benchmark = await db.benchmark.findUniqueOrThrow({
    where: { id: version.id },
    select: { referenceVisibility: true },
  });
  // Every public entry is approved, so the matches rule reduces to the version's visibility and the viewer's role.
  if (!canReadMatches(viewer, { submitterId: null, reviewStatus: "approved" }, benchmark.referenceVisibility))
    throw new AppError("not_found", `Unknown benchmark version "${query.benchmark ?? version.key}"`);
  const detailsVisible = seesReferenceDetails(viewer, benchmark.referenceVisibility);

  const [submissions, refs] = await Promise.all([
    db.submission.findMany({
      where: { benchmarkId: version.id, ...PUBLIC_SUBMISSION, source: { not: "reported" } },
      orderBy: [{ model: "asc" }, { createdAt: "asc" }],
      select: {
        id: true,
        model: true,
        reasoningEffort: true,
        harness: true,
        scoringAttemptId: true,
        runs: { where: { index: 0 }, select: { id: true } },
      },
    }),
    db.referenceBug.findMany({
      where: { repository: { benchmarkId: version.id } },
      orderBy: [{ repository: { name: "asc" } }, { externalId: "asc" }],
      select: { id: true, externalId: true, title: true, repository: { select: { name: true } } },
    }),
  ]);
  const missing = query.entries.filter((id) => !submissions.some((s) => s.id === id));
  if (missing.length > 0)
    throw new AppError(
      "not_found",
      `Not a public verified entry of ${version.key}: ${missing.join(", ")}. Compare public entries of one version`,
    );

  // One query for every entry's first-run matches under its current scoring attempt.
  const firstRuns = submissions.flatMap((s) =>
    s.runs[0] ? [{ runId: s.runs[0].id, attemptId: s.scoringAttemptId }] : [],
  );
  const matches = firstRuns.length
    ? await db.match.findMany({
        where: { OR: firstRuns.map((r) => ({ attemptId: r.attemptId, finding: { runId: r.runId } })) },
        select: { referenceBugId: true, finding: { select: { runId: true } } },
        distinct: ["attemptId", "referenceBugId"],
      })
    : [];
  const byRun = new Map<string, Set<string>>();
  for (const m of matches) {
    const set = byRun.get(m.finding.runId) ?? new Set<string>();
    set.add(m.referenceBugId);
    byRun.set(m.finding.runId, set);
  }
  const found = submissions.map((s) => byRun.get(s.runs[0]?.id ?? "") ?? new Set<string>());

  // Reference bugs go out by their benchmark-file ids with their repository (an id is unique only within one), and
  // their titles only where the version shows reference details.
  const refById = new Map(refs.map((r) => [r.id, r]));
  const toPublic = (ids: string[]) =>
    ids.map((id) => {
      const r = refById.get(id)!;
      return { id: r.externalId, repo: r.repository.name, ...(detailsVisible ? { title: r.title } : {}) };
    });
  let selection = null;
  if (query.entries.length > 0) {
    const chosen = query.entries.map((id) => submissions.findIndex((s) => s.id === id));
    const split = compareEntrySets(
      refs.map((r) => r.id),
      chosen.map((i) => found[i]!),
    );
    selection = {
      entries: query.entries,
      found_by_all: toPublic(split.found_by_all),
      only: Object.fromEntries(query.entries.map((id, i) => [id, toPublic(split.only[i]!)])),
      found_by_none: toPublic(split.found_by_none),
    };
  }
  return {
    benchmark: version.key,
    reference_visibility: benchmark.referenceVisibility,
    details_visible: detailsVisible,
    reference_bugs: refs.length,
    entries: submissions.map((s, i) => ({
      id: s.id,
      model: s.model,
      reasoning_effort: s.reasoningEffort,
      harness: s.harness,
      found: found[i]!.size,
    })),
    overlap: overlapPairs(found).map((c) => ({
      a: submissions[c.a]!.id,
      b: submissions[c.b]!.id,
      both: c.both,
      jaccard: c.jaccard,
    })),
    selection,
  };
}

export type EntriesComparisonView = Awaited<ReturnType<typeof compareEntries>>;
