import "server-only";
import { db } from "../../db";
import { headlineValidity, validityCounts } from "../../panel/verdicts";
import type { PanelValidity } from "../../leaderboard/types";

/** Validity of each submission's finished panel (verdict counts of its sample), for the leaderboard. */
export async function readPanelValidities(submissionIds: string[]): Promise<Map<string, PanelValidity>> {
  const out = new Map<string, PanelValidity>();
  if (submissionIds.length === 0) return out;
  const runs = await db.panelRun.findMany({
    where: { submissionId: { in: submissionIds }, status: "done" },
    select: { id: true, submissionId: true },
  });
  if (runs.length === 0) return out;
  const counts = await db.panelSample.groupBy({
    by: ["panelRunId", "verdict", "repositoryRead"],
    where: { panelRunId: { in: runs.map((r) => r.id) } },
    _count: { _all: true },
  });
  const graded = await db.panelSample.groupBy({
    by: ["panelRunId"],
    where: { panelRunId: { in: runs.map((r) => r.id) }, grades: { some: {} } },
    _count: { _all: true },
  });
  for (const run of runs) {
    const mine = counts.filter((c) => c.panelRunId === run.id);
    const countsOf = (read: boolean) => {
      const part = mine.filter((c) => c.repositoryRead === read);
      const n = (verdict: string) =>
        part.filter((c) => c.verdict === verdict).reduce((sum, c) => sum + c._count._all, 0);
      return validityCounts(
        n("confirmed"),
        n("rejected"),
        n("abstained"),
        part.reduce((sum, c) => sum + c._count._all, 0),
      );
    };
    const { headline: v, basis, textOnly, checkedShare, whole } = headlineValidity(countsOf(true), countsOf(false));
    out.set(run.submissionId, {
      confirmed: v.confirmed,
      rejected: v.rejected,
      abstained: v.abstained,
      validity: v.validity,
      interval: v.validity_interval,
      basis,
      textOnly: countsOf(false).sampled,
      textOnlyValidity: textOnly?.validity ?? null,
      textOnlyInterval: textOnly?.validity_interval ?? null,
      checkedShare,
      wholeValidity: whole?.validity ?? null,
      wholeInterval: whole?.validity_interval ?? null,
      graded: graded.find((g) => g.panelRunId === run.id)?._count._all ?? 0,
      sampled: mine.reduce((sum, c) => sum + c._count._all, 0),
    });
  }
  return out;
}
