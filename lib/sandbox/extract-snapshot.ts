import { constants, createReadStream, existsSync } from "node:fs";
import { chmod, lstat, mkdir, open, rename, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { DEFAULT_SNAPSHOT_LIMITS } from "../snapshots/read-source-tree";
import { canonicalMemberKind } from "../snapshots/check-snapshot-archive";
import { SnapshotChecker, type SnapshotLimits } from "../snapshots/snapshot-rules";

// Snapshots are stored as canonical .tar.gz (lib/snapshots/canonical-tar.ts); a run extracts each one once into its
// work directory, which every pass of the run mounts read-only. The store is only as trusted as its disk, so every
// member is checked again with the import's rules and bounds (lib/snapshots/snapshot-rules.ts) while it streams, and
// nothing written follows a link: folders are made one component at a time and checked with lstat, files are
// created with O_EXCL | O_NOFOLLOW (never opened if something is already there), and symbolic links are created
// last, once every member has been seen and every link shown to stay inside. A canonical snapshot holds only files
// and symbolic links; anything else is refused. Extraction goes to a temporary directory renamed into place, so
// passes starting at once never see half a tree.

const FILE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

export async function extractSnapshot(
  archive: string,
  target: string,
  limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS,
): Promise<string> {
  if (existsSync(target)) return target;
  await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
  const temp = `${target}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(temp, { mode: 0o755 });
  const checker = new SnapshotChecker(limits);
  const links: { path: string; target: string }[] = [];
  const extract = tar.extract();
  const writing = (async () => {
    for await (const entry of extract) {
      const { header } = entry;
      const admitted = checker.admit({
        name: header.name,
        kind: canonicalMemberKind(header.type),
        size: header.size ?? 0,
        linkname: header.linkname ?? undefined,
      });
      if (!admitted || admitted.kind !== "file") {
        for await (const _ of entry); // drained; links are made after the last member
        if (admitted?.kind === "symlink") links.push({ path: admitted.path, target: admitted.linkTarget! });
        continue;
      }
      const dest = await safeParent(temp, admitted.path);
      const handle = await open(dest, FILE_FLAGS, 0o600);
      try {
        for await (const chunk of entry) await handle.write(chunk as Buffer);
        // World-readable: the process sandbox runs as nobody.
        await handle.chmod((header.mode ?? 0o644) & 0o111 ? 0o755 : 0o644);
      } finally {
        await handle.close();
      }
    }
  })();
  const source = createReadStream(archive);
  try {
    await Promise.all([pipeline(source, createGunzip(), extract), writing]);
    checker.finish();
    for (const link of links) await symlink(link.target, await safeParent(temp, link.path));
    await chmod(temp, 0o755);
    await rename(temp, target);
  } catch (error) {
    source.destroy();
    extract.destroy();
    const refused = await writing.then(
      () => null,
      (e: unknown) => e,
    );
    await rm(temp, { recursive: true, force: true });
    // Another pass of the run extracted it first.
    if (existsSync(target)) return target;
    throw refused instanceof Error ? refused : error;
  }
  return target;
}

/** Makes the folders of `rel` under `root` one at a time, each checked to be a real folder; returns the full path. */
async function safeParent(root: string, rel: string): Promise<string> {
  const parts = rel.split("/");
  let current = root;
  for (const part of parts.slice(0, -1)) {
    current = path.join(current, part);
    await mkdir(current, { mode: 0o755 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    const info = await lstat(current);
    if (!info.isDirectory() || info.isSymbolicLink())
      throw new Error(`snapshot folder ${path.relative(root, current)} is not a real folder`);
  }
  return path.join(current, parts[parts.length - 1]!);
}
