import { AppError } from "../errors";
import { normalisePath } from "../planner/resolve-imports";

// The rules every member of a repository snapshot obeys, checked one member at a time while an archive streams in:
// at import (lib/snapshots/read-source-tree.ts) and again at every extraction (lib/sandbox/extract-snapshot.ts), since
// the store is only as trusted as its disk. A snapshot is untrusted input (docs/security.md): no member may name a
// path outside the tree, pass through a symbolic link or a file, link out of the tree, or have a name a file system
// refuses; and its size is bounded before any member is read (hard links counted as the copies they become), so a
// small archive cannot make the reader hold gigabytes. The same rules at both ends: an accepted snapshot extracts.

export type SnapshotLimits = {
  /** Uncompressed bytes of all members together, revision history included. */
  maxBytes: number;
  /** Members of every kind, revision history included. */
  maxFiles: number;
  /** Bytes of any one member. */
  maxFileBytes: number;
};

export type MemberKind = "file" | "directory" | "symlink" | "hardlink";

export type MemberHeader = { name: string; kind: MemberKind | string; size: number; linkname?: string };

/** A member as admitted: its normalised path, or null when it is the tree's root or revision history (skipped). */
export type AdmittedMember = { path: string; kind: MemberKind; linkTarget?: string } | null;

// What a Linux file system takes: 255 bytes a name (NAME_MAX), 4,096 a path with its NUL (PATH_MAX). A snapshot's
// paths are extracted below a work directory (AUDIT_WORK_DIR/<run>/<sha256>.tmp-...), and a symbolic link's target
// is stored whole: both are held to 3,072 bytes, which leaves a work directory path of up to 1,000 bytes.
const MAX_NAME_BYTES = 255;
export const MAX_PATH_BYTES = 3_072;

const HISTORY = new Set([".git", ".hg", ".svn"]);
export const isHistoryPath = (relative: string) => relative.split("/").some((part) => HISTORY.has(part));

const ALLOWED_KINDS: ReadonlySet<string> = new Set<MemberKind>(["file", "directory", "symlink", "hardlink"]);

function formatBytes(n: number): string {
  if (n >= 1024 ** 3 && n % 1024 ** 3 === 0) return `${n / 1024 ** 3} GiB`;
  if (n >= 1024 ** 2) return `${Math.round(n / 1024 ** 2)} MiB`;
  return `${n} bytes`;
}

const refuse = (message: string): never => {
  throw new AppError("invalid_input", message);
};

/** A member name as a path relative to the tree; absolute names and `..` above the root are refused. */
export function memberPath(name: string): string {
  const trimmed = name.replace(/\/+$/, "");
  if (trimmed.startsWith("/")) refuse(`The snapshot member ${JSON.stringify(name)} is an absolute path`);
  if (trimmed.includes("\0")) refuse(`The snapshot member ${JSON.stringify(name)} holds a NUL character`);
  const normalised = normalisePath(trimmed);
  if (normalised === null)
    refuse(`The snapshot member ${JSON.stringify(name)} lies outside the repository (".." above its root)`);
  return normalised!;
}

export class SnapshotChecker {
  private readonly kinds = new Map<string, "file" | "symlink" | "directory">();
  private readonly links = new Map<string, string>();
  // Sizes of the regular files admitted: a hard link is stored (and extracted) as a copy of its file.
  private readonly sizes = new Map<string, number>();
  private members = 0;
  private bytes = 0;
  removedHistoryEntries = 0;

  constructor(private readonly limits: SnapshotLimits) {}

