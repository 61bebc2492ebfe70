import { writeFile } from "node:fs/promises";
import path from "node:path";
import { recordCommitWindow } from "../../../lib/server/benchmark-builds/build-candidate-store";
import { recordRepositoryBundle } from "../../../lib/server/benchmark-builds/build-stage-store";
import { SNAPSHOT_ARCHIVE, repositoryBundleDir } from "../../../lib/server/benchmark-builds/build-storage";
import { snapshotLimits } from "../../../lib/server/snapshots/snapshot-limits";
import { PermanentJobError } from "../../jobs/job-failure";
import type { BuildRepo, StageContext } from "./build-context";
import { fetchCloneAsBundle } from "./fetch-clone";
import { bundleDirOf, listWindow, snapshotArchive } from "./git-queries";

// Stage 1 (deterministic): a clone URL fetched as a bundle (fetch-clone.ts), T0 resolved in each repository, the first-parent commits of its default branch in
// (T0, T1] listed, and the T0 tree exported for the version's snapshot (imported at publish through the snapshot
// import and its rules).

export async function runCommitsStage(ctx: StageContext, repos: readonly BuildRepo[]) {
  let total = 0;
  for (const fetched of repos) {
    const repo = fetched.bundlePath || !fetched.sourceUrl ? fetched : await fetchRepository(ctx, fetched);
    const bundleDir = bundleDirOf(repo);
    const listing = await listWindow(bundleDir, ctx.build.snapshotRef);
    if (listing.snapshot.date >= ctx.build.windowEnd)
      throw new PermanentJobError(`${repo.name}: the snapshot commit is not before the window's end.`);
    const inWindow = listing.commits.filter((c) => c.committedAt < ctx.build.windowEnd);
    const archive = await snapshotArchive(bundleDir, listing.snapshot.sha, snapshotLimits().maxBytes);
    await writeFile(path.join(bundleDir, SNAPSHOT_ARCHIVE), archive, { mode: 0o644 });
    await recordCommitWindow(
      repo.id,
      {
        snapshotCommit: listing.snapshot.sha,
        snapshotDate: listing.snapshot.date,
        defaultBranch: listing.defaultBranch,
      },
      inWindow.map((c, i) => ({
        buildId: ctx.build.id,
        sha: c.sha,
        parentSha: c.parentSha,
        committedAt: c.committedAt,
        subject: c.subject,
        position: i + 1,
      })),
    );
    total += inWindow.length;
  }
  return { countOut: total };
}

/** The repository's clone URL fetched into its directory; a stage run again after this keeps the bundle. */
async function fetchRepository(ctx: StageContext, repo: BuildRepo): Promise<BuildRepo> {
  const dir = await repositoryBundleDir(ctx.build.id, repo.id);
  const bundlePath = await fetchCloneAsBundle(repo.sourceUrl!, dir);
  return recordRepositoryBundle(repo.id, bundlePath);
}
