import "server-only";
import { z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { cutoffPosition, type CutoffPosition } from "../../analyses/fix-rank";
import {
  holmExclusionReason,
  isFullBenchmarkConfiguration,
  MIN_MATCHED_FOR_POWER,
  partialFamilyNote,
} from "../../analyses/holm-family";
import {
  summariseContamination,
  type ContaminationSummary,
  type FixRankRun,
} from "../../analyses/contamination-summary";
import {
  cdfPointSchema,
  frequencyModelSchema,
  stableBetaFitSchema,
  type FixRankRunView,
  type SubmissionAnalyses,
} from "../../contracts/analyses";
import { reportedFixRankSchema, reportedFrequencyModelSchema } from "../../validation/reported-file";
import { canViewSubmission, type Viewer } from "../../auth/viewer";
import { NO_TEST_REASONS, type NoTestReason } from "./fix-rank-tests";
import { NO_FIT_REASONS } from "./repeated-run-fit";
import { MIN_RUNS_FOR_FIT } from "../../analyses/stable-beta";

// Reading the stored analyses (§C.4 fix-rank tests, §E.2 stable-beta fit) for the leaderboard, the submission page,
// the API and the CSV. Only stored rows are read: nothing is computed per view.

// The answer's shape lives with the API contract (lib/contracts/analyses.ts); stored rows are parsed with its parts.
export type { SubmissionAnalyses } from "../../contracts/analyses";

/** The earliest and latest fix of the version's reference bugs; null without fix dates. */
async function readReferenceWindow(benchmarkId: string): Promise<{ from: Date; to: Date } | null> {
  const { _min, _max } = await db.referenceBug.aggregate({
    where: { repository: { benchmarkId } },
    _min: { fixedAt: true },
    _max: { fixedAt: true },
  });
  return _min.fixedAt && _max.fixedAt ? { from: _min.fixedAt, to: _max.fixedAt } : null;
}

function positionOf(cutoff: string | null, window: { from: Date; to: Date } | null): CutoffPosition {
  return cutoffPosition(cutoff, window ? { from: window.from.getTime(), to: window.to.getTime() } : null);
}

type StoredTest = {
  runIndex: number;
  matched: number;
  d: number | null;
  at: number | null;
  p: number | null;
  pHolm: number | null;
  holmFamily: number | null;
  holmKnown: number | null;
  reason: string | null;
  permutations: number;
  seed: number;
  cdf: unknown;
};

/** Whether the run's entry is in Holm's family (approved, full harness); null where that is not known here. */
type FamilyContext = { approved: boolean; fullBenchmark: boolean } | null;

function runViewOf(t: StoredTest, withCdf: boolean, family: FamilyContext = null): FixRankRunView {
  return {
    run: t.runIndex + 1,
    matched: t.matched,
    d: t.d,
    at: t.at,
    p: t.p,
    p_holm: t.pHolm,
    holm_family: t.holmFamily,
    holm_known: t.holmKnown,
    holm_note:
      partialFamilyNote(t.holmFamily, t.holmKnown) ??
      (family ? holmExclusionReason({ p: t.p, pHolm: t.pHolm, ...family }) : null),
    low_power: t.p !== null && t.matched < MIN_MATCHED_FOR_POWER,
    permutations: t.permutations,
    seed: t.seed,
    no_test_reason: t.reason ? (NO_TEST_REASONS[t.reason as NoTestReason] ?? t.reason) : null,
    cdf: withCdf ? z.array(cdfPointSchema).catch([]).parse(t.cdf) : [],
  };
}

function reportedRunsOf(reportedData: unknown): FixRankRunView[] {
  const rows = z
    .array(reportedFixRankSchema)
    .catch([])
    .parse((reportedData as { fix_rank?: unknown } | null)?.fix_rank ?? []);
  return rows.map((r) => ({
    run: r.run,
    matched: r.matched,
    d: r.d,
    at: null,
    p: r.p,
    p_holm: r.p_holm,
    holm_family: r.holm_family ?? null,
    holm_known: null,
    holm_note: null,
    low_power: r.matched < MIN_MATCHED_FOR_POWER,
    permutations: null,
    seed: null,
    no_test_reason: null,
    cdf: [],
  }));
}

export const reportedCutoffOf = (reportedData: unknown) => {
  const data = (reportedData ?? {}) as { knowledge_cutoff?: unknown; knowledge_cutoff_note?: unknown };
  return {
    cutoff: typeof data.knowledge_cutoff === "string" ? data.knowledge_cutoff : null,
    note: typeof data.knowledge_cutoff_note === "string" ? data.knowledge_cutoff_note : null,
  };
};

const testSelect = {
  matched: true,
  d: true,
  at: true,
  p: true,
  pHolm: true,
  holmFamily: true,
  holmKnown: true,
  reason: true,
  permutations: true,
  seed: true,
  run: { select: { index: true, submissionId: true } },
} as const;

/** The leaderboard's contamination cell of each entry, from stored tests (verified) or Table 16 (reported). */
export async function readContaminationSummaries(
  benchmarkId: string,
  submissions: { id: string; source: string; knowledgeCutoff: string | null; reportedData: unknown }[],
): Promise<Map<string, ContaminationSummary | null>> {
  const window = await readReferenceWindow(benchmarkId);
  const verified = submissions.filter((s) => s.source !== "reported").map((s) => s.id);
  const tests = verified.length
    ? await db.fixRankTest.findMany({ where: { submissionId: { in: verified } }, select: testSelect })
    : [];
  const bySubmission = new Map<string, FixRankRun[]>();
  for (const t of tests.sort((a, b) => a.run.index - b.run.index)) {
    const list = bySubmission.get(t.run.submissionId) ?? [];
    list.push(runViewOf({ ...t, runIndex: t.run.index, cdf: null }, false));
    bySubmission.set(t.run.submissionId, list);
  }
  return new Map(
    submissions.map((s) => {
      if (s.source === "reported") {
        const { cutoff } = reportedCutoffOf(s.reportedData);
        return [
          s.id,
          summariseContamination(reportedRunsOf(s.reportedData), {
            source: "reported",
            knowledgeCutoff: cutoff,
            cutoffPosition: positionOf(cutoff, window),
          }),
        ];
      }
      return [
        s.id,
        summariseContamination(bySubmission.get(s.id) ?? [], {
          source: "computed",
          knowledgeCutoff: s.knowledgeCutoff,
          cutoffPosition: positionOf(s.knowledgeCutoff, window),
        }),
      ];
    }),
  );
}

/** Tables 22-23 as published for a reported repeated configuration; null where the paper gives none. */
function reportedRepeatedOf(reportedData: unknown): SubmissionAnalyses["repeated"] {
  const data = (reportedData ?? {}) as { frequency_models?: unknown; distinct_findings?: unknown; runs?: unknown };
  const rows = z
    .array(reportedFrequencyModelSchema)
    .catch([])
    .parse(data.frequency_models ?? []);
  if (rows.length === 0) return null;
  return {
    source: "reported",
    fit: null,
    no_fit_reason: null,
    distinct: typeof data.distinct_findings === "number" ? data.distinct_findings : null,
    runs: typeof data.runs === "number" ? data.runs : null,
    models: rows.map((r) => ({
      model: r.model,
      k: r.k,
      parameters: r.parameters.map((x) => ({ name: x.name, value: x.value, se: null, atBound: x.at_bound })),
      poolSize: r.pool_size,
      poolInfinite: r.pool_infinite,
      expected: [],
      logLikelihood: null,
      chiSquared: r.chi_squared,
      degreesOfFreedom: r.df,
      p: r.p,
      pBelow: r.p_below,
      effectSize: r.effect_size,
    })),
  };
}

/** Everything the submission page's analyses section and GET /api/v1/submissions/{id}/analyses show. */
export async function readSubmissionAnalyses(submissionId: string, viewer: Viewer): Promise<SubmissionAnalyses> {
  const submission = await db.submission.findUnique({
    where: { id: submissionId },
    select: {
      submitterId: true,
      reviewStatus: true,
      benchmarkId: true,
      source: true,
      harness: true,
      knowledgeCutoff: true,
      reportedData: true,
      _count: { select: { runs: true } },
      repeatedRunFit: true,
    },
  });
  // Someone who may not see the submission learns nothing, not even that it exists.
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  const window = await readReferenceWindow(submission.benchmarkId);
  const reference_window = window ? { from: window.from.toISOString(), to: window.to.toISOString() } : null;
  if (submission.source === "reported") {
    const { cutoff, note } = reportedCutoffOf(submission.reportedData);
    return {
      contamination: {
        source: "reported",
        knowledge_cutoff: cutoff,
        knowledge_cutoff_note: note,
        reference_window,
        cutoff_position: positionOf(cutoff, window),
        runs: reportedRunsOf(submission.reportedData),
      },
      repeated: reportedRepeatedOf(submission.reportedData),
    };
  }
  const tests = await db.fixRankTest.findMany({ where: { submissionId }, select: { ...testSelect, cdf: true } });
  const fitRow = submission.repeatedRunFit;
  const parsed = fitRow?.fit ? stableBetaFitSchema.safeParse(fitRow.fit) : null;
  // A fit stored before fits needed df >= 1 is not shown; the reason says why.
  const fit = parsed?.success && parsed.data.runs >= MIN_RUNS_FOR_FIT ? parsed.data : null;
  const fitReason =
    parsed?.success && !fit ? "too_few_runs" : (fitRow?.reason as keyof typeof NO_FIT_REASONS | null | undefined);
  return {
    contamination: {
      source: "computed",
      knowledge_cutoff: submission.knowledgeCutoff,
      knowledge_cutoff_note: null,
      reference_window,
      cutoff_position: positionOf(submission.knowledgeCutoff, window),
      runs: tests
        .sort((a, b) => a.run.index - b.run.index)
        .map((t) =>
          runViewOf({ ...t, runIndex: t.run.index }, true, {
            approved: submission.reviewStatus === "approved",
            fullBenchmark: isFullBenchmarkConfiguration({ source: submission.source, harness: submission.harness }),
          }),
        ),
    },
    repeated:
      submission._count.runs > 1 && fitRow
        ? {
            source: "computed",
            fit,
            no_fit_reason: fitReason ? (NO_FIT_REASONS[fitReason] ?? fitReason) : null,
            models: z
              .array(frequencyModelSchema)
              .catch([])
              .parse(fitRow.models ?? []),
            distinct: fit?.distinct ?? null,
            runs: submission._count.runs,
          }
        : null,
  };
}
