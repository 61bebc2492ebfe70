import { z } from "zod";
import { db } from "../../db";
import {
  DEFAULT_PERMUTATION_SEED,
  DEFAULT_PERMUTATIONS,
  fixRankPermutationTest,
  normaliseFixRanks,
  type FixRanks,
} from "../../analyses/fix-rank";
import { adjustHolmFamily, isFullBenchmarkConfiguration, type HolmCandidate } from "../../analyses/holm-family";
import { reportedFixRankSchema } from "../../validation/reported-file";

// Storing §C.4's fix-rank tests: the worker computes each run's test after scoring (and for every run of a version
// when its fix dates are imported); Holm's adjustment is recomputed over the version's family (lib/analyses/
// holm-family.ts) whenever it changes (approval, rejection, withdrawal, rescoring). Pages only read the rows.

/** Why a run has no test, shown beside it. */
export const NO_TEST_REASONS = {
  no_fix_dates: "The benchmark version has no fix dates for its reference bugs, so fix ranks cannot be computed.",
  no_matched: "No matched reference bug has a fix date: there is nothing to rank.",
  // Rows written before small runs were tested; the next rescoring or fix-dates import tests them.
  too_few_matched: "Fewer than 20 matched reference bugs with a fix date; not tested when this row was computed.",
} as const;
export type NoTestReason = keyof typeof NO_TEST_REASONS;

async function loadFixRanks(benchmarkId: string): Promise<{ ranks: FixRanks; dated: number }> {
  const bugs = await db.referenceBug.findMany({
    where: { repository: { benchmarkId }, fixedAt: { not: null } },
    select: { id: true, fixedAt: true, repository: { select: { name: true } } },
  });
  return {
    ranks: normaliseFixRanks(bugs.map((b) => ({ id: b.id, repo: b.repository.name, fixedAt: b.fixedAt!.getTime() }))),
    dated: bugs.length,
  };
}

/** Matched reference bugs per run of the submission's current scoring attempt. */
async function matchedByRun(submissionId: string): Promise<Map<string, Set<string>>> {
  const rows = await db.$queryRaw<{ runId: string; referenceBugId: string }[]>`
    SELECT DISTINCT f."runId", m."referenceBugId"
      FROM "Match" m
      JOIN "Finding" f ON f.id = m."findingId"
      JOIN "Run" r ON r.id = f."runId"
      JOIN "Submission" s ON s.id = r."submissionId"
     WHERE r."submissionId" = ${submissionId} AND m."attemptId" = s."scoringAttemptId"`;
  const byRun = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = byRun.get(row.runId) ?? new Set<string>();
    set.add(row.referenceBugId);
    byRun.set(row.runId, set);
  }
  return byRun;
}

/**
 * Computes and stores the test of every run of a scored submission (one row per run, replaced in place), then
 * refreshes Holm's adjustment of its benchmark version. Returns the milliseconds the permutations took.
 */
