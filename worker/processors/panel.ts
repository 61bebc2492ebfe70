import type { Job } from "bullmq";
import { env } from "../../lib/env";
import { createStructuredClient, readPanelConfig } from "../../lib/llm/panel-attribution-config";
import { workerSandbox } from "../../lib/sandbox/choose-sandbox";
import { classifyPanelError } from "../jobs/classify-job-error";
import { runPanelAttributionJob, updatePanelAttribution } from "../shared/claim-panel-attribution";
import { runPanel } from "../features/panel/run-panel";
import { withSandboxMetrics } from "../sandbox-metrics";
import { panelSandboxForEnv } from "../features/panel/panel-sandbox";

// panel-queue: a PanelRun row each, fenced like scoring.
export function processPanelJob(job: Job): Promise<unknown> {
  return runPanelAttributionJob("panel", job, classifyPanelError, async (claim, { onProgress }) => {
    const config = readPanelConfig();
    if (!config.ok) {
      await updatePanelAttribution(claim, { status: "failed", error: config.message });
      return { failed: config.message };
    }
    // PANEL_SANDBOX auto (default) or on: the worker's sandbox, chosen once per process (SANDBOX=auto: Docker, else
    // bubblewrap, else none); judges of a finding with a snapshot read it either way.
    const choice = env.PANEL_SANDBOX === "off" ? null : await workerSandbox();
    const sandbox = choice
      ? panelSandboxForEnv({ ...choice, provider: choice.provider ? withSandboxMetrics(choice.provider) : null })
      : null;
    return runPanel(claim, {
      client: createStructuredClient("panel"),
      config: config.config,
      concurrency: env.PANEL_CONCURRENCY,
      onProgress,
      sandbox,
    });
  });
}
