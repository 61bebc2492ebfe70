import { createReadStream, existsSync } from "node:fs";
import { chmod, mkdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";

// Snapshots are stored as canonical .tar.gz (lib/snapshots/canonical-tar.ts); a run extracts each one once into its
// work directory, which every pass of the run mounts read-only. Extraction goes to a temporary directory renamed into
// place, so passes starting at once never see half a tree. Member paths were checked at import; they are checked
// again here (no absolute paths, no `..`), since the store is only as trusted as its disk.

export async function extractSnapshot(archive: string, target: string): Promise<string> {
  if (existsSync(target)) return target;
  const temp = `${target}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(temp, { recursive: true, mode: 0o755 });
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const name = header.name;
    const clean = path.posix.normalize(name);
    const unsafe = clean.startsWith("/") || clean === ".." || clean.startsWith("../");
    // Failing the whole extraction (not next(error)): the pipeline below rejects with the reason.
    const finish = (error?: unknown) => (error ? extract.destroy(error as Error) : next());
    // The extraction's own error is the one reported; an entry stream destroyed with it must not throw again.
    stream.on("error", () => undefined);
    if (unsafe) {
      stream.resume();
      return finish(new Error(`snapshot member outside the tree: ${name}`));
    }
    const dest = path.join(temp, clean);
    const chunks: Buffer[] = [];
    stream.on("data", (c: unknown) => chunks.push(c as Buffer));
    stream.on("end", () => {
      (async () => {
        await mkdir(path.dirname(dest), { recursive: true, mode: 0o755 });
        if (header.type === "symlink") await symlink(header.linkname ?? "", dest);
        else if (header.type === "file") {
          await writeFile(dest, Buffer.concat(chunks));
          // World-readable: the process sandbox runs as nobody.
          await chmod(dest, (header.mode ?? 0o644) & 0o111 ? 0o755 : 0o644);
        }
      })().then(() => finish(), finish);
    });
  });
  try {
    await pipeline(createReadStream(archive), createGunzip(), extract);
    await chmod(temp, 0o755);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    // Another pass of the run extracted it first.
    if (existsSync(target)) return target;
    throw error;
  }
  return target;
}
