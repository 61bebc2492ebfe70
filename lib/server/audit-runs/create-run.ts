import { db } from "../../db";
import type { z } from "zod";
import { AppError, type FieldIssue } from "../../errors";
import { enqueueAuditJob } from "../../queue/audit-queue";
import { passesForHarness } from "../../agent/harness";
import { passPlanSchema } from "../../validation/pass-plan";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { defaultAuditEndpoint, isAllowedBaseUrl } from "./model-endpoint";
import { log } from "../../observability/log";
import { readSandboxStatus } from "./sandbox-status";
import { noSandboxMessage } from "../../contracts/sandbox-record";
import type { createRunBodySchema, createdAuditRunSchema } from "../../contracts/audit-runs";

export const NO_ENDPOINT_MESSAGE =
  "A model endpoint is needed for in-house runs: set AUDIT_API_KEY (or OPENAI_API_KEY) and, for a server other than OpenAI, AUDIT_BASE_URL (a local server needs no key), then restart the web app and the worker.";

/**
 * Creates a run and its passes in one transaction (audit-logged), then queues its start. Every audited repository
 * needs a snapshot, and for the pass harnesses its plan; the passes are fixed here, so the run's size is known at once.
 */
export async function createAuditRun(
  actorId: string,
  input: z.output<typeof createRunBodySchema>,
): Promise<z.input<typeof createdAuditRunSchema>> {
  if (!defaultAuditEndpoint()) throw new AppError("unavailable", NO_ENDPOINT_MESSAGE);
  // Until a worker has said which sandbox it has, a run is accepted and waits in the queue.
  const sandbox = await readSandboxStatus();
  if (sandbox?.kind === "none") throw new AppError("unavailable", noSandboxMessage(sandbox));
  if (input.base_url && !isAllowedBaseUrl(input.base_url)) {
    throw new AppError("invalid_input", "The run names an endpoint that is not allowed", [
      { path: "base_url", message: "not the default endpoint and not listed in AUDIT_BASE_URLS" },
    ]);
  }
  const benchmark = await findBenchmark(input.benchmark);
  if (!benchmark)
    throw new AppError("invalid_input", "The run names an unknown benchmark", [
      { path: "benchmark", message: `unknown benchmark "${input.benchmark}"` },
    ]);
  const repositories = await db.repository.findMany({
    where: { benchmarkId: benchmark.id },
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      snapshot: {
        select: { sha256: true, plans: { orderBy: { createdAt: "desc" }, take: 1, select: { plan: true } } },
      },
    },
  });
  const issues: FieldIssue[] = [];
  const wanted = input.repos?.length ? [...new Set(input.repos)] : null;
  wanted?.forEach((name, i) => {
    if (!repositories.some((r) => r.name === name))
      issues.push({
        path: `repos[${i}]`,
        message: `unknown repository "${name}" in ${benchmark.slug}@${benchmark.version}`,
      });
  });
  const chosen = repositories.filter((r) => (wanted ? wanted.includes(r.name) : r.snapshot !== null));
  for (const r of chosen) {
    const i = wanted ? wanted.indexOf(r.name) : -1;
    const where = i >= 0 ? `repos[${i}]` : "repos";
    if (!r.snapshot)
      issues.push({
        path: where,
        message: `${r.name} has no snapshot: import one with \`probebench snapshot import\``,
      });
    else if (input.harness !== "vanilla" && !r.snapshot.plans[0])
      issues.push({ path: where, message: `${r.name} has no pass plan` });
  }
  if (chosen.length === 0 && issues.length === 0)
    issues.push({ path: "repos", message: `no repository of ${benchmark.slug}@${benchmark.version} has a snapshot` });
  if (issues.length) throw new AppError("invalid_input", "The run cannot audit these repositories", issues);

  const passes = chosen.flatMap((r) => {
    const plan = r.snapshot?.plans[0] ? passPlanSchema.parse(r.snapshot.plans[0].plan) : null;
    return passesForHarness(input.harness, plan).map((p) => ({
      repositoryId: r.id,
      repo: r.name,
      passKey: p.passKey,
      files: p.files,
    }));
  });
  const run = await db.$transaction(async (tx) => {
    const created = await tx.auditRun.create({
      data: {
        benchmarkId: benchmark.id,
        createdById: actorId,
        model: input.model,
        reasoningEffort: input.reasoning_effort ?? null,
        baseUrl: input.base_url ?? null,
        harness: input.harness,
        repos: chosen.map((r) => r.name),
        budgetUsd: input.budget.usd ?? null,
        budgetTokens: input.budget.tokens ?? null,
        budgetWallMinutes: input.budget.wall_minutes ?? null,
        passesTotal: passes.length,
      },
    });
    await tx.auditPass.createMany({ data: passes.map((p, ordinal) => ({ ...p, runId: created.id, ordinal })) });
    await recordAuditLog(tx, {
      actorId,
      action: "audit_run.create",
      target: `audit_run:${created.id}`,
      details: {
        benchmark: `${benchmark.slug}@${benchmark.version}`,
        model: input.model,
        harness: input.harness,
        repos: chosen.length,
        passes: passes.length,
        budget: input.budget,
      },
    });
    return created;
  });
  // The rows exist first; a lost enqueue is picked up by the worker's start-up scan of queued runs.
  await enqueueAuditJob({ kind: "start-run", runId: run.id }).catch((error) =>
    log.error({ err: error, runId: run.id }, "could not queue the audit run"),
  );
  return { id: run.id, status: "queued", passes_total: passes.length };
}
