import type { Job } from "bullmq";
import { env } from "../../lib/env";
import { createStructuredClient, readAttributionModel } from "../../lib/llm/finding-review-config";
import { classifyAttributionError } from "../jobs/classify-job-error";
import { attributeReferences } from "../features/attribution/attribute-references";
import { runFindingReviewJob, updateFindingReview } from "../shared/claim-finding-review";

// reference-attribution-queue: a ReferenceAttributionRun row each (a version's reference bugs, one classifier
// configuration), fenced like the attribution of a submission.
export function processReferenceAttributionJob(job: Job): Promise<unknown> {
  return runFindingReviewJob("reference-attribution", job, classifyAttributionError, async (claim, { onProgress }) => {
    const model = readAttributionModel();
    if (!model.ok) {
      await updateFindingReview(claim, { status: "failed", error: model.message });
      return { failed: model.message };
    }
    return attributeReferences(claim, {
      client: createStructuredClient("attribution"),
      concurrency: env.ATTRIBUTION_CONCURRENCY,
      onProgress,
    });
  });
}
