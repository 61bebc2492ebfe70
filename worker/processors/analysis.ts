import "server-only";
import { UnrecoverableError, type Job } from "bullmq";
import { env } from "../../lib/env";
import { createStructuredClient, readAttributionModel, readPanelConfig } from "../../lib/llm/analysis-config";
import { analysisJobSchema, type AnalysisJob } from "../../lib/queue/queues";
import { attributeBugs } from "../services/attribute-bugs";
import { claimAnalysis, updateAnalysis, type AnalysisClaim, type AnalysisKind } from "../services/claim-analysis";
import { LostClaimError } from "../services/claim-submission";
import { classifyAnalysisError } from "../services/classify-analysis-error";
import { workerSandbox } from "../../lib/sandbox/choose-sandbox";
import { runPanel } from "../services/run-panel";
import { panelSandboxFromEnv } from "../services/panel-sandbox";

// Thin processors of the panel-queue and the attribution-queue: validate the payload, claim the row (fencing token),
// call the service, record permanent failures on the row. Same fault behaviour as scoring (processors/scoring.ts).

async function processAnalysisJob(kind: AnalysisKind, job: Job<AnalysisJob>, work: (claim: AnalysisClaim, onProgress: (p: number) => Promise<void>) => Promise<unknown>): Promise<unknown> {
  const parsed = analysisJobSchema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid ${kind} job payload`);
  const claim = await claimAnalysis(kind, parsed.data.runId);
  if (!claim) return { skipped: true };
  const what = kind === "panel" ? "Panel validation" : "Bug-type attribution";
  try {
    return await work(claim, (percent) => job.updateProgress(percent).catch(() => undefined));
  } catch (error) {
    if (error instanceof LostClaimError) return { superseded: true };
    const { permanent, message } = classifyAnalysisError(what, error);
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    console.error(`${kind} ${claim.runId} failed (attempt ${job.attemptsMade + 1}):`, error);
    try {
      if (permanent || lastAttempt) {
        await updateAnalysis(claim, { status: "failed", error: message });
        throw permanent ? new UnrecoverableError(message) : error;
      }
      await updateAnalysis(claim, { error: message });
    } catch (recordError) {
      if (recordError instanceof LostClaimError) return { superseded: true };
      throw recordError;
    }
    throw error;
  }
}

export function processPanelJob(job: Job<AnalysisJob>): Promise<unknown> {
  return processAnalysisJob("panel", job, async (claim, onProgress) => {
    const config = readPanelConfig();
    if (!config.ok) {
      await updateAnalysis(claim, { status: "failed", error: config.message });
      return { failed: config.message };
    }
    // PANEL_SANDBOX=on without a sandbox (the worker logged why at start): judges reason without one, capped.
    const provider = env.PANEL_SANDBOX === "on" ? (await workerSandbox()).provider : null;
    const sandbox = provider ? panelSandboxFromEnv(provider) : null;
    return runPanel(claim, { client: createStructuredClient(), config: config.config, concurrency: env.PANEL_CONCURRENCY, onProgress, sandbox });
  });
}

export function processAttributionJob(job: Job<AnalysisJob>): Promise<unknown> {
  return processAnalysisJob("attribution", job, async (claim, onProgress) => {
    const model = readAttributionModel();
    if (!model.ok) {
      await updateAnalysis(claim, { status: "failed", error: model.message });
      return { failed: model.message };
    }
    return attributeBugs(claim, { client: createStructuredClient(), model: model.model, concurrency: env.ATTRIBUTION_CONCURRENCY, onProgress });
  });
}
