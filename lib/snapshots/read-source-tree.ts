import { createReadStream } from "node:fs";
import { lstat, open, readdir, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { AppError } from "../errors";
import { normalizePath } from "../planner/resolve-imports";
import { compareText } from "../planner/select-files";

// Reads a repository snapshot (a directory, a .tar or a .tar.gz) into memory as it will be stored: revision history
// (.git, .hg, .svn) removed, paths relative and slash-separated, and every symbolic link checked to stay inside the
// tree. Benchmark repositories are source trees of some megabytes, so holding one in memory is fine.

export type TreeEntry =
  | { path: string; type: "file"; executable: boolean; content: Buffer }
  | { path: string; type: "symlink"; target: string };

export type SourceTree = { entries: TreeEntry[]; removedHistoryEntries: number };

const HISTORY = new Set([".git", ".hg", ".svn"]);
const isHistory = (relative: string) => relative.split("/").some((part) => HISTORY.has(part));

export async function readSourceTree(input: string): Promise<SourceTree> {
  const info = await lstat(input).catch(() => null);
  if (!info) throw new AppError("invalid_input", `${input} does not exist`);
  const tree = info.isDirectory() ? await readDirectory(input) : info.isFile() ? await readArchive(input) : null;
  if (!tree) throw new AppError("invalid_input", `${input} is neither a directory nor a .tar / .tar.gz file`);
  tree.entries.sort((a, b) => compareText(a.path, b.path));
  assertLinksStayInside(tree.entries);
  return tree;
}

async function readDirectory(root: string): Promise<SourceTree> {
  const entries: TreeEntry[] = [];
  let removedHistoryEntries = 0;
  const walk = async (relative: string): Promise<void> => {
    const children = await readdir(path.join(root, relative), { withFileTypes: true });
    for (const child of children) {
      const rel = relative === "" ? child.name : `${relative}/${child.name}`;
      const full = path.join(root, rel);
      if (HISTORY.has(child.name)) {
        removedHistoryEntries++;
        continue;
      }
      // Symbolic links are kept as links (never followed), so a link to a directory is not walked twice.
      if (child.isSymbolicLink()) entries.push({ path: rel, type: "symlink", target: await readlink(full) });
      else if (child.isDirectory()) await walk(rel);
      else if (child.isFile()) {
        const stat = await lstat(full);
        entries.push({ path: rel, type: "file", executable: (stat.mode & 0o111) !== 0, content: await readFile(full) });
      } else throw new AppError("invalid_input", `${rel} is not a regular file, directory or symbolic link`);
    }
  };
  await walk("");
  return { entries, removedHistoryEntries };
}

async function readArchive(file: string): Promise<SourceTree> {
  const handle = await open(file, "r");
  const magic = Buffer.alloc(2);
  await handle.read(magic, 0, 2, 0);
  await handle.close();
  const gzip = magic[0] === 0x1f && magic[1] === 0x8b;

  const byPath = new Map<string, TreeEntry>();
  let removedHistoryEntries = 0;
  const extract = tar.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      const { header } = entry;
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const rel = archivePath(header.name);
      if (rel === "") continue;
      if (isHistory(rel)) {
        removedHistoryEntries++;
        continue;
      }
      switch (header.type) {
        case "file":
        case "contiguous-file":
          byPath.set(rel, { path: rel, type: "file", executable: ((header.mode ?? 0) & 0o111) !== 0, content: Buffer.concat(chunks) });
          break;
        case "directory":
          break;
        case "symlink":
          byPath.set(rel, { path: rel, type: "symlink", target: header.linkname ?? "" });
          break;
        case "link": {
          // A hard link repeats the content of an earlier member of the archive.
          const target = byPath.get(archivePath(header.linkname ?? ""));
          if (target?.type !== "file") throw new AppError("invalid_input", `${rel} is a hard link to ${header.linkname}, which is not a file earlier in the archive`);
          byPath.set(rel, { ...target, path: rel });
          break;
        }
        default:
          throw new AppError("invalid_input", `${rel} is a ${header.type}, not a regular file, directory or symbolic link`);
      }
    }
  })();
  try {
    await Promise.all([pipeline(gzip ? [createReadStream(file), createGunzip(), extract] : [createReadStream(file), extract]), reading]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("invalid_input", `${file} is not a readable tar archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { entries: [...byPath.values()], removedHistoryEntries };
}

/** A member name as a relative path; members outside the tree (`/etc/x`, `../x`) are refused. */
function archivePath(name: string): string {
  const trimmed = name.replace(/\/+$/, "");
  const normalized = trimmed.startsWith("/") ? null : normalizePath(trimmed);
  if (normalized === null) throw new AppError("invalid_input", `The archive member ${name} lies outside the repository`);
  return normalized;
}

/** Refuses symbolic links that lead out of the tree (absolute, too many `..`, or through other links), or loop. */
export function assertLinksStayInside(entries: readonly TreeEntry[]): void {
  const links = new Map<string, string>();
  for (const e of entries) if (e.type === "symlink") links.set(e.path, e.target);
  const escaping = [...links.keys()].filter((link) => linkEscapes(links, link));
  if (escaping.length > 0) {
    const shown = escaping.slice(0, 5).map((l) => `${l} -> ${links.get(l)}`).join(", ");
    throw new AppError("invalid_input", `Symbolic links that leave the repository are refused: ${shown}${escaping.length > 5 ? ` and ${escaping.length - 5} more` : ""}`);
  }
}

// Follows the link inside the tree as a file system would, one path component at a time: a `..` above the root, an
// absolute target or a loop (more than 40 hops, as Linux allows) means the link escapes.
function linkEscapes(links: ReadonlyMap<string, string>, link: string): boolean {
  const resolved = link.split("/").slice(0, -1);
  let pending = links.get(link)!.split("/");
  if (links.get(link)!.startsWith("/")) return true;
  let hops = 0;
  while (pending.length > 0) {
    const part = pending.shift()!;
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (resolved.length === 0) return true;
      resolved.pop();
      continue;
    }
    resolved.push(part);
    const target = links.get(resolved.join("/"));
    if (target === undefined) continue;
    if (target.startsWith("/") || ++hops > 40) return true;
    resolved.pop();
    pending = [...target.split("/"), ...pending];
  }
  return false;
}
