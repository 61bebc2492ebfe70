import { existsSync } from "node:fs";
import path from "node:path";
import { readPublishedBuild } from "../../../lib/server/benchmark-builds/build-stage-store";
import { SNAPSHOT_ARCHIVE } from "../../../lib/server/benchmark-builds/build-storage";
import { importSnapshot } from "../../../lib/server/snapshots/import-snapshot";
import { PermanentJobError } from "../../jobs/job-failure";

/**
 * After publication: each repository's T0 tree (exported by the commits stage) imported as the version's snapshot
 * through the snapshot import and its rules, with its pass plan. Importing the same tree again is a no-op.
 */
export async function importBuildSnapshots(buildId: string): Promise<number> {
  const { build, version } = await readPublishedBuild(buildId);
  if (!version)
    throw new PermanentJobError("The build is not published: there is no version to import snapshots into.");
  let imported = 0;
  for (const repo of build.repositories) {
    const archive = repo.bundlePath ? path.join(path.dirname(repo.bundlePath), SNAPSHOT_ARCHIVE) : null;
    if (!archive || !existsSync(archive)) continue;
    await importSnapshot({ benchmark: `${version.slug}@${version.version}`, repo: repo.name, source: archive });
    imported++;
  }
  return imported;
}
