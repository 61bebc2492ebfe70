import "server-only";
import { db } from "../../db";
import { stableBetaFitSchema } from "../../contracts/analyses";
import { MIN_RUNS_FOR_FIT } from "../../analyses/stable-beta";
import { unionGrowth, type UnionGrowthRow } from "../../analyses/union-growth";
import type { SpectrumPoint } from "../../scoring/spectrum";

// Figure 9's union growth of a repeated entry: the stored accumulated union beside the stored stable-beta fit's
// expected union, projected to twice the observed runs where the fit is identified and tested (df >= 1).

export async function readUnionGrowth(
  submissionId: string,
  spectrum: readonly SpectrumPoint[],
): Promise<UnionGrowthRow[]> {
  if (spectrum.length < 2) return [];
  const row = await db.repeatedRunFit.findUnique({ where: { submissionId }, select: { fit: true } });
  const parsed = row?.fit ? stableBetaFitSchema.safeParse(row.fit) : null;
  const fit = parsed?.success && parsed.data.runs >= MIN_RUNS_FOR_FIT ? parsed.data : null;
  return unionGrowth(
    spectrum.map((p) => p.union_matched + p.union_unmatched),
    fit,
  );
}
