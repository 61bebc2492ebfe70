import { constants } from "node:fs";
import { lstat, open, readdir } from "node:fs/promises";
import path from "node:path";

// Reads of an extracted snapshot that cannot leave it: relative paths only, no `..`, no symbolic link anywhere on
// the way, regular files only, bounded sizes. (Provisional copy of the shared module's interface; the shared one
// replaces it on merge.)

export type SnapshotDirEntry = { name: string; type: "file" | "dir" | "symlink"; size: number };

function parts(rel: string): string[] | null {
  if (rel.includes("\u0000") || path.posix.isAbsolute(rel) || path.isAbsolute(rel)) return null;
  const out = rel.split("/").filter((p) => p !== "" && p !== ".");
  return out.some((p) => p === "..") ? null : out;
}

/** The absolute path of `rel` under `root` when no component is a symbolic link, else null. */
async function resolveInside(root: string, rel: string): Promise<string | null> {
  const segments = parts(rel);
  if (!segments) return null;
  let current = path.resolve(root);
  for (const segment of segments) {
    current = path.join(current, segment);
    const info = await lstat(current).catch(() => null);
    if (!info || info.isSymbolicLink()) return null;
  }
  return current;
}

export async function readSnapshotFile(root: string, rel: string, opts: { maxBytes: number }): Promise<Buffer | null> {
  const full = await resolveInside(root, rel);
  if (!full) return null;
  const handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (!handle) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    const size = Math.min(info.size, opts.maxBytes);
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function listSnapshotDir(root: string, rel: string): Promise<SnapshotDirEntry[] | null> {
  const full = await resolveInside(root, rel);
  if (!full) return null;
  const info = await lstat(full).catch(() => null);
  if (!info?.isDirectory()) return null;
  const out: SnapshotDirEntry[] = [];
  for (const entry of await readdir(full, { withFileTypes: true })) {
    const stat = await lstat(path.join(full, entry.name)).catch(() => null);
    if (!stat) continue;
    const type = stat.isSymbolicLink() ? "symlink" : stat.isDirectory() ? "dir" : stat.isFile() ? "file" : null;
    if (type) out.push({ name: entry.name, type, size: type === "file" ? stat.size : 0 });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function walkSnapshotFiles(root: string, opts: { maxEntries: number }): Promise<string[]> {
  const out: string[] = [];
  const queue = [""];
  let seen = 0;
  while (queue.length > 0 && seen < opts.maxEntries) {
    const rel = queue.shift()!;
    const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (++seen > opts.maxEntries) break;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) queue.push(child);
      else if (entry.isFile()) out.push(child);
    }
  }
  return out;
}
