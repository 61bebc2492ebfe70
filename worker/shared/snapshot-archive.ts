import path from "node:path";
import { env } from "../../lib/env";

/** Where an imported snapshot's archive lives; audit passes and panel judges both mount it in their sandboxes. */
export function snapshotArchivePath(snapshot: { storagePath: string }): string {
  return path.resolve(env.SNAPSHOT_STORE, snapshot.storagePath);
}
