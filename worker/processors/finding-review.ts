import type { Job } from "bullmq";
import { env } from "../../lib/env";
import { createStructuredClient, readAttributionModel, readPanelConfig } from "../../lib/llm/finding-review-config";
import { attributionQueue, panelQueue, type FindingReviewKind } from "../../lib/queue/finding-review-queues";
import { workerSandbox } from "../../lib/sandbox/choose-sandbox";
import { classifyAttributionError, classifyPanelError } from "../jobs/classify-job-error";
import { runClaimedJob, type JobContext } from "../jobs/run-claimed-job";
import { attributeBugs } from "../features/attribution/attribute-bugs";
import { claimFindingReview, updateFindingReview, type FindingReviewClaim } from "../shared/claim-finding-review";
import { runPanel } from "../features/panel/run-panel";
import { withSandboxMetrics } from "../sandbox-metrics";
import { panelSandboxForEnv } from "../features/panel/panel-sandbox";

// Panel validation and bug-type attribution: a PanelRun / AttributionRun row each, fenced like scoring.
function processFindingReviewJob(
  kind: FindingReviewKind,
  job: Job,
  work: (claim: FindingReviewClaim, context: JobContext) => Promise<unknown>,
): Promise<unknown> {
  return runClaimedJob(job, {
    parse: (kind === "panel" ? panelQueue : attributionQueue).payload,
    claim: ({ runId }) => claimFindingReview(kind, runId),
    logFields: ({ runId }) => ({ runId }),
    classify: kind === "panel" ? classifyPanelError : classifyAttributionError,
    record: (claim, { message, final }) =>
      updateFindingReview(claim, final ? { status: "failed", error: message } : { error: message }),
    work,
  });
}

export function processPanelJob(job: Job): Promise<unknown> {
  return processFindingReviewJob("panel", job, async (claim, { onProgress }) => {
    const config = readPanelConfig();
    if (!config.ok) {
      await updateFindingReview(claim, { status: "failed", error: config.message });
      return { failed: config.message };
    }
    // PANEL_SANDBOX auto (default) or on: the worker's sandbox, chosen once per process (SANDBOX=auto: Docker, else
    // bubblewrap, else none); judges of a finding with a snapshot read it either way.
    const choice = env.PANEL_SANDBOX === "off" ? null : await workerSandbox();
    const sandbox = choice
      ? panelSandboxForEnv({ ...choice, provider: choice.provider ? withSandboxMetrics(choice.provider) : null })
      : null;
    return runPanel(claim, {
      client: createStructuredClient(),
      config: config.config,
      concurrency: env.PANEL_CONCURRENCY,
      onProgress,
      sandbox,
    });
  });
}

export function processAttributionJob(job: Job): Promise<unknown> {
  return processFindingReviewJob("attribution", job, async (claim, { onProgress }) => {
    const model = readAttributionModel();
    if (!model.ok) {
      await updateFindingReview(claim, { status: "failed", error: model.message });
      return { failed: model.message };
    }
    return attributeBugs(claim, {
      client: createStructuredClient(),
      model: model.model,
      concurrency: env.ATTRIBUTION_CONCURRENCY,
      onProgress,
    });
  });
}
