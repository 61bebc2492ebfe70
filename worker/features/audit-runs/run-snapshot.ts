import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { isRunOpen } from "../../../lib/server/audit-runs/audit-run-store";
import { env } from "../../../lib/env";
import { extractSnapshot } from "../../../lib/sandbox/extract-snapshot";
import { snapshotLimits } from "../../../lib/server/snapshots/snapshot-limits";
import { snapshotArchivePath } from "../../shared/snapshot-archive";

/** The run's read-only copy of a snapshot (extracted once per run and snapshot; every pass mounts it at /repo). */
export async function snapshotDirFor(
  runId: string,
  snapshot: { sha256: string; storagePath: string },
): Promise<string> {
  const archive = snapshotArchivePath(snapshot);
  const target = path.resolve(env.AUDIT_WORK_DIR, runId, snapshot.sha256);
  return extractSnapshot(archive, target, snapshotLimits());
}

function runWorkDir(runId: string): string {
  return path.resolve(env.AUDIT_WORK_DIR, runId);
}

/** Removes the extracted snapshots of runs that have ended (all of them, or the one given). */
export async function removeEndedRunDirs(runId?: string): Promise<number> {
  const ids = runId ? [runId] : await readdir(path.resolve(env.AUDIT_WORK_DIR)).catch(() => [] as string[]);
  let removed = 0;
  for (const id of ids) {
    if (await isRunOpen(id)) continue;
    await rm(runWorkDir(id), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
