import type { AuditPass, AuditRun } from "../../generated/prisma/client";
import { sandboxRecordSchema } from "../../contracts/sandbox-record";

export function runSummary(
  run: AuditRun,
  benchmark: string,
  counts: { done: number; failed: number; running: number },
) {
  return {
    id: run.id,
    benchmark,
    model: run.model,
    reasoning_effort: run.reasoningEffort,
    harness: run.harness,
    base_url: run.baseUrl,
    repos: run.repos,
    status: run.status,
    error: run.error,
    // The sandbox the passes ran in and why; null until the run starts.
    sandbox: sandboxView(run.sandbox),
    passes_total: run.passesTotal,
    passes_done: counts.done,
    passes_failed: counts.failed,
    passes_running: counts.running,
    tokens: run.inputTokens + run.outputTokens,
    input_tokens: run.inputTokens,
    cached_input_tokens: run.cachedInputTokens,
    output_tokens: run.outputTokens,
    cost_usd: run.costUsd,
    budget: { usd: run.budgetUsd, tokens: run.budgetTokens, wall_minutes: run.budgetWallMinutes },
    submission_id: run.submissionId,
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

export function passSummary(p: Omit<AuditPass, "findings"> & { findingsCount: number }) {
  return {
    id: p.id,
    repo: p.repo,
    pass: p.passKey,
    files: p.files,
    status: p.status,
    attempts: p.attempts,
    turns: p.turns,
    tokens: p.inputTokens + p.outputTokens,
    cost_usd: p.costUsd,
    findings: p.findingsCount,
    error: p.error,
    started_at: p.startedAt?.toISOString() ?? null,
    finished_at: p.finishedAt?.toISOString() ?? null,
  };
}

function sandboxView(stored: unknown) {
  const record = sandboxRecordSchema
    .nullable()
    .catch(null)
    .parse(stored ?? null);
  return record && { ...record, isolation: record.isolation ?? null };
}
