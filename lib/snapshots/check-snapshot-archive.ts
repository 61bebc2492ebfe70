import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { AppError } from "../errors";
import { SnapshotChecker, type SnapshotLimits } from "./snapshot-rules";

// A stored snapshot (canonical .tar.gz) read through the rules extraction applies, writing nothing: at import, the
// archive just written is checked this way before it is accepted (so an accepted snapshot extracts), and a stored
// snapshot an admin wants to replace must fail it (a version's snapshots never change while they extract).

/** The member kind extraction admits from a tar header: a canonical snapshot holds only files and symbolic links. */
export function canonicalMemberKind(type: string | null | undefined): string {
  if (type === "file" || type === "contiguous-file") return "file";
  if (type === "symlink") return "symlink";
  return `${type ?? "unknown"} (not in a canonical snapshot)`;
}

/** Throws an AppError naming the first member extraction would refuse (or why the archive cannot be read). */
export async function checkSnapshotArchive(archive: string, limits: SnapshotLimits): Promise<void> {
  const checker = new SnapshotChecker(limits);
  const extract = tar.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      const { header } = entry;
      checker.admit({
        name: header.name,
        kind: canonicalMemberKind(header.type),
        size: header.size ?? 0,
        linkname: header.linkname ?? undefined,
      });
      for await (const _ of entry); // drained: only the headers matter
    }
  })();
  const source = createReadStream(archive);
  try {
    await Promise.all([pipeline(source, createGunzip(), extract), reading]);
    checker.finish();
  } catch (error) {
    source.destroy();
    extract.destroy();
    const refused = await reading.then(
      () => null,
      (e: unknown) => e,
    );
    if (refused instanceof AppError) throw refused;
    if (error instanceof AppError) throw error;
    throw new AppError(
      "invalid_input",
      `The stored snapshot cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
