import { db } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { fitStableBeta, MIN_RUNS_FOR_FIT, spectrumFromAtLeast } from "../../analyses/stable-beta";
import { fitBetaBinomial, fitBinomial, stableBetaAsModel } from "../../analyses/frequency-models";

// §E.2: the stable-beta fit of a repeated configuration, from its stored "reported in at least n of k runs" counts
// of distinct findings (the curve rows written by scoring). Computed by the worker after scoring; pages read the row.

export const NO_FIT_REASONS = {
  single_run: "One run only: a frequency spectrum needs repeated runs.",
  no_findings: "No findings in any run.",
  too_few_runs: `Fewer than ${MIN_RUNS_FOR_FIT} runs: with 2 runs the stable-beta parameters are not identified (one share, two shape parameters), with 3 they reproduce the spectrum exactly (chi-squared 0, df 0), so the fit is neither determined nor testable. It is shown from ${MIN_RUNS_FOR_FIT} runs on (df >= 1).`,
} as const;

/** The spectrum K_1..K_k of a scored submission from its curve rows, or null for a single run. */
async function readFrequencySpectrum(submissionId: string): Promise<number[] | null> {
  const curve = await db.score.findMany({
    where: { submissionId, kind: "curve", scope: "overall" },
    select: { n: true, findings: true },
    orderBy: { n: "asc" },
  });
  if (curve.length < 2) return null;
  return spectrumFromAtLeast(curve.map((c) => c.findings));
}

export async function computeRepeatedRunFit(submissionId: string): Promise<void> {
  const spectrum = await readFrequencySpectrum(submissionId);
  const fit = spectrum ? fitStableBeta(spectrum) : null;
  const reason = !spectrum
    ? "single_run"
    : fit
      ? null
      : spectrum.length < MIN_RUNS_FOR_FIT
        ? "too_few_runs"
        : "no_findings";
  // Tables 22-23: the binomial and beta-binomial beside the stable-beta fit, each where it has a degree of freedom
  // left to test it (binomial from 3 runs, beta-binomial from 4).
  const models = spectrum
    ? [
        spectrum.length >= 3 ? fitBinomial(spectrum) : null,
        spectrum.length >= MIN_RUNS_FOR_FIT ? fitBetaBinomial(spectrum) : null,
        fit ? stableBetaAsModel(fit) : null,
      ].filter((m) => m !== null)
    : [];
  const data = {
    fit: fit ? (fit as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
    reason,
    models: models.length ? (models as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
  };
  await db.repeatedRunFit.upsert({ where: { submissionId }, create: { submissionId, ...data }, update: data });
}
