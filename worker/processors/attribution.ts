import type { Job } from "bullmq";
import { env } from "../../lib/env";
import { createStructuredClient, readAttributionModel } from "../../lib/llm/panel-attribution-config";
import { classifyAttributionError } from "../jobs/classify-job-error";
import { attributeBugs, queueReferenceLabelsFor } from "../features/attribution/attribute-bugs";
import { runPanelAttributionJob, updatePanelAttribution } from "../shared/claim-panel-attribution";

// attribution-queue: an AttributionRun row each, fenced like scoring. The version's reference bugs are labelled by the
// same classifier configuration in their own job, queued here first when those labels are missing.
export function processAttributionJob(job: Job): Promise<unknown> {
  return runPanelAttributionJob("attribution", job, classifyAttributionError, async (claim, { onProgress }) => {
    const model = readAttributionModel();
    if (!model.ok) {
      await updatePanelAttribution(claim, { status: "failed", error: model.message });
      return { failed: model.message };
    }
    const client = createStructuredClient("attribution");
    await queueReferenceLabelsFor(claim, client, model.model);
    return attributeBugs(claim, {
      client,
      model: model.model,
      concurrency: env.ATTRIBUTION_CONCURRENCY,
      onProgress,
    });
  });
}
