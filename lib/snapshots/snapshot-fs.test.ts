import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listSnapshotDir, readSnapshotFile, walkSnapshotFiles } from "./snapshot-fs";

// A snapshot already on disk with the links a crafted archive would carry: reads must never leave it.
const outside = mkdtempSync(path.join(tmpdir(), "probebench-outside-"));
writeFileSync(path.join(outside, "secret.txt"), "OPENAI_API_KEY=sk-live\n");
const root = mkdtempSync(path.join(tmpdir(), "probebench-snapshot-"));
mkdirSync(path.join(root, "docs"));
writeFileSync(path.join(root, "docs", "README.md"), "# Tiny\n");
writeFileSync(path.join(root, "main.py"), "print('hi')\n");
symlinkSync("docs/README.md", path.join(root, "README.md"));
symlinkSync("/proc/self/environ", path.join(root, "environ"));
symlinkSync(outside, path.join(root, "out"));
symlinkSync(".", path.join(root, "a"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe("snapshot reads on the worker host", () => {
  it("reads regular files, bounded", async () => {
    expect((await readSnapshotFile(root, "docs/README.md"))?.toString()).toBe("# Tiny\n");
    expect((await readSnapshotFile(root, "./docs//README.md", { maxBytes: 3 }))?.toString()).toBe("# T");
    expect(await readSnapshotFile(root, "missing.py")).toBeNull();
    expect(await readSnapshotFile(root, "docs")).toBeNull();
  });

  it("refuses every symbolic link on the way, in the file or in a folder", async () => {
    await expect(readSnapshotFile(root, "environ")).rejects.toThrow(
      "environ is a symbolic link; links in a snapshot are never followed",
    );
    await expect(readSnapshotFile(root, "README.md")).rejects.toThrow("README.md is a symbolic link");
    await expect(readSnapshotFile(root, "out/secret.txt")).rejects.toThrow("out is a symbolic link");
    await expect(readSnapshotFile(root, "a/a/a/out/secret.txt")).rejects.toThrow("a is a symbolic link");
    await expect(listSnapshotDir(root, "out")).rejects.toThrow("out is a symbolic link");
  });

  it("refuses paths outside the tree", async () => {
    await expect(readSnapshotFile(root, "../x")).rejects.toThrow("lies outside the repository");
    await expect(readSnapshotFile(root, "/etc/passwd")).rejects.toThrow("is an absolute path");
    await expect(listSnapshotDir(root, "docs/../..")).rejects.toThrow("lies outside the repository");
  });

  it("lists folders and walks files without entering links", async () => {
    expect(await listSnapshotDir(root, "")).toEqual([
      { name: "README.md", type: "symlink", size: 0 },
      { name: "a", type: "symlink", size: 0 },
      { name: "docs", type: "dir", size: 0 },
      { name: "environ", type: "symlink", size: 0 },
      { name: "main.py", type: "file", size: 12 },
      { name: "out", type: "symlink", size: 0 },
    ]);
    expect(await listSnapshotDir(root, "nope")).toBeNull();
    expect(await walkSnapshotFiles(root)).toEqual(["docs/README.md", "main.py"]);
    expect(await walkSnapshotFiles(root, { maxEntries: 1 })).toEqual(["docs/README.md"]);
  });
});
