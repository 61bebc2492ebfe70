import { db } from "../../../lib/db";
import { Prisma } from "../../../lib/generated/prisma/client";
import { claimFencedRow, type FencedTable } from "../../jobs/fenced-row";
import { enqueueAuditJob, type AuditJob } from "../../../lib/queue/audit-queue";
import { runEndpoint } from "../../../lib/server/audit-runs/model-endpoint";
import { passPlanSchema } from "../../../lib/validation/pass-plan";
import { finishRunIfComplete } from "../../../lib/server/audit-runs/finish-run";
import type { Queue } from "bullmq";
import type { SandboxRecord } from "../../../lib/contracts/sandbox-record";
import { createAuditClient } from "./audit-model";
import { ensureContextDocument } from "./context-document";
import { snapshotDirFor } from "./run-snapshot";

/** The start step's claim of a run: its token and lease (worker/jobs/lease.ts); the passes carry the run after. */
export const RUN_START: FencedTable = { table: "AuditRun", token: "startToken", lease: "leaseUntil" };

export type RunStartClaim = { runId: string; token: number };

/**
 * Claims the start of a run: a queued run, or a running one whose start never ended (its lease is still set). Null
 * when the run has started (or ended) already.
 */
export async function claimRunStart(runId: string): Promise<RunStartClaim | null> {
  const row = await claimFencedRow(db, RUN_START, runId, {
    set: Prisma.sql`"updatedAt" = now()`,
    claimable: Prisma.sql`status = 'queued' OR (status = 'running' AND "leaseUntil" IS NOT NULL)`,
  });
  return row ? { runId, token: row.token } : null;
}

/** The start has queued every pass: its lease ends, and from now on the passes' leases carry the run. */
export async function endRunStart(claim: RunStartClaim): Promise<void> {
  await db.auditRun.updateMany({ where: { id: claim.runId, startToken: claim.token }, data: { leaseUntil: null } });
}

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
  await db.auditRun.updateMany({
    where: { id: runId, status: "queued" },
    data: { status: "running", startedAt: new Date(), ...(sandbox ? { sandbox } : {}) },
  });
  const run = await db.auditRun.findUnique({ where: { id: runId } });
  if (!run || run.status !== "running") return { started: false, passes: 0 };
  if (run.harness === "probe-passes") {
    const endpoint = runEndpoint(run.baseUrl);
    if (!endpoint) throw new Error("no model endpoint is configured");
    const client = createAuditClient(endpoint);
    const repositories = await db.repository.findMany({
      where: { benchmarkId: run.benchmarkId, name: { in: run.repos } },
      include: { snapshot: { include: { plans: { orderBy: { createdAt: "desc" }, take: 1 } } } },
    });
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
      if (spent.generated) {
        await db.auditRun.update({
          where: { id: run.id },
          data: {
            inputTokens: { increment: spent.inputTokens },
            cachedInputTokens: { increment: spent.cachedInputTokens },
            outputTokens: { increment: spent.outputTokens },
            costUsd: { increment: spent.costUsd },
          },
        });
      }
    }
  }
  const passes = await db.auditPass.findMany({
    where: { runId, status: "queued" },
    orderBy: { ordinal: "asc" },
    select: { id: true },
  });
  for (const p of passes) await enqueueAuditJob({ kind: "pass", passId: p.id }, queue);
  // A run whose every pass was skipped (e.g. cancelled meanwhile) ends here.
  if (passes.length === 0) await finishRunIfComplete(runId);
  return { started: true, passes: passes.length };
}

/** Marks a run failed (its start could not complete) and skips its passes. */
export async function failAuditRun(runId: string, message: string): Promise<void> {
  await db.auditRun.updateMany({
    where: { id: runId, status: { in: ["queued", "running"] } },
    data: { status: "failed", error: message },
  });
  await db.auditPass.updateMany({
    where: { runId, status: "queued" },
    data: { status: "skipped", error: "the run failed to start" },
  });
  await finishRunIfComplete(runId);
}
