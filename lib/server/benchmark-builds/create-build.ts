import "server-only";
import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import type { CreateBuildBody, RefreshBuildBody } from "../../contracts/benchmark-builds";
import { checkCloneUrl } from "../../benchmark-build/clone-url";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { placeRepositoryBundle, uploadedBundlePath } from "./build-storage";
import { getBuild, type BuildView } from "./build-view";
import { queueBuildStage } from "./queue-build-stage";

// Starting a build: its repositories and sources stored, its first stage (the commits, deterministic and free) queued.
// The model stages wait for that listing: only then is the build's cost estimated (lib/benchmark-build/estimate.ts),
// and an estimate above the budget waits for an admin's approval.

function windowEnd(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** Clone URLs on a host of the allowlist only; the worker checks addresses and redirects when it fetches. */
function checkCloneUrls(repositories: CreateBuildBody["repositories"]): void {
  const issues = repositories.flatMap((r, i) => {
    if (!r.url) return [];
    const target = checkCloneUrl(r.url, env.BUILD_CLONE_HOSTS);
    return "refused" in target ? [{ path: `repositories.${i}.url`, message: target.refused }] : [];
  });
  if (issues.length > 0) throw new AppError("invalid_input", "A clone URL is refused", issues);
}

async function checkNewVersion(slug: string, version: string): Promise<void> {
  const existing = await db.benchmark.findUnique({ where: { slug_version: { slug, version } } });
  if (existing) throw new AppError("conflict", `Benchmark ${slug} version ${version} already exists`);
}

export async function createBuild(
  caller: { id: string },
  body: CreateBuildBody,
  opts: {
    refreshOf?: string;
    sources?: Map<string, { kind: string; url: string | null; bundlePath: string | null }>;
  } = {},
): Promise<BuildView> {
  await checkNewVersion(body.slug, body.version);
  checkCloneUrls(body.repositories);
  const build = await db.$transaction(async (tx) => {
    const build = await tx.benchmarkBuild.create({
      data: {
        slug: body.slug,
        name: body.name,
        version: body.version,
        snapshotRef: body.snapshot.toLowerCase(),
        windowEnd: windowEnd(body.window_end),
        status: "running",
        budgetUsd: body.budget_usd ?? env.BUILD_DEFAULT_BUDGET_USD,
        estimate: {},
        createdById: caller.id,
        refreshOfId: opts.refreshOf ?? null,
      },
    });
    await recordAuditLog(tx, {
      actorId: caller.id,
      action: opts.refreshOf ? "benchmark_build.refresh" : "benchmark_build.start",
      target: `benchmark_build:${build.id}`,
      details: {
        version: `${body.slug}@${body.version}`,
        snapshot: body.snapshot,
        window_end: body.window_end,
        repositories: body.repositories.map((r) => r.name),
        ...(opts.refreshOf ? { refresh_of: opts.refreshOf } : {}),
      },
    });
    return build;
  });
  for (const r of body.repositories) {
    const previous = opts.sources?.get(r.name);
    const repo = await db.benchmarkBuildRepository.create({
      data: {
        buildId: build.id,
        name: r.name,
        language: r.language,
        sourceKind: r.url || previous?.kind === "url" ? "url" : "bundle",
        sourceUrl: r.url ?? previous?.url ?? null,
      },
    });
    // A refresh fetches a clone URL again (its history has moved on); a bundle is reused unless a newer one is named.
    const source = r.bundle ? uploadedBundlePath(r.bundle) : previous?.kind === "url" ? null : previous?.bundlePath;
    if (source)
      await db.benchmarkBuildRepository.update({
        where: { id: repo.id },
        data: { bundlePath: await placeRepositoryBundle(build.id, repo.id, source) },
      });
  }
  await queueBuildStage(build.id, "commits");
  return getBuild(build.id);
}

/** "Refresh": a build of the same repositories and sources as `id`, with a later T0 and T1, as a new version. */
export async function refreshBuild(caller: { id: string }, id: string, body: RefreshBuildBody): Promise<BuildView> {
  const old = await db.benchmarkBuild.findUnique({ where: { id }, include: { repositories: true } });
  if (!old) throw new AppError("not_found", `Unknown build ${id}`);
  if (body.window_end <= old.windowEnd.toISOString().slice(0, 10))
    throw new AppError("invalid_input", "A refresh's window must end after the refreshed build's", [
      { path: "window_end", message: `must be after ${old.windowEnd.toISOString().slice(0, 10)}` },
    ]);
  return createBuild(
    caller,
    {
      slug: old.slug,
      name: old.name,
      version: body.version,
      snapshot: body.snapshot,
      window_end: body.window_end,
      budget_usd: body.budget_usd ?? old.budgetUsd,
      repositories: old.repositories.map((r) => ({
        name: r.name,
        language: r.language,
        bundle: body.bundles?.[r.name],
      })),
    },
    {
      refreshOf: old.id,
      sources: new Map(
        old.repositories.map((r) => [r.name, { kind: r.sourceKind, url: r.sourceUrl, bundlePath: r.bundlePath }]),
      ),
    },
  );
}
