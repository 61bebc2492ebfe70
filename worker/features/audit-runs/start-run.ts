import { enqueueAuditJob, type AuditJob } from "../../../lib/queue/audit-queue";
import { runEndpoint } from "../../../lib/server/audit-runs/model-endpoint";
import { passPlanSchema } from "../../../lib/validation/pass-plan";
import { finishRunIfComplete } from "../../../lib/server/audit-runs/finish-run";
import {
  addRunSpend,
  listQueuedPassIds,
  listRunRepositories,
  markRunFailed,
  markRunStarted,
  readAuditRun,
} from "../../../lib/server/audit-runs/audit-run-store";
import type { Queue } from "bullmq";
import type { SandboxRecord } from "../../../lib/contracts/sandbox-record";
import { createAuditClient } from "./audit-model";
import { ensureContextDocument } from "./context-document";
import { snapshotDirFor } from "./run-snapshot";

/**
 * Starts a run: claims it (queued -> running), makes sure every repository of the full harness has its context
 * document (F.5.1; generated once per snapshot, charged to this run), then queues every pass still queued. Running it
 * twice queues nothing twice (pass job ids are the pass ids).
 */
export async function startAuditRun(
  runId: string,
  queue?: Queue<AuditJob>,
  sandbox?: SandboxRecord,
): Promise<{ started: boolean; passes: number }> {
  // The run records the sandbox its passes use (and why it was chosen) when it starts.
  await markRunStarted(runId, sandbox);
  const run = await readAuditRun(runId);
  if (!run || run.status !== "running") return { started: false, passes: 0 };
  if (run.harness === "probe-passes") {
    const endpoint = runEndpoint(run.baseUrl);
    if (!endpoint) throw new Error("no model endpoint is configured");
    const client = createAuditClient(endpoint);
    const repositories = await listRunRepositories(run.benchmarkId, run.repos);
    for (const r of repositories) {
      if (!r.snapshot) continue;
      const dir = await snapshotDirFor(run.id, r.snapshot);
      const plan = r.snapshot.plans[0] ? passPlanSchema.parse(r.snapshot.plans[0].plan) : null;
      const spent = await ensureContextDocument({
        repositoryId: r.id,
        repo: r.name,
        language: r.language,
        snapshotSha: r.snapshot.sha256,
        snapshotDir: dir,
        plan,
        client,
        model: run.model,
      });
      if (spent.generated) await addRunSpend(run.id, spent);
    }
  }
  const passes = await listQueuedPassIds(runId);
  for (const passId of passes) await enqueueAuditJob({ kind: "pass", passId }, queue);
  // A run whose every pass was skipped (e.g. cancelled meanwhile) ends here.
  if (passes.length === 0) await finishRunIfComplete(runId);
  return { started: true, passes: passes.length };
}

/** Marks a run failed (its start could not complete) and skips its passes. */
export async function failAuditRun(runId: string, message: string): Promise<void> {
  await markRunFailed(runId, message);
  await finishRunIfComplete(runId);
}
