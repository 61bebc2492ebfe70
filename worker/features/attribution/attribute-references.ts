import { readTaxonomy } from "../../../lib/attribution/taxonomy";
import { describeLabeller } from "../../../lib/attribution/labeller";
import { attributionAsking } from "../../../lib/llm/attribution-classifier";
import { withSpendCounted, type PanelAttributionClaim } from "../../shared/claim-panel-attribution";
import { PermanentJobError } from "../../jobs/job-failure";
import { listReferenceSubjects, readReferenceAttributionRun } from "../../../lib/server/attribution/attribution-store";
import type { ClassifierDeps } from "./classify-subjects";
import { runAttribution } from "./run-attribution";

// The reference bugs of one benchmark version labelled by one classifier configuration (paper F.7.3: the same model
// and prompt classify the taxonomy corpus and every configuration's findings), so Tables 20-21 and Figure 6 compare
// maintainers' and agents' bugs labelled alike. Every reference bug is classified, whether or not the benchmark file
// gives it a category; the file's category is kept beside, as the maintainers' own label (a `benchmark` row, written
// once and never overwritten). Cached like findings: a text already labelled under the configuration is not asked again.

export type ReferenceAttributionSummary = { total: number; classified: number; cached: number; asked: number };

export async function attributeReferences(
  claim: PanelAttributionClaim,
  deps: Omit<ClassifierDeps, "model">,
): Promise<ReferenceAttributionSummary> {
  return withSpendCounted(claim, deps.client, () => classifyReferences(claim, deps));
}

async function classifyReferences(
  claim: PanelAttributionClaim,
  deps: Omit<ClassifierDeps, "model">,
): Promise<ReferenceAttributionSummary> {
  const run = await readReferenceAttributionRun(claim.runId);
  const taxonomy = readTaxonomy(run.benchmark.taxonomy);
  if (!taxonomy)
    throw new PermanentJobError(
      `Benchmark ${run.benchmark.slug}@${run.benchmark.version} has no bug-type taxonomy to attribute against.`,
    );
  const asking = attributionAsking(taxonomy, deps.client);
  // The run names the configuration it labels for; a worker with another prompt, endpoint or taxonomy would label for
  // a different one.
  if (asking.promptHash !== run.promptHash || asking.taxHash !== run.taxonomyHash)
    throw new PermanentJobError(
      `This worker's classifier configuration (${describeLabeller({ model: run.model, promptHash: asking.promptHash, taxonomyHash: asking.taxHash })}) is not the one this run was queued for (${describeLabeller(run)}): the prompt, the endpoint or the taxonomy differ. Start it again from this deployment.`,
    );
  const references = await listReferenceSubjects(run.benchmarkId);
  // Finishing moves the version's stamp (readBenchmarkStamp reads finishedAt), so cached bug-type pages reload.
  const { cached, asked } = await runAttribution(claim, deps, {
    subjects: references,
    asking,
    model: run.model,
    // The file's own categories: the maintainers' labels, kept beside the classifier's.
    given: { model: "benchmark", source: "benchmark" },
  });
  return { total: references.length, classified: references.length, cached, asked };
}
