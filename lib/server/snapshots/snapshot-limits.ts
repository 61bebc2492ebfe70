import { env } from "../../env";
import type { SnapshotLimits } from "../../snapshots/snapshot-rules";

/** The configured bounds on one snapshot (SNAPSHOT_MAX_BYTES, SNAPSHOT_MAX_FILES, SNAPSHOT_MAX_FILE_BYTES). */
export function snapshotLimits(): SnapshotLimits {
  return {
    maxBytes: env.SNAPSHOT_MAX_BYTES,
    maxFiles: env.SNAPSHOT_MAX_FILES,
    maxFileBytes: env.SNAPSHOT_MAX_FILE_BYTES,
  };
}
