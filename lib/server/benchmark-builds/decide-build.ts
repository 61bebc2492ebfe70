import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { DecideCandidateBody } from "../../contracts/benchmark-builds";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { getBuild, type BuildView } from "./build-view";
import { queueBuildStage } from "./queue-build-stage";
import type { BuildStageName } from "../../benchmark-build/stages";

// Maintainers' decisions on a build: a candidate accepted, rejected or edited (each in the audit log), and an admin's
// approval of spend past the budget, which also resumes a build whose stage failed.

export async function decideCandidate(
  caller: { id: string },
  buildId: string,
  candidateId: string,
  body: DecideCandidateBody,
): Promise<BuildView> {
  const candidate = await db.benchmarkBuildCandidate.findFirst({
    where: { id: candidateId, buildId },
    include: { build: { select: { status: true, slug: true, version: true } } },
  });
  if (!candidate) throw new AppError("not_found", `Unknown candidate ${candidateId} of build ${buildId}`);
  if (candidate.build.status === "published")
    throw new AppError("conflict", "The build is published: its version is immutable. Start a refresh instead.");
  await db.$transaction(async (tx) => {
    await tx.benchmarkBuildCandidate.update({
      where: { id: candidateId },
      data: {
        decision: body.decision,
        decisionBy: caller.id,
        ...(body.decision === "edit" ? { editedReport: body.report } : {}),
      },
    });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: `benchmark_build.candidate_${body.decision}`,
      target: `benchmark_build_candidate:${candidateId}`,
      reason: body.reason ?? null,
      details: {
        build: buildId,
        version: `${candidate.build.slug}@${candidate.build.version}`,
        commit: candidate.commitSha,
        stage: candidate.stage,
        verdict: candidate.verdict,
        ...(body.report ? { report: body.report } : {}),
      },
    });
  });
  return getBuild(buildId);
}

/** Approves spend past the budget (the budget rises to the estimate, or by half when already past it) and resumes. */
export async function approveBuild(caller: { id: string }, buildId: string): Promise<BuildView> {
  const build = await db.benchmarkBuild.findUnique({ where: { id: buildId }, include: { stages: true } });
  if (!build) throw new AppError("not_found", `Unknown build ${buildId}`);
  if (build.status !== "awaiting_approval" && build.status !== "failed")
    throw new AppError("conflict", `The build is ${build.status}: there is nothing to approve or resume.`);
  const estimate = Number((build.estimate as { cost_usd?: number } | null)?.cost_usd ?? 0);
  const budgetUsd = Math.max(build.budgetUsd, estimate * 1.25, build.spentUsd * 1.5);
  const pending = build.stages.filter((s) => s.status !== "done").sort((a, b) => a.position - b.position)[0];
  await db.$transaction(async (tx) => {
    await tx.benchmarkBuild.update({
      where: { id: buildId },
      data: { status: "running", error: null, approvedById: caller.id, budgetUsd },
    });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: "benchmark_build.approve",
      target: `benchmark_build:${buildId}`,
      details: { from: build.status, budget_usd: budgetUsd, estimate_usd: estimate, spent_usd: build.spentUsd },
    });
  });
  if (pending) await queueBuildStage(buildId, pending.stage as BuildStageName);
  return getBuild(buildId);
}