  /**
   * Checks one member before its content is read, and records it. Throws an AppError naming the member on the
   * first rule it breaks; the caller stops reading the archive there.
   */
  admit(header: MemberHeader): AdmittedMember {
    this.members++;
    if (this.members > this.limits.maxFiles) {
      refuse(
        `The snapshot holds more than ${this.limits.maxFiles.toLocaleString("en-US")} members (SNAPSHOT_MAX_FILES); refused at ${JSON.stringify(header.name)}`,
      );
    }
    const size = Math.max(0, header.size);
    if (size > this.limits.maxFileBytes) {
      refuse(
        `The snapshot member ${JSON.stringify(header.name)} is ${formatBytes(size)}, over the ${formatBytes(this.limits.maxFileBytes)} allowed per file (SNAPSHOT_MAX_FILE_BYTES)`,
      );
    }
    this.bytes += size;
    if (this.bytes > this.limits.maxBytes) {
      refuse(
        `The snapshot is over ${formatBytes(this.limits.maxBytes)} uncompressed (SNAPSHOT_MAX_BYTES); refused at ${JSON.stringify(header.name)}`,
      );
    }
    if (!ALLOWED_KINDS.has(header.kind)) {
      refuse(
        `The snapshot member ${JSON.stringify(header.name)} is a ${header.kind}, not a regular file, directory or link`,
      );
    }
    const kind = header.kind as MemberKind;
    const rel = memberPath(header.name);
    if (rel === "") return null;
    if (isHistoryPath(rel)) {
      this.removedHistoryEntries++;
      return null;
    }

    const parts = rel.split("/");
    assertNameFits(header.name, rel, parts);
    for (let i = 1; i < parts.length; i++) {
      const prefix = parts.slice(0, i).join("/");
      const seen = this.kinds.get(prefix);
      if (seen === "symlink")
        refuse(`The snapshot member ${JSON.stringify(header.name)} passes through the symbolic link ${prefix}`);
      if (seen === "file")
        refuse(`The snapshot member ${JSON.stringify(header.name)} passes through the file ${prefix}`);
      if (seen === undefined) this.kinds.set(prefix, "directory");
    }
    const seen = this.kinds.get(rel);
    if (kind === "directory") {
      if (seen !== undefined && seen !== "directory")
        refuse(`The snapshot member ${JSON.stringify(header.name)} is a directory and a ${seen} at once`);
      this.kinds.set(rel, "directory");
      return { path: rel, kind };
    }
    if (seen === "directory")
      refuse(
        `The snapshot member ${JSON.stringify(header.name)} is a ${kind === "symlink" ? "symbolic link" : "file"} and a directory at once`,
      );
    if (seen !== undefined) refuse(`The snapshot member ${JSON.stringify(header.name)} appears twice`);

    if (kind === "hardlink") {
      // A hard link may only repeat the content of an earlier regular file of the same archive.
      const target = header.linkname === undefined ? undefined : memberPathOrNull(header.linkname);
      if (target === undefined || target === null || this.kinds.get(target) !== "file") {
        refuse(
          `The snapshot member ${JSON.stringify(header.name)} is a hard link to ${JSON.stringify(header.linkname ?? "")}, which is not a regular file earlier in the archive`,
        );
      }
      // Its bytes count again: the canonical snapshot holds the link as a copy of the file.
      this.bytes += this.sizes.get(target!) ?? 0;
      if (this.bytes > this.limits.maxBytes) {
        refuse(
          `The snapshot is over ${formatBytes(this.limits.maxBytes)} uncompressed (SNAPSHOT_MAX_BYTES), counting each hard link as a copy of its file; refused at ${JSON.stringify(header.name)}`,
        );
      }
      this.kinds.set(rel, "file");
      this.sizes.set(rel, this.sizes.get(target!) ?? 0);
      return { path: rel, kind, linkTarget: target! };
    }
    if (kind === "symlink") {
      const target = header.linkname ?? "";
      if (target === "" || target.includes("\0"))
        refuse(`The symbolic link ${JSON.stringify(header.name)} has an empty or invalid target`);
      if (Buffer.byteLength(target) > MAX_PATH_BYTES)
        refuse(
          `The symbolic link ${JSON.stringify(header.name)} has a target of ${Buffer.byteLength(target)} bytes, over the ${MAX_PATH_BYTES} allowed`,
        );
      this.kinds.set(rel, "symlink");
      this.links.set(rel, target);
      return { path: rel, kind, linkTarget: target };
    }
    this.kinds.set(rel, "file");
    this.sizes.set(rel, size);
    return { path: rel, kind };
  }

  /** After the last member: every symbolic link, resolved through the archive's other links, stays inside. */
  finish(): void {
    assertLinksStayInside(this.links);
  }
}

/** Refuses a path a file system would not take (a name over 255 bytes, a path over MAX_PATH_BYTES), naming it. */
function assertNameFits(name: string, rel: string, parts: readonly string[]): void {
  const long = parts.find((part) => Buffer.byteLength(part) > MAX_NAME_BYTES);
  if (long !== undefined)
    refuse(
      `The snapshot member ${JSON.stringify(name)} has a name of ${Buffer.byteLength(long)} bytes (${JSON.stringify(long.slice(0, 40))}...), over the ${MAX_NAME_BYTES} a file system allows`,
    );
  if (Buffer.byteLength(rel) > MAX_PATH_BYTES)
    refuse(
      `The snapshot member ${JSON.stringify(name)} has a path of ${Buffer.byteLength(rel)} bytes, over the ${MAX_PATH_BYTES} allowed`,
    );
}

function memberPathOrNull(name: string): string | null {
  try {
    return memberPath(name);
  } catch {
    return null;
  }
}

/** Refuses symbolic links that lead out of the tree (absolute, too many `..`, or through other links), or loop. */
export function assertLinksStayInside(links: ReadonlyMap<string, string>): void {
  const escaping = [...links.keys()].filter((link) => linkEscapes(links, link));
  if (escaping.length > 0) {
    const shown = escaping
      .slice(0, 5)
      .map((l) => `${l} -> ${links.get(l)}`)
      .join(", ");
    refuse(
      `Symbolic links that leave the repository are refused: ${shown}${escaping.length > 5 ? ` and ${escaping.length - 5} more` : ""}`,
    );
  }
}

// Follows the link inside the tree as a file system would, one path component at a time: a `..` above the root, an
// absolute target or a loop (more than 40 hops, as Linux allows) means the link escapes. The folder that holds the
// link is a real directory: members whose path passes through a link are refused in admit().
function linkEscapes(links: ReadonlyMap<string, string>, link: string): boolean {
  const first = links.get(link)!;
  if (first.startsWith("/")) return true;
  const resolved = link.split("/").slice(0, -1);
  let pending = first.split("/");
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
