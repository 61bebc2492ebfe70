import { readTaxonomy } from "../../../lib/attribution/taxonomy";
import { attributionAsking } from "../../../lib/llm/attribution-classifier";
import { queueMissingReferenceLabels } from "../../../lib/server/attribution/queue-reference-attribution";
import { withSpendCounted, type PanelAttributionClaim } from "../../shared/claim-panel-attribution";
import { PermanentJobError } from "../../jobs/job-failure";
import { listFindingSubjects, readAttributionRun } from "../../../lib/server/attribution/attribution-store";
import { touchSubmission } from "../../../lib/server/submissions/touch-submission";
import type { ClassifierDeps } from "./classify-subjects";
import type { ReferenceAttributionSummary } from "./attribute-references";
import { runAttribution } from "./run-attribution";

// Bug-type attribution of one submission (paper D, F.7.3): every finding of every run gets one category of the
// version's taxonomy and one trigger level from the one classifier (classify-subjects.ts). A submitter's own category
// is also kept, as a self_reported row, to show as their label, and never counts in the shares. The version's
// reference bugs are labelled by the same configuration in a job of their own, once per version and configuration
// (attribute-references.ts): the attribution job queues it first when that configuration's reference labels are
// missing (queueReferenceLabelsFor).

export type AttributionDeps = ClassifierDeps;
/** The counts of a reference labelling, and how many findings came with their submitter's own category. */
export type AttributionSummary = ReferenceAttributionSummary & { selfReported: number };

export async function attributeBugs(claim: PanelAttributionClaim, deps: AttributionDeps): Promise<AttributionSummary> {
  return withSpendCounted(claim, deps.client, () => classifyFindings(claim, deps));
}

async function classifyFindings(claim: PanelAttributionClaim, deps: AttributionDeps): Promise<AttributionSummary> {
  const { run, taxonomy, findings } = await loadFindings(claim.runId);
  const { given, cached, asked } = await runAttribution(claim, deps, {
    subjects: findings,
    asking: attributionAsking(taxonomy, deps.client),
    model: deps.model,
    given: { model: "self-reported", source: "self_reported" },
    startFields: { model: deps.model },
    doneFields: (given) => ({ selfReported: given }),
  });
  // Public pages (bug types) are cached until the benchmark's stamp (latest Submission.updatedAt) moves: move it.
  await touchSubmission(run.submissionId);
  return { total: findings.length, selfReported: given, classified: findings.length, cached, asked };
}

/**
 * The bug-type comparisons need the version's reference bugs labelled by this same configuration: queues their job
 * when some of those labels are missing (the processor calls it before attributeBugs, so both run side by side).
 */
export async function queueReferenceLabelsFor(
  claim: PanelAttributionClaim,
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
