import { constants } from "node:fs";
import { lstat, open, readdir, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors";
import { compareText } from "../planner/select-files";
import { memberPath } from "./snapshot-rules";

// Reads of an extracted snapshot on the worker host (context documents, pass sources, the panel's repository tools).
// The tree is untrusted (docs/security.md): a path is taken apart one component at a time, each checked with lstat
// to be a real directory, and the file is opened with O_NOFOLLOW and compared with what lstat saw. A symbolic link
// anywhere on the way is refused, never followed, so no read reaches outside the snapshot, whatever its links say.

export type SnapshotDirEntry = { name: string; type: "file" | "dir" | "symlink"; size: number };

/** The slash-separated relative path, checked: no absolute path, no `..` above the root, no NUL. */
function relativeParts(rel: string): string[] {
  const normalised = memberPath(rel);
  return normalised === "" ? [] : normalised.split("/");
}

/** lstat of every component below `root`; throws when one is a symbolic link or not a directory. Null when missing. */
async function walkComponents(root: string, parts: readonly string[]): Promise<"ok" | null> {
  let current = root;
  for (let i = 0; i < parts.length; i++) {
    current = path.join(current, parts[i]!);
    const info = await lstat(current).catch(() => null);
    if (!info) return null;
    if (info.isSymbolicLink())
      throw new AppError(
        "invalid_input",
        `${parts.slice(0, i + 1).join("/")} is a symbolic link; links in a snapshot are never followed`,
      );
    if (i < parts.length - 1 && !info.isDirectory()) return null;
  }
  return "ok";
}

/**
 * The start of a regular file of the snapshot (at most `maxBytes`), or null when there is no such file. Symbolic
 * links (the file itself or any folder on its way) are refused with an AppError naming the link.
 */
export async function readSnapshotFile(
  root: string,
  rel: string,
  opts: { maxBytes?: number } = {},
): Promise<Buffer | null> {
  const parts = relativeParts(rel);
  if (parts.length === 0) return null;
  if ((await walkComponents(root, parts.slice(0, -1))) === null) return null;
  const full = path.join(root, ...parts);
  const seen = await lstat(full).catch(() => null);
  if (!seen) return null;
  if (seen.isSymbolicLink())
    throw new AppError(
      "invalid_input",
      `${parts.join("/")} is a symbolic link; links in a snapshot are never followed`,
    );
  if (!seen.isFile()) return null;
  const handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (!handle) return null;
  try {
    const opened = await handle.stat();
    // Swapped between lstat and open: not the file that was checked.
    if (opened.ino !== seen.ino || opened.dev !== seen.dev || !opened.isFile()) return null;
    return await readStart(handle, Math.min(opened.size, opts.maxBytes ?? opened.size));
  } finally {
    await handle.close();
  }
}

/** The first `size` bytes of an open file (fewer if it is shorter). */
export async function readStart(handle: FileHandle, size: number): Promise<Buffer> {
  const buffer = Buffer.alloc(size);
  let read = 0;
  while (read < size) {
    const { bytesRead } = await handle.read(buffer, read, size - read, read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return buffer.subarray(0, read);
}

/** A folder's entries (sorted by name; links listed as links, never followed), or null when there is no such folder. */
export async function listSnapshotDir(root: string, rel: string): Promise<SnapshotDirEntry[] | null> {
  const parts = relativeParts(rel);
  if ((await walkComponents(root, parts)) === null) return null;
  const dir = path.join(root, ...parts);
  const info = await lstat(dir).catch(() => null);
  if (!info?.isDirectory()) return null;
  const children = await readdir(dir, { withFileTypes: true });
  const out: SnapshotDirEntry[] = [];
  for (const child of children.sort((a, b) => compareText(a.name, b.name))) {
    if (child.isSymbolicLink()) out.push({ name: child.name, type: "symlink", size: 0 });
    else if (child.isDirectory()) out.push({ name: child.name, type: "dir", size: 0 });
    else if (child.isFile())
      out.push({ name: child.name, type: "file", size: (await lstat(path.join(dir, child.name))).size });
  }
  return out;
}

/** Relative paths of the snapshot's regular files, depth first with names in byte order, at most `maxEntries`; links are not entered. */
export async function walkSnapshotFiles(root: string, opts: { maxEntries?: number } = {}): Promise<string[]> {
  const limit = opts.maxEntries ?? Number.POSITIVE_INFINITY;
  const out: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    const children = await readdir(path.join(root, relative), { withFileTypes: true });
    for (const child of children.sort((a, b) => compareText(a.name, b.name))) {
      if (out.length >= limit) return;
      const rel = relative === "" ? child.name : `${relative}/${child.name}`;
      if (child.isDirectory()) await walk(rel);
      else if (child.isFile()) out.push(rel);
    }
  };
  await walk("");
  return out;
}
