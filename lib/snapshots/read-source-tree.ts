import { constants, createReadStream } from "node:fs";
import { lstat, open, readdir, readlink } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { AppError } from "../errors";
import { compareText } from "../planner/select-files";
import { readStart } from "./snapshot-fs";
import { SnapshotChecker, isHistoryPath, type MemberKind, type SnapshotLimits } from "./snapshot-rules";

// Reads a repository snapshot (a directory, a .tar or a .tar.gz) into memory as it will be stored: revision history
// (.git, .hg, .svn) removed, paths relative and slash-separated. Every member obeys the snapshot rules
// (lib/snapshots/snapshot-rules.ts) and its size is checked before it is read, so the memory held is bounded by
// SNAPSHOT_MAX_BYTES whatever the archive claims or compresses to.

export type TreeEntry =
  | { path: string; type: "file"; executable: boolean; content: Buffer }
  | { path: string; type: "symlink"; target: string };

export type SourceTree = { entries: TreeEntry[]; removedHistoryEntries: number };

// The defaults of SNAPSHOT_MAX_BYTES, SNAPSHOT_MAX_FILES and SNAPSHOT_MAX_FILE_BYTES (docs/security.md).
export const DEFAULT_SNAPSHOT_LIMITS: SnapshotLimits = {
  maxBytes: 1024 ** 3,
  maxFiles: 100_000,
  maxFileBytes: 64 * 1024 ** 2,
};

export async function readSourceTree(
  input: string,
  limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS,
): Promise<SourceTree> {
  const info = await lstat(input).catch(() => null);
  if (!info) throw new AppError("invalid_input", `${input} does not exist`);
  const checker = new SnapshotChecker(limits);
  const entries = info.isDirectory()
    ? await readDirectory(input, checker)
    : info.isFile()
      ? await readArchive(input, checker)
      : null;
  if (!entries) throw new AppError("invalid_input", `${input} is neither a directory nor a .tar / .tar.gz file`);
  checker.finish();
  entries.sort((a, b) => compareText(a.path, b.path));
  return { entries, removedHistoryEntries: checker.removedHistoryEntries };
}

async function readDirectory(root: string, checker: SnapshotChecker): Promise<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  const walk = async (relative: string): Promise<void> => {
    const children = await readdir(path.join(root, relative), { withFileTypes: true });
    children.sort((a, b) => compareText(a.name, b.name));
    for (const child of children) {
      const rel = relative === "" ? child.name : `${relative}/${child.name}`;
      const full = path.join(root, rel);
      // Revision history is skipped whole, without reading it.
      if (isHistoryPath(child.name)) {
        checker.removedHistoryEntries++;
        continue;
      }
      // Symbolic links are kept as links (never followed), so a link to a directory is not walked twice.
      const stat = await lstat(full);
      const kind: MemberKind | string = stat.isSymbolicLink()
        ? "symlink"
        : stat.isDirectory()
          ? "directory"
          : stat.isFile()
            ? "file"
            : "special file";
      const target = kind === "symlink" ? await readlink(full) : undefined;
      const admitted = checker.admit({ name: rel, kind, size: kind === "file" ? stat.size : 0, linkname: target });
      if (!admitted) continue;
      if (kind === "directory") await walk(rel);
      else if (kind === "symlink") entries.push({ path: admitted.path, type: "symlink", target: target! });
      else
        entries.push({
          path: admitted.path,
          type: "file",
          executable: (stat.mode & 0o111) !== 0,
          content: await readBounded(full, stat.size),
        });
    }
  };
  await walk("");
  return entries;
}

/** Reads at most `size` bytes (the size admitted), never following a link put there since. */
async function readBounded(file: string, size: number): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return await readStart(handle, size);
  } finally {
    await handle.close();
  }
}

const TAR_KINDS: Record<string, MemberKind> = {
  file: "file",
  "contiguous-file": "file",
  directory: "directory",
  symlink: "symlink",
  link: "hardlink",
};

async function readArchive(file: string, checker: SnapshotChecker): Promise<TreeEntry[]> {
  const handle = await open(file, "r");
  const magic = Buffer.alloc(2);
  await handle.read(magic, 0, 2, 0);
  await handle.close();
  const gzip = magic[0] === 0x1f && magic[1] === 0x8b;

  const byPath = new Map<string, TreeEntry>();
  const extract = tar.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      const { header } = entry;
      // Checked before a byte of the member is read: an oversized member stops the whole read here.
      const admitted = checker.admit({
        name: header.name,
        kind: TAR_KINDS[header.type ?? "file"] ?? header.type ?? "unknown",
        size: header.size ?? 0,
        linkname: header.linkname ?? undefined,
      });
      if (!admitted || admitted.kind !== "file") for await (const _ of entry); // drained, never kept
      if (!admitted) continue;
      if (admitted.kind === "file") {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        byPath.set(admitted.path, {
          path: admitted.path,
          type: "file",
          executable: ((header.mode ?? 0) & 0o111) !== 0,
          content: Buffer.concat(chunks),
        });
      } else if (admitted.kind === "symlink")
        byPath.set(admitted.path, { path: admitted.path, type: "symlink", target: admitted.linkTarget! });
      else if (admitted.kind === "hardlink") {
        // A hard link repeats the content of an earlier regular file of the archive (checked in admit()).
        const target = byPath.get(admitted.linkTarget!) as Extract<TreeEntry, { type: "file" }>;
        byPath.set(admitted.path, { ...target, path: admitted.path });
      }
    }
  })();
  const source = createReadStream(file);
  try {
    await Promise.all([pipeline(gzip ? [source, createGunzip(), extract] : [source, extract]), reading]);
  } catch (error) {
    // Stop reading at once: the refused member and whatever follows it are never decompressed.
    source.destroy();
    extract.destroy();
    await reading.catch(() => undefined);
    if (error instanceof AppError) throw error;
    const refused = await reading.then(
      () => null,
      (e: unknown) => e,
    );
    if (refused instanceof AppError) throw refused;
    throw new AppError(
      "invalid_input",
      `${path.basename(file)} is not a readable tar archive: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return [...byPath.values()];
}
