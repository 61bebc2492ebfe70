import { db } from "../../db";
import type { SandboxRecord } from "../../contracts/sandbox-record";

// What the audit run's worker reads and writes outside its fenced claims (worker/features/audit-runs): the run, its
// passes and the repositories they audit.

/** The run's row, or null when it was deleted. */
export function readAuditRun(runId: string) {
  return db.auditRun.findUnique({ where: { id: runId } });
}

/** A queued run becomes running, recording the sandbox its passes use (and why it was chosen). */
export async function markRunStarted(runId: string, sandbox?: SandboxRecord): Promise<void> {
  await db.auditRun.updateMany({
    where: { id: runId, status: "queued" },
    data: { status: "running", startedAt: new Date(), ...(sandbox ? { sandbox } : {}) },
  });
}

/** The run's repositories of its benchmark, each with its snapshot and the snapshot's newest plan. */
export function listRunRepositories(benchmarkId: string, names: string[]) {
  return db.repository.findMany({
    where: { benchmarkId, name: { in: names } },
    include: { snapshot: { include: { plans: { orderBy: { createdAt: "desc" }, take: 1 } } } },
  });
}

/** Adds what a step spent outside the passes (a context document) to the run's spend. */
export async function addRunSpend(
  runId: string,
  spent: { inputTokens: number; cachedInputTokens: number; outputTokens: number; costUsd: number },
): Promise<void> {
  await db.auditRun.update({
    where: { id: runId },
    data: {
      inputTokens: { increment: spent.inputTokens },
      cachedInputTokens: { increment: spent.cachedInputTokens },
      outputTokens: { increment: spent.outputTokens },
      costUsd: { increment: spent.costUsd },
    },
  });
}

/** The ids of the run's queued passes, in order. */
export async function listQueuedPassIds(runId: string): Promise<string[]> {
  const passes = await db.auditPass.findMany({
    where: { runId, status: "queued" },
    orderBy: { ordinal: "asc" },
    select: { id: true },
  });
  return passes.map((p) => p.id);
}

/** Marks a queued or running run failed (its start could not complete) and skips its queued passes. */
export async function markRunFailed(runId: string, message: string): Promise<void> {
  await db.auditRun.updateMany({
    where: { id: runId, status: { in: ["queued", "running"] } },
    data: { status: "failed", error: message },
  });
  await db.auditPass.updateMany({
    where: { runId, status: "queued" },
    data: { status: "skipped", error: "the run failed to start" },
  });
}

/** Stops a running run whose budget is spent (over_budget, with the reason) and skips its queued passes. */
export async function stopRunOverBudget(runId: string, reason: string): Promise<void> {
  const { count } = await db.auditRun.updateMany({
    where: { id: runId, status: "running" },
    data: { status: "over_budget", error: `Stopped: ${reason}.` },
  });
  if (count)
    await db.auditPass.updateMany({
      where: { runId, status: "queued" },
      data: { status: "skipped", error: "the run's budget was spent first" },
    });
}

/** A pass with its run, and its repository with the snapshot's newest plan and the audit context document. */
export async function readPassToRun(passId: string) {
  const pass = await db.auditPass.findUniqueOrThrow({ where: { id: passId } });
  const run = await db.auditRun.findUniqueOrThrow({ where: { id: pass.runId } });
  const repository = await db.repository.findUniqueOrThrow({
    where: { id: pass.repositoryId },
    include: {
      snapshot: { include: { plans: { orderBy: { createdAt: "desc" }, take: 1 } } },
      contextDocuments: { where: { kind: "audit" } },
    },
  });
  return { pass, run, repository };
}

/** Records a queued or running pass failed for good; returns its run's id, or null when the pass was deleted. */
export async function markPassFailed(passId: string, message: string): Promise<string | null> {
  const pass = await db.auditPass.findUnique({ where: { id: passId }, select: { runId: true } });
  if (!pass) return null;
  await db.auditPass.updateMany({
    where: { id: passId, status: { in: ["queued", "running"] } },
    data: { status: "failed", error: message, finishedAt: new Date() },
  });
  return pass.runId;
}

/** Whether the pass is running (a sandbox of a pass that is not is an orphan); false for a deleted pass. */
export async function isPassRunning(passId: string): Promise<boolean> {
  const pass = await db.auditPass.findUnique({ where: { id: passId }, select: { status: true } });
  return pass?.status === "running";
}

/** Whether the run is still open (exists and has not finished): its extracted snapshots stay. */
export async function isRunOpen(runId: string): Promise<boolean> {
  const run = await db.auditRun.findUnique({ where: { id: runId }, select: { finishedAt: true } });
  return run !== null && !run.finishedAt;
}

/** Runs that stopped taking passes (running, over budget or cancelled) but never recorded their end. */
export async function listUnfinishedRunIds(): Promise<string[]> {
  const open = await db.auditRun.findMany({
    where: { status: { in: ["running", "over_budget", "cancelled"] }, finishedAt: null },
    select: { id: true },
  });
  return open.map((r) => r.id);
}
