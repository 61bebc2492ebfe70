import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { BuildList, BuildView } from "../../contracts/benchmark-builds";
import { BUILD_STAGES, table1Rows, type BuildStageName } from "../../benchmark-build/stages";

export type { BuildView };

type Report = { title: string; description: string; severity: string; suggested_fix: string };

/** A build with Table 1 so far (each stage's count and change) and every candidate's trail. */
export async function getBuild(id: string): Promise<BuildView> {
  const build = await db.benchmarkBuild.findUnique({
    where: { id },
    include: {
      repositories: { orderBy: { name: "asc" } },
      stages: true,
      candidates: {
        orderBy: [{ fixedAt: "asc" }, { ordinal: "asc" }],
        include: { repository: { select: { name: true } } },
      },
    },
  });
  if (!build) throw new AppError("not_found", `Unknown build ${id}`);
  const stageRows = new Map(build.stages.map((s) => [s.stage, s]));
  const rows = table1Rows(BUILD_STAGES.map(({ stage }) => ({ stage, count: stageRows.get(stage)?.countOut ?? null })));
  const published = build.publishedBenchmarkId
    ? await db.benchmark.findUnique({
        where: { id: build.publishedBenchmarkId },
        select: { slug: true, version: true },
      })
    : null;
  return {
    id: build.id,
    slug: build.slug,
    name: build.name,
    version: build.version,
    snapshot: build.snapshotRef,
    window_end: build.windowEnd.toISOString().slice(0, 10),
    status: build.status,
    error: build.error,
    budget_usd: build.budgetUsd,
    spent_usd: Math.round(build.spentUsd * 1e4) / 1e4,
    estimate: (build.estimate ?? {}) as Record<string, number>,
    published: published ? `${published.slug}@${published.version}` : null,
    refresh_of: build.refreshOfId,
    repositories: build.repositories.map((r) => ({
      name: r.name,
      language: r.language,
      source: r.sourceKind === "url" ? (r.sourceUrl ?? "url") : "bundle",
      snapshot_commit: r.snapshotCommit,
      default_branch: r.defaultBranch,
    })),
    table1: rows.map((r) => {
      const s = stageRows.get(r.stage as BuildStageName);
      return {
        ...r,
        status: s?.status ?? null,
        model_calls: s?.modelCalls ?? 0,
        input_tokens: s?.inputTokens ?? 0,
        cached_input_tokens: s?.cachedInputTokens ?? 0,
        output_tokens: s?.outputTokens ?? 0,
        cost_usd: Math.round((s?.costUsd ?? 0) * 1e4) / 1e4,
        error: s?.error ?? null,
      };
    }),
    candidates: build.candidates.map((c) => ({
      id: c.id,
      repo: c.repository.name,
      commit: c.commitSha,
      fixed_at: c.fixedAt.toISOString(),
      stage: c.stage,
      verdict: c.verdict as "kept" | "dropped" | "duplicate",
      ground: c.ground,
      introduced_by: c.introducedBy,
      low_confidence: c.lowConfidence,
      parent_location: { file: c.parentFile, line_start: c.parentLineStart, line_end: c.parentLineEnd },
      insertion: c.insertion,
      location:
        c.file && c.lineStart !== null && c.lineEnd !== null
          ? { file: c.file, line_start: c.lineStart, line_end: c.lineEnd }
          : null,
      summary: c.summary,
      rationale: (c.rationale ?? {}) as Record<string, string>,
      report: ((c.editedReport ?? c.report) as Report | null) ?? null,
      duplicate_of: c.duplicateOfId,
      audit: c.auditRationale === null ? null : auditView(c),
      decision: c.decision as "accept" | "reject" | "edit" | null,
      reference_bug_id: c.externalId,
    })),
    created_at: build.createdAt.toISOString(),
  };
}

/** The audit agent's mark: kept (`none`), flagged with a ground and its cited output, or no verdict (not rated). */
function auditView(c: { auditGround: string | null; auditRationale: string | null; auditCitedOutput: string | null }) {
  const verdict = c.auditGround === null ? "no_verdict" : c.auditGround === "none" ? "keep" : "flag";
  return {
    verdict,
    ground: c.auditGround,
    rationale: c.auditRationale ?? "",
    cited_output: c.auditCitedOutput,
  } as const;
}

export async function listBuilds(): Promise<BuildList> {
  const builds = await db.benchmarkBuild.findMany({ orderBy: { createdAt: "desc" }, take: 200 });
  return {
    builds: builds.map((b) => ({
      id: b.id,
      key: `${b.slug}@${b.version}`,
      status: b.status,
      snapshot: b.snapshotRef,
      window_end: b.windowEnd.toISOString().slice(0, 10),
      spent_usd: Math.round(b.spentUsd * 1e4) / 1e4,
      created_at: b.createdAt.toISOString(),
    })),
  };
}
