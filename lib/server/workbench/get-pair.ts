import type { Viewer } from "../../auth/viewer";
import { db } from "../../db";
import { PAIR_SIGNALS_SELECT } from "../../db-selects";
import { AppError } from "../../errors";
import { PAPER_THRESHOLDS } from "../../scoring/thresholds";
import { referenceForViewer } from "../../workbench/reference-visibility";
import { readSignals } from "../../workbench/signal-strength";
import {
  findFindingByPublicId,
  findingRecord,
  findReferenceBug,
  loadWorkbenchSubmission,
  referenceRecord,
} from "./load-workbench-submission";
import type { z } from "zod";
import type { pairViewSchema } from "../../contracts/workbench";

// GET /api/v1/submissions/{id}/pairs/{finding_id}/{reference_bug_id} and the pair page: both records in full, the
// six signals against their thresholds, and the judge's verdict or the maintainer's override. With hidden reference
// details, non-staff see the finding and the decision only.

export async function getPair(
  submissionId: string,
  findingId: string,
  referenceBugId: string,
  viewer: Viewer,
  run?: number,
): Promise<z.input<typeof pairViewSchema>> {
  const submission = await loadWorkbenchSubmission(submissionId, viewer);
  const finding = await findFindingByPublicId(submission, findingId, run);
  const reference = await findReferenceBug(submission.benchmark.id, referenceBugId);
  if (reference.repositoryId !== finding.repositoryId) {
    throw new AppError(
      "not_found",
      `Reference bug ${referenceBugId} is in ${reference.repository.name}, finding ${findingId} in ${finding.repository.name}: only pairs of one repository are compared`,
    );
  }
  const attemptId = submission.scoringAttemptId;
  const [pair, match, override] = await Promise.all([
    db.candidatePair.findFirst({
      where: { attemptId, findingId: finding.id, referenceBugId: reference.id },
      select: {
        ...PAIR_SIGNALS_SELECT,
        verdict: {
          select: {
            match: true,
            rationale: true,
            judgeModel: true,
            promptVersion: true,
            offline: true,
            createdAt: true,
          },
        },
      },
    }),
    db.match.findFirst({
      where: { attemptId, findingId: finding.id, referenceBugId: reference.id },
      select: { source: true },
    }),
    db.matchOverride.findUnique({
      where: {
        findingContentHash_referenceHash: {
          findingContentHash: finding.contentHash,
          referenceHash: reference.contentHash,
        },
      },
      select: { id: true, match: true, reason: true, createdAt: true, createdById: true },
    }),
  ]);
  const visible = submission.detailsVisible;
  const author =
    override?.createdById && submission.staff
      ? await db.user.findUnique({ where: { id: override.createdById }, select: { email: true, name: true } })
      : null;
  return {
    submission: {
      id: submission.id,
      model: submission.model,
      benchmark: submission.benchmarkKey,
      status: submission.scoringStatus,
      progress: submission.scoringProgress,
      review_status: submission.reviewStatus,
    },
    run: finding.run.index,
    finding: findingRecord(finding),
    reference_bug: referenceForViewer(referenceRecord(reference), visible),
    // Null when the prefilter did not keep the pair (no signal reached its threshold), or details are hidden.
    signals: pair && visible ? readSignals(pair, PAPER_THRESHOLDS) : null,
    proposed: pair !== null,
    verdict: pair?.verdict
      ? {
          match: pair.verdict.match,
          judge_model: pair.verdict.judgeModel,
          prompt_version: pair.verdict.promptVersion,
          offline_judge: pair.verdict.offline,
          rationale: visible ? pair.verdict.rationale : null,
        }
      : null,
    override: override
      ? {
          id: override.id,
          decision: override.match ? ("match" as const) : ("no_match" as const),
          reason: visible ? override.reason : null,
          created_at: override.createdAt.toISOString(),
          created_by: author ? (author.name ?? author.email) : null,
        }
      : null,
    matched: match !== null,
    decided_by: match
      ? match.source === "override"
        ? ("maintainer" as const)
        : ("judge" as const)
      : override
        ? ("maintainer" as const)
        : pair?.verdict
          ? ("judge" as const)
          : null,
    can_override: submission.staff,
  };
}

export type PairView = Awaited<ReturnType<typeof getPair>>;
