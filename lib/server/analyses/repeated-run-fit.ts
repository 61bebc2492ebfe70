import { db } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { fitStableBeta, spectrumFromAtLeast } from "../../analyses/stable-beta";

// §E.2: the stable-beta fit of a repeated configuration, from its stored "reported in at least n of k runs" counts
// of distinct findings (the curve rows written by scoring). Computed by the worker after scoring; pages read the row.

export const NO_FIT_REASONS = {
  single_run: "One run only: a frequency spectrum needs repeated runs.",
  no_findings: "No findings in any run.",
} as const;

/** The spectrum K_1..K_k of a scored submission from its curve rows, or null for a single run. */
export async function readFrequencySpectrum(submissionId: string): Promise<number[] | null> {
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
  const reason = !spectrum ? "single_run" : fit ? null : "no_findings";
  const data = { fit: fit ? (fit as unknown as Prisma.InputJsonValue) : Prisma.DbNull, reason };
  await db.repeatedRunFit.upsert({ where: { submissionId }, create: { submissionId, ...data }, update: data });
}
