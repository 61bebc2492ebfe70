import { db } from "../../db";
import { BUG_TEXT_SELECT } from "../../db-selects";
import type { PanelSample, Prisma, Severity } from "../../generated/prisma/client";
import type { TierReview } from "../../panel/verdicts";

// What the panel's worker reads and writes (paper 2.3, C.3, F.6): its run, the submission's findings it samples from,
// the sample rows, each judge's review and each finding's final verdict.

/** The panel's row with the state of its submission's scoring. */
export function readPanelRun(panelRunId: string) {
  return db.panelRun.findUniqueOrThrow({
    where: { id: panelRunId },
    include: { submission: { select: { id: true, scoringStatus: true, scoringAttemptId: true } } },
  });
}

/** Whether the panel still runs (a sandbox of a panel that does not is an orphan); false for a deleted panel. */
export async function isPanelRunning(panelRunId: string): Promise<boolean> {
  const run = await db.panelRun.findUnique({ where: { id: panelRunId }, select: { status: true } });
  return run?.status === "running";
}

/** Every finding of the submission, with what a judge reads of it and what the sample draws by. */
export function listFindingsToSample(submissionId: string) {
  return db.finding.findMany({
    where: { run: { submissionId } },
    select: {
      id: true,
      ordinal: true,
      ...BUG_TEXT_SELECT,
      suggestedFix: true,
      severity: true,
      repositoryId: true,
      repository: { select: { name: true } },
      run: { select: { index: true } },
    },
  });
}
export type FindingToSample = Awaited<ReturnType<typeof listFindingsToSample>>[number];

/** Which of `findingIds` the scoring attempt matched to a reference bug. */
export async function listMatchedFindingIds(attemptId: string, findingIds: string[]): Promise<Set<string>> {
  const rows = await db.match.findMany({
    where: { attemptId, findingId: { in: findingIds } },
    select: { findingId: true },
    distinct: ["findingId"],
  });
  return new Set(rows.map((m) => m.findingId));
}

/** The repository's imported snapshot, or null. */
export async function readRepositorySnapshot(repositoryId: string) {
  const { snapshot } = await db.repository.findUniqueOrThrow({
    where: { id: repositoryId },
    select: { snapshot: { select: { sha256: true, storagePath: true, image: true } } },
  });
  return snapshot;
}

/** A sample row as the panel draws it; the verdict columns are written later, by the judges. */
export type PanelSampleRow = Pick<
  PanelSample,
  "findingId" | "opaqueId" | "runIndex" | "repository" | "matched" | "repositoryRead"
>;

/**
 * Writes the sample (same seed, size and runs: the same rows) in one transaction: rows no longer sampled go, and so do
 * reviews of findings or judges no longer in the panel; the kept rows' matched and repositoryRead are brought up to
 * date.
 */
export async function writePanelSample(
  panelRunId: string,
  rows: PanelSampleRow[],
  judges: { tier1: string[]; tier2: string },
): Promise<void> {
  const sampledIds = rows.map((s) => s.findingId);
  const matched = rows.filter((s) => s.matched).map((s) => s.findingId);
  const readIds = rows.filter((s) => s.repositoryRead).map((s) => s.findingId);
  await db.$transaction([
    // Opaque ids derive from (seed, finding): this drops findings no longer sampled and rows of an earlier seed.
    db.panelSample.deleteMany({ where: { panelRunId, opaqueId: { notIn: rows.map((s) => s.opaqueId) } } }),
    db.panelReview.deleteMany({
      where: {
        panelRunId,
        OR: [
          { findingId: { notIn: sampledIds } },
          { tier: 1, judge: { notIn: judges.tier1 } },
          { tier: 2, judge: { not: judges.tier2 } },
        ],
      },
    }),
    db.panelSample.createMany({ data: rows.map((s) => ({ panelRunId, ...s })), skipDuplicates: true }),
    db.panelSample.updateMany({ where: { panelRunId, findingId: { in: matched } }, data: { matched: true } }),
    db.panelSample.updateMany({ where: { panelRunId, findingId: { notIn: matched } }, data: { matched: false } }),
    // A snapshot imported since the last run of this panel: its findings are now judged against it.
    db.panelSample.updateMany({ where: { panelRunId, findingId: { in: readIds } }, data: { repositoryRead: true } }),
    db.panelSample.updateMany({
      where: { panelRunId, findingId: { notIn: readIds } },
      data: { repositoryRead: false },
    }),
  ]);
}

/** The reviews stored so far, to reuse those whose configuration is unchanged. */
export function listPanelReviews(panelRunId: string) {
  return db.panelReview.findMany({ where: { panelRunId } });
}

export type PanelReviewKey = { panelRunId: string; findingId: string; tier: number; judge: string };

/** Stores one judge's review of one finding, replacing an earlier one of the same key. */
export async function savePanelReview(
  key: PanelReviewKey,
  data: Omit<Prisma.PanelReviewUncheckedCreateInput, keyof PanelReviewKey | "id">,
): Promise<void> {
  await db.panelReview.upsert({
    where: { panelRunId_findingId_tier_judge: key },
    create: { ...key, ...data },
    update: data,
  });
}

/** A finding's final verdict; a tier 2 review left from an earlier disagreement goes when tier 1 now agrees. */
export async function writeFinalVerdict(
  panelRunId: string,
  findingId: string,
  final: Omit<TierReview, "judge">,
  tier1Agreed: boolean,
): Promise<void> {
  if (tier1Agreed) await db.panelReview.deleteMany({ where: { panelRunId, findingId, tier: 2 } });
  await db.panelSample.update({
    where: { panelRunId_findingId: { panelRunId, findingId } },
    data: {
      verdict: final.verdict,
      reason: final.reason,
      severity: final.severity as Severity | null,
      confidence: final.confidence,
      pocRan: final.pocRan,
    },
  });
}

/** The number of reviews the panel keeps and their summed tokens and cost. */
export async function sumPanelReviews(panelRunId: string) {
  const totals = await db.panelReview.aggregate({
    where: { panelRunId },
    _count: { _all: true },
    _sum: { inputTokens: true, outputTokens: true, costUsd: true },
  });
  return {
    judgeCalls: totals._count._all,
    inputTokens: totals._sum.inputTokens ?? 0,
    outputTokens: totals._sum.outputTokens ?? 0,
    costUsd: totals._sum.costUsd ?? 0,
  };
}
