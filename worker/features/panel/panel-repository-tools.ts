import {
  GREP_MAX_FILES,
  GREP_MAX_MATCHES,
  READ_MAX_BYTES,
  formatDirListing,
  formatFileLines,
  formatGrep,
  grepContent,
  parseRepositoryCall,
  underPath,
} from "../../../lib/agent/repository-tools";
import { AppError } from "../../../lib/errors";
import { listSnapshotDir, readSnapshotFile, walkSnapshotFiles } from "../../../lib/snapshots/snapshot-fs";

// The panel judges' read-only repository tools on the worker: every read goes through snapshot-fs, confined to the
// extracted snapshot (no absolute paths, no `..`, no symbolic links, regular files only), with bounded sizes.

/** Walks at most this many entries of the tree (files and directories) for grep. */
const WALK_MAX_ENTRIES = 50_000;

/** The text the judge sees for one read_file, list_dir or grep call on the snapshot extracted at `root`. */
export async function runRepositoryTool(root: string, name: string, rawArgs: unknown): Promise<string> {
  try {
    return await repositoryTool(root, name, rawArgs);
  } catch (error) {
    // snapshot-fs refuses links and bad paths with a message naming them (our own text, safe to show the judge).
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

async function repositoryTool(root: string, name: string, rawArgs: unknown): Promise<string> {
  const call = parseRepositoryCall(name, rawArgs);
  if ("error" in call) return call.error;
  switch (call.tool) {
    case "read_file":
      return formatFileLines(
        call.path,
        await readSnapshotFile(root, call.path, { maxBytes: READ_MAX_BYTES }),
        call.start,
        call.end,
      );
    case "list_dir":
      return formatDirListing(call.path, await listSnapshotDir(root, call.path));
    case "grep": {
      const files = (await walkSnapshotFiles(root, { maxEntries: WALK_MAX_ENTRIES })).filter((f) =>
        underPath(f, call.path),
      );
      const matches: string[] = [];
      let scanned = 0;
      for (const file of files.slice(0, GREP_MAX_FILES)) {
        if (matches.length >= GREP_MAX_MATCHES) break;
        scanned++;
        // A file swapped for a link since the walk is skipped, not followed.
        const content = await readSnapshotFile(root, file, { maxBytes: READ_MAX_BYTES }).catch(() => null);
        if (content)
          matches.push(...grepContent(file, content, call.pattern, call.ignoreCase, GREP_MAX_MATCHES - matches.length));
      }
      return formatGrep(
        call.pattern,
        matches,
        scanned,
        Math.max(0, files.length - GREP_MAX_FILES),
        matches.length >= GREP_MAX_MATCHES,
      );
    }
  }
}
