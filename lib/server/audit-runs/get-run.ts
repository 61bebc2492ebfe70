import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { pageInfo, pageWindow } from "../pagination";
import { passSummary, runSummary } from "./run-view";
import { type listRunsQuerySchema } from "../../contracts/audit-runs";
import { findingSchema, type FindingInput } from "../../validation/findings-file";

async function passCounts(runIds: string[]) {
  const groups = await db.auditPass.groupBy({
    by: ["runId", "status"],
    where: { runId: { in: runIds } },
    _count: { _all: true },
  });
  const counts = new Map<string, { done: number; failed: number; running: number }>();
  for (const id of runIds) counts.set(id, { done: 0, failed: 0, running: 0 });
  for (const g of groups) {
    const c = counts.get(g.runId)!;
    if (g.status === "done") c.done += g._count._all;
    if (g.status === "failed") c.failed += g._count._all;
    if (g.status === "running") c.running += g._count._all;
  }
  return counts;
}

async function benchmarkKeys(ids: string[]) {
  const rows = await db.benchmark.findMany({
    where: { id: { in: ids } },
    select: { id: true, slug: true, version: true },
  });
  return new Map(rows.map((b) => [b.id, `${b.slug}@${b.version}`]));
}

/** A run with its passes (without transcripts). */
export async function getAuditRun(id: string) {
  const run = await db.auditRun.findUnique({ where: { id } });
  if (!run) throw new AppError("not_found", "Audit run not found");
  const [counts, keys, passes] = await Promise.all([
    passCounts([id]),
    benchmarkKeys([run.benchmarkId]),
    db.auditPass.findMany({ where: { runId: id }, orderBy: { ordinal: "asc" } }),
  ]);
  return {
    ...runSummary(run, keys.get(run.benchmarkId) ?? "?", counts.get(id)!),
    passes: passes.map(({ findings, ...p }) =>
      passSummary({ ...p, findingsCount: Array.isArray(findings) ? findings.length : 0 }),
    ),
  };
}

/** Runs, newest first, paginated. */
export async function listAuditRuns(query: z.output<typeof listRunsQuerySchema>) {
  const { page, per_page } = query;
  const [total, runs] = await Promise.all([
    db.auditRun.count(),
    db.auditRun.findMany({ orderBy: { createdAt: "desc" }, ...pageWindow(page, per_page) }),
  ]);
  const ids = runs.map((r) => r.id);
  const [counts, keys] = await Promise.all([
    passCounts(ids),
    benchmarkKeys([...new Set(runs.map((r) => r.benchmarkId))]),
  ]);
  return {
    runs: runs.map((r) => runSummary(r, keys.get(r.benchmarkId) ?? "?", counts.get(r.id)!)),
    pagination: pageInfo(total, page, per_page),
  };
}

/** A pass's stored findings: the submit tool kept only findings that passed the findings file's check. */
function storedFindings(json: unknown): FindingInput[] {
  return (Array.isArray(json) ? json : []).flatMap((f) => {
    const finding = findingSchema.safeParse(f);
    return finding.success ? [finding.data] : [];
  });
}

/** One pass with its transcript (the messages of its latest attempt) and findings. */
export async function getAuditPass(runId: string, passId: string) {
  const pass = await db.auditPass.findFirst({ where: { id: passId, runId } });
  if (!pass) throw new AppError("not_found", "Pass not found");
  const { findings, ...rest } = pass;
  const messages = await db.auditPassMessage.findMany({
    where: { passId, attempt: pass.attempts },
    orderBy: { seq: "asc" },
    select: { message: true },
  });
  return {
    ...passSummary({ ...rest, findingsCount: Array.isArray(findings) ? findings.length : 0 }),
    findings_list: storedFindings(findings),
    transcript: messages.map((m) => m.message),
  };
}
