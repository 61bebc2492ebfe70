import type { Job } from "bullmq";
import { env } from "../../lib/env";
import { createStructuredClient, readAttributionModel } from "../../lib/llm/panel-attribution-config";
import { classifyAttributionError } from "../jobs/classify-job-error";
import { attributeReferences } from "../features/attribution/attribute-references";
import { runPanelAttributionJob, updatePanelAttribution } from "../shared/claim-panel-attribution";

// reference-attribution-queue: a ReferenceAttributionRun row each (a version's reference bugs, one classifier
// configuration), fenced like the attribution of a submission.
export function processReferenceAttributionJob(job: Job): Promise<unknown> {
  return runPanelAttributionJob(
    "reference-attribution",
    job,
    classifyAttributionError,
    async (claim, { onProgress }) => {
      const model = readAttributionModel();
      if (!model.ok) {
        await updatePanelAttribution(claim, { status: "failed", error: model.message });
        return { failed: model.message };
      }
      return attributeReferences(claim, {
        client: createStructuredClient("attribution"),
        concurrency: env.ATTRIBUTION_CONCURRENCY,
        onProgress,
      });
    },
  );
}
