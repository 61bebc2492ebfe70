import { createHash } from "node:crypto";
import { chmod, copyFile, link, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "../../env";
import { AppError } from "../../errors";

// Where a build's git bundles live: uploaded bundles by content (SNAPSHOT_STORE/build-bundles/<sha256>.bundle), and
// each build repository's own copy in a directory of its own (SNAPSHOT_STORE/builds/<build>/<repository>/), which the
// worker mounts read-only in the sandbox. Readable by everyone (the sandbox runs as nobody), writable by no one else.

/** The T0 tree the worker exports next to a repository's bundle, imported as the version's snapshot at publish. */
export const SNAPSHOT_ARCHIVE = "snapshot.tar.gz";

const BUNDLE_SIGNATURES = ["# v2 git bundle\n", "# v3 git bundle\n"];

function store(): string {
  return path.resolve(env.SNAPSHOT_STORE);
}

export function uploadedBundlePath(id: string): string {
  return path.join(store(), "build-bundles", `${id}.bundle`);
}

/** Stores an uploaded bundle under its content hash; refuses bytes that are not a git bundle. */
export async function storeUploadedBundle(bytes: Uint8Array): Promise<{ bundle: string; bytes: number }> {
  const head = Buffer.from(bytes.subarray(0, 32)).toString("latin1");
  if (!BUNDLE_SIGNATURES.some((s) => head.startsWith(s)))
    throw new AppError(
      "invalid_input",
      "The upload is not a git bundle (make one with `git bundle create repo.bundle --all`)",
      [{ path: "(root)", message: "not a git bundle" }],
    );
  const id = createHash("sha256").update(bytes).digest("hex");
  const target = uploadedBundlePath(id);
  if (!existsSync(target)) {
    await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
    const incoming = `${target}.${process.pid}-${Date.now()}.incoming`;
    await writeFile(incoming, bytes, { mode: 0o644 });
    await rename(incoming, target);
  }
  return { bundle: id, bytes: bytes.byteLength };
}

/** A build repository's own directory (created, readable by the sandbox's user), where its bundle goes. */
export async function repositoryBundleDir(buildId: string, repositoryId: string): Promise<string> {
  const dir = path.join(store(), "builds", buildId, repositoryId);
  await mkdir(dir, { recursive: true, mode: 0o755 });
  for (const d of [path.join(store(), "builds"), path.join(store(), "builds", buildId), dir]) await chmod(d, 0o755);
  return dir;
}

/** The build repository's bundle, placed in its own directory (a hard link to the upload where possible). */
export async function placeRepositoryBundle(buildId: string, repositoryId: string, source: string): Promise<string> {
  if (!existsSync(source)) throw new AppError("not_found", "The named bundle is not stored: upload it again");
  const dir = await repositoryBundleDir(buildId, repositoryId);
  const target = path.join(dir, "repo.bundle");
  await rm(target, { force: true });
  await link(source, target).catch(() => copyFile(source, target));
  await chmod(target, 0o644);
  return target;
}
