import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import { configuredLabeller } from "../../llm/attribution-classifier";
import { BUILD_STAGES, pipelineBlock } from "../../benchmark-build/stages";
import { benchmarkFileSchema, type BenchmarkFile } from "../../validation/benchmark-file";
import { NEWEST_VERSION_FIRST } from "../../validation/benchmark-ref";
import type { PublishedBuild } from "../../contracts/benchmark-builds";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { queueMissingReferenceLabels } from "../attribution/queue-reference-attribution";
import { importBenchmark } from "../benchmarks/import-benchmark";
import { SNAPSHOTS_STAGE, queueBuildStage } from "./queue-build-stage";

// Publishing a build: its surviving candidates (and those maintainers accepted or edited) become the reference set of
// a new, immutable benchmark version, imported like any benchmark file (lib/server/benchmarks/import-benchmark.ts)
// with its pipeline block (Table 1) and every repository's bug-fix commits with their dates; each T0 tree becomes the
// repository's snapshot through the snapshot import and its rules (in the worker, queued here); the false-positive auditor's marks become the
// version's agent rater (§2.2); bug types are queued with the one labeller when the version has a taxonomy.

type Report = {
  title: string;
  description: string;
  severity: "low" | "medium" | "high" | "critical";
  suggested_fix: string;
};

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function publishBuild(caller: { id: string }, buildId: string): Promise<PublishedBuild> {
  const build = await db.benchmarkBuild.findUnique({
    where: { id: buildId },
    include: {
      repositories: { orderBy: { name: "asc" } },
      stages: true,
      candidates: { orderBy: [{ fixedAt: "asc" }, { ordinal: "asc" }, { id: "asc" }] },
    },
  });
  if (!build) throw new AppError("not_found", `Unknown build ${buildId}`);
  if (build.status !== "review")
    throw new AppError(
      "conflict",
      `The build is ${build.status}: only a build whose stages are all done is published.`,
    );
  const counts = BUILD_STAGES.map(({ stage }) => ({
    stage,
    count: build.stages.find((s) => s.stage === stage)?.countOut ?? null,
  }));
  const pipeline = pipelineBlock(counts);
  if (!pipeline) throw new AppError("conflict", "A stage of the build has no count yet.");

  const included = build.candidates.filter((c) => {
    if (c.decision === "reject") return false;
    if (c.verdict === "kept" && c.stage === "audit") return true;
    // A maintainer may take back a candidate the pipeline dropped, when it has a place and a report.
    return (
      (c.decision === "accept" || c.decision === "edit") && c.file !== null && (c.editedReport ?? c.report) !== null
    );
  });
  const repoName = new Map(build.repositories.map((r) => [r.id, r.name]));
  const numbering = new Map<string, number>();
  const externalIds = new Map<string, string>();
  const referenceBugs: BenchmarkFile["reference_bugs"] = included.map((c) => {
    const repo = repoName.get(c.repositoryId)!;
    const n = (numbering.get(repo) ?? 0) + 1;
    numbering.set(repo, n);
    const id = `${repo.split("/")[1]}-${String(n).padStart(4, "0")}`;
    externalIds.set(c.id, id);
    const report = (c.editedReport ?? c.report) as Report;
    return {
      id,
      repo,
      file: c.file!,
      line_start: c.lineStart!,
      line_end: c.lineEnd!,
      title: report.title,
      description: report.description,
      code_snippet: c.codeSnippet ?? "",
      severity: report.severity,
      suggested_fix: report.suggested_fix || undefined,
      fix_commit: c.commitSha,
      fixed_at: c.fixedAt.toISOString(),
    } as BenchmarkFile["reference_bugs"][number];
  });
  const fixCommits = await db.benchmarkBuildCommit.findMany({
    where: { buildId, isBugFix: true },
    orderBy: { position: "asc" },
    select: { repositoryId: true, sha: true, committedAt: true },
  });
  const commitCounts = await db.benchmarkBuildCommit.groupBy({
    by: ["repositoryId"],
    where: { buildId },
    _count: { _all: true },
  });
  const previous = await db.benchmark.findFirst({
    where: { slug: build.slug },
    orderBy: [...NEWEST_VERSION_FIRST],
    select: { taxonomy: true },
  });
  const snapshotDate = /^\d{4}-\d{2}-\d{2}$/.test(build.snapshotRef)
    ? build.snapshotRef
    : day(build.repositories.map((r) => r.snapshotDate ?? new Date(0)).reduce((a, b) => (a > b ? a : b)));
  const file = benchmarkFileSchema.parse({
    slug: build.slug,
    name: build.name,
    version: build.version,
    snapshot_date: snapshotDate,
    reference_window_end: day(build.windowEnd),
    pipeline,
    description: `Built from the repositories' histories with the collection pipeline: snapshot ${build.snapshotRef}, fixes before ${day(build.windowEnd)}.`,
    ...(previous?.taxonomy ? { taxonomy: previous.taxonomy } : {}),
    repositories: build.repositories.map((r) => ({
      name: r.name,
      language: r.language,
      ...(r.snapshotCommit ? { snapshot_commit: r.snapshotCommit } : {}),
      commits: commitCounts.find((c) => c.repositoryId === r.id)?._count._all ?? 0,
      fix_commits: fixCommits
        .filter((c) => c.repositoryId === r.id)
        .map((c) => ({ sha: c.sha, date: c.committedAt.toISOString() })),
    })),
    reference_bugs: referenceBugs,
  });

  const imported = await importBenchmark(file, {
    onImported: async (tx, result) => {
      await tx.benchmarkBuild.update({
        where: { id: buildId },
        data: { status: "published", publishedBenchmarkId: result.id },
      });
      for (const [candidateId, externalId] of externalIds)
        await tx.benchmarkBuildCandidate.update({ where: { id: candidateId }, data: { externalId } });
      const bugs = await tx.referenceBug.findMany({
        where: { repository: { benchmarkId: result.id } },
        select: { id: true, externalId: true },
      });
      const bugId = new Map(bugs.map((b) => [b.externalId, b.id]));
      // A bug whose audit session ended without a verdict has no mark: the agent did not rate it.
      await tx.referenceAgentMark.createMany({
        data: included
          .filter((c) => c.auditGround)
          .map((c) => ({
            referenceBugId: bugId.get(externalIds.get(c.id)!)!,
            ground: c.auditGround!,
            rationale: [c.auditRationale ?? "", c.auditCitedOutput && `Cited output:\n${c.auditCitedOutput}`]
              .filter(Boolean)
              .join("\n\n"),
            model: c.auditModel ?? "unknown",
            promptVersion: c.auditPrompt ?? "unknown",
          })),
      });
      await recordAuditLog(tx, {
        actorId: caller.id,
        action: "benchmark_build.publish",
        target: `benchmark:${result.id}`,
        details: {
          build: buildId,
          version: result.key,
          pipeline,
          reference_bugs: referenceBugs.length,
          rejected: build.candidates.filter((c) => c.decision === "reject").length,
          edited: build.candidates.filter((c) => c.decision === "edit").length,
          accepted: build.candidates.filter((c) => c.decision === "accept").length,
        },
      });
    },
  });
  // The T0 trees are imported by the worker (the snapshot import plans passes with the planner, which the web bundle
  // does not carry): one job after the version exists.
  await queueBuildStage(buildId, SNAPSHOTS_STAGE);
  if (file.taxonomy) {
    const labeller = configuredLabeller(file.taxonomy);
    if (labeller.ok) await queueMissingReferenceLabels(imported.id, labeller.labeller);
  }
  return { key: imported.key, reference_bugs: imported.reference_bugs, snapshots: build.repositories.length };
}