export async function computeFixRankTests(
  submissionId: string,
  options: { permutations?: number; seed?: number; ranks?: { ranks: FixRanks; dated: number } } = {},
): Promise<{ runs: number; ms: number }> {
  const submission = await db.submission.findUnique({
    where: { id: submissionId },
    select: { benchmarkId: true, scoringStatus: true, source: true, runs: { select: { id: true } } },
  });
  if (!submission || submission.scoringStatus !== "scored" || submission.source === "reported")
    return { runs: 0, ms: 0 };
  const permutations = options.permutations ?? DEFAULT_PERMUTATIONS;
  const seed = options.seed ?? DEFAULT_PERMUTATION_SEED;
  const { ranks, dated } = options.ranks ?? (await loadFixRanks(submission.benchmarkId));
  const matched = await matchedByRun(submissionId);
  const datedIds = new Set([...ranks.values()].flatMap((r) => r.ids));
  const started = Date.now();
  const rows = [];
  for (const run of submission.runs) {
    const ids = new Set([...(matched.get(run.id) ?? [])].filter((id) => datedIds.has(id)));
    const base = { runId: run.id, submissionId, matched: ids.size, permutations, seed };
    if (dated === 0)
      rows.push({ ...base, reason: "no_fix_dates" as NoTestReason, d: null, at: null, p: null, cdf: [] });
    // §C.4 tests every run: a small one is tested too (and flagged as lacking power when it is read).
    else if (ids.size === 0)
      rows.push({ ...base, reason: "no_matched" as NoTestReason, d: null, at: null, p: null, cdf: [] });
    else {
      const test = fixRankPermutationTest(ranks, ids, { permutations, seed });
      rows.push({ ...base, reason: null, d: test.d, at: test.at, p: test.p, cdf: test.cdf });
    }
    // A run takes a few hundred milliseconds of CPU: let the worker's lock renewals and heartbeat run in between.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const ms = Date.now() - started;
  await db.$transaction(
    rows.map((row) =>
      db.fixRankTest.upsert({
        where: { runId: row.runId },
        create: { ...row, pHolm: null, holmFamily: null, holmKnown: null },
        update: { ...row, pHolm: null, holmFamily: null, holmKnown: null },
      }),
    ),
  );
  await db.$executeRaw`UPDATE "Submission" SET "updatedAt" = now() AT TIME ZONE 'UTC' WHERE id = ${submissionId}`;
  await refreshHolm(submission.benchmarkId);
  return { runs: rows.length, ms };
}

/**
 * Holm across the version's family (Table 16 adjusts for all 27 tests of the paper): every tested run of its approved
 * full-harness configurations, plus the published p-values of its reported full-benchmark rows. Runs outside the
 * family carry no adjusted p. Serialised per version with an advisory lock, so two approvals at once cannot write
 * adjustments of two different families.
 */
export async function refreshHolm(benchmarkId: string): Promise<{ family: number }> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`fix-rank-holm:${benchmarkId}`}))`;
    const tests = await tx.fixRankTest.findMany({
      where: { submission: { benchmarkId } },
      select: {
        id: true,
        submissionId: true,
        p: true,
        pHolm: true,
        holmFamily: true,
        holmKnown: true,
        submission: { select: { reviewStatus: true, source: true, harness: true } },
      },
      orderBy: { id: "asc" },
    });
    const reported = await tx.submission.findMany({
      where: { benchmarkId, source: "reported", reviewStatus: "approved" },
      select: { id: true, harness: true, reportedData: true },
    });
    const candidates: HolmCandidate[] = tests
      .filter((t) => t.submission.source !== "reported")
      .map((t) => ({
        key: t.id,
        p: t.p,
        approved: t.submission.reviewStatus === "approved",
        fullBenchmark: isFullBenchmarkConfiguration({ source: t.submission.source, harness: t.submission.harness }),
      }));
    for (const s of reported) {
      const data = (s.reportedData ?? {}) as { subset?: unknown; fix_rank?: unknown };
      const rows = z
        .array(reportedFixRankSchema)
        .catch([])
        .parse(data.fix_rank ?? []);
      const fullBenchmark = isFullBenchmarkConfiguration({
        source: "reported",
        harness: s.harness,
        subset: typeof data.subset === "string" ? data.subset : "full",
      });
      rows.forEach((r, i) =>
        candidates.push({
          key: `reported:${s.id}:${i}`,
          p: r.p,
          approved: true,
          fullBenchmark,
          ...(r.holm_family !== undefined ? { publishedFamily: r.holm_family } : {}),
        }),
      );
    }
    const { adjusted, family, known } = adjustHolmFamily(candidates);
    const changed = new Set<string>();
    for (const test of tests) {
      const pHolm = adjusted.get(test.id) ?? null;
      const holmFamily = pHolm === null ? null : family;
      const holmKnown = pHolm === null ? null : known;
      if (test.pHolm !== pHolm || test.holmFamily !== holmFamily || test.holmKnown !== holmKnown) {
        await tx.fixRankTest.update({ where: { id: test.id }, data: { pHolm, holmFamily, holmKnown } });
        changed.add(test.submissionId);
      }
    }
    // Public pages cache by the version's stamp (latest submission update): a changed adjustment must move it.
    if (changed.size > 0)
      await tx.$executeRaw`UPDATE "Submission" SET "updatedAt" = now() AT TIME ZONE 'UTC' WHERE id = ANY(${[...changed]}::text[])`;
    return { family };
  });
}

/** Recomputes every scored run of a version (after its fix dates were imported). */
export async function computeFixRankTestsOfBenchmark(
  benchmarkId: string,
): Promise<{ submissions: number; ms: number }> {
  const ranks = await loadFixRanks(benchmarkId);
  const submissions = await db.submission.findMany({
    where: { benchmarkId, scoringStatus: "scored", source: { not: "reported" } },
    select: { id: true },
  });
  let ms = 0;
  for (const s of submissions) ms += (await computeFixRankTests(s.id, { ranks })).ms;
  return { submissions: submissions.length, ms };
}
