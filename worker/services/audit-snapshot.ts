import path from "node:path";
import { env } from "../../lib/env";
import { extractSnapshot } from "../../lib/sandbox/extract-snapshot";

/** The run's read-only copy of a snapshot (extracted once per run and snapshot; every pass mounts it at /repo). */
export async function snapshotDirFor(runId: string, snapshot: { sha256: string; storagePath: string }): Promise<string> {
  const archive = path.resolve(env.SNAPSHOT_STORE, snapshot.storagePath);
  const target = path.resolve(env.AUDIT_WORK_DIR, runId, snapshot.sha256);
  return extractSnapshot(archive, target);
}

export function runWorkDir(runId: string): string {
  return path.resolve(env.AUDIT_WORK_DIR, runId);
}
