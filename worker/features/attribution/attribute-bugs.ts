import { readTaxonomy, attributionPlan } from "../../../lib/attribution/taxonomy";
import { attributionAsking } from "../../../lib/llm/attribution-classifier";
import { queueMissingReferenceLabels } from "../../../lib/server/attribution/queue-reference-attribution";
import {
  progressWriter,
  updateFindingReview,
  withSpendCounted,
  type FindingReviewClaim,
} from "../../shared/claim-finding-review";
import { PermanentJobError } from "../../jobs/job-failure";
import { listFindingSubjects, readAttributionRun } from "../../../lib/server/attribution/attribution-store";
import { touchSubmission } from "../../../lib/server/submissions/touch-submission";
import { classifySubjects, writeGivenLabels, type ClassifierDeps } from "./classify-subjects";

// Bug-type attribution of one submission (paper D, F.7.3): every finding of every run gets one category of the
// version's taxonomy and one trigger level from the one classifier (classify-subjects.ts). A submitter's own category
// is also kept, as a self_reported row, to show as their label, and never counts in the shares. The version's
// reference bugs are labelled by the same configuration in a job of their own, once per version and configuration
// (attribute-references.ts): the attribution job queues it first when that configuration's reference labels are
// missing (queueReferenceLabelsFor).

export type AttributionDeps = ClassifierDeps;
export type AttributionSummary = {
  total: number;
  selfReported: number;
  classified: number;
  cached: number;
  asked: number;
};

export async function attributeBugs(claim: FindingReviewClaim, deps: AttributionDeps): Promise<AttributionSummary> {
  return withSpendCounted(claim, deps.client, () => classifyFindings(claim, deps));
}

async function classifyFindings(claim: FindingReviewClaim, deps: AttributionDeps): Promise<AttributionSummary> {
  const progress = progressWriter(claim, deps.onProgress);
  const { run, taxonomy, findings } = await loadFindings(claim.runId);
  const asking = attributionAsking(taxonomy, deps.client);
  await updateFindingReview(claim, {
    total: findings.length,
    promptVersion: `${asking.prompt.name}@${asking.prompt.version}`,
    model: deps.model,
  });
  const given = findings.filter((s) => attributionPlan(s.category) === "given");
  await writeGivenLabels(given, asking, { model: "self-reported", source: "self_reported" });
  await progress(5);
  const { cached, asked } = await classifySubjects(findings, asking, deps, progress, 5);

  await updateFindingReview(claim, {
    status: "done",
    progress: 100,
    error: null,
    finishedAt: new Date(),
    selfReported: given.length,
    classified: findings.length,
    cached,
    retries: { increment: deps.client.requests.retries },
    malformedReplies: { increment: deps.client.stats.malformedReplies },
  });
  // Public pages (bug types) are cached until the benchmark's stamp (latest Submission.updatedAt) moves: move it.
  await touchSubmission(run.submissionId);
  return { total: findings.length, selfReported: given.length, classified: findings.length, cached, asked };
}

/**
 * The bug-type comparisons need the version's reference bugs labelled by this same configuration: queues their job
 * when some of those labels are missing (the processor calls it before attributeBugs, so both run side by side).
 */
export async function queueReferenceLabelsFor(
  claim: FindingReviewClaim,
  client: ClassifierDeps["client"],
  model: string,
): Promise<void> {
  const run = await readAttributionRun(claim.runId);
  const taxonomy = readTaxonomy(run.submission.benchmark.taxonomy);
  // Without a taxonomy attributeBugs fails and says why.
  if (!taxonomy) return;
  const asking = attributionAsking(taxonomy, client);
  await queueMissingReferenceLabels(run.submission.benchmarkId, {
    model,
    promptHash: asking.promptHash,
    taxonomyHash: asking.taxHash,
  });
}

/** The run, its benchmark's taxonomy, and the submission's findings. */
async function loadFindings(runId: string) {
  const run = await readAttributionRun(runId);
  const taxonomy = readTaxonomy(run.submission.benchmark.taxonomy);
  if (!taxonomy)
    throw new PermanentJobError(
      `Benchmark ${run.submission.benchmark.slug}@${run.submission.benchmark.version} has no bug-type taxonomy to attribute against.`,
    );
  const findings = await listFindingSubjects(run.submissionId);
  return { run, taxonomy, findings };
}
