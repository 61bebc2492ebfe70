import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import tar, { type Header } from "tar-stream";
import { afterEach, describe, expect, it } from "vitest";
import { packCanonicalTar, sha256Hex } from "./canonical-tar";
import { assertLinksStayInside, readSourceTree, type TreeEntry } from "./read-source-tree";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function makeTree(files: Record<string, string>, links: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), "probebench-tree-"));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  for (const [link, target] of Object.entries(links)) {
    mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
    symlinkSync(target, path.join(root, link));
  }
  return root;
}

async function makeTar(members: (Partial<Header> & { name: string })[], contents: Record<string, string> = {}, gzip = false): Promise<string> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const c of pack) chunks.push(c as Buffer);
  })();
  for (const header of members) pack.entry(header, contents[header.name] ?? "");
  pack.finalize();
  await done;
  const dir = makeTree({});
  const file = path.join(dir, gzip ? "repo.tar.gz" : "repo.tar");
  writeFileSync(file, gzip ? gzipSync(Buffer.concat(chunks)) : Buffer.concat(chunks));
  return file;
}

const paths = (entries: TreeEntry[]) => entries.map((e) => e.path);

describe("readSourceTree", () => {
  it("removes revision history and keeps links that stay inside", async () => {
    const root = makeTree(
      { "src/a.py": "x = 1\n", ".git/HEAD": "ref: refs/heads/main\n", ".git/objects/ab/cd": "blob", "vendor/lib/.hg/store": "x", "README.md": "hi\n" },
      { "docs/link.py": "../src/a.py", "src/self": "." },
    );
    const tree = await readSourceTree(root);
    expect(paths(tree.entries)).toEqual(["README.md", "docs/link.py", "src/a.py", "src/self"]);
    expect(tree.removedHistoryEntries).toBe(2);
  });

  it.each([
    ["an absolute target", { "src/passwd": "/etc/passwd" }],
    ["too many ..", { "src/up": "../../outside" }],
    ["a chain through another link", { "a/up": "..", "x": "a/up/../.." }],
    ["a loop", { "l1": "l2", "l2": "l1" }],
  ])("refuses a symlink that leaves the tree: %s", async (_label, links) => {
    const root = makeTree({ "src/a.py": "x = 1\n" }, links);
    await expect(readSourceTree(root)).rejects.toThrow(/Symbolic links that leave the repository are refused/);
  });

  it("reads .tar and .tar.gz archives, dropping history and refusing members and links outside the tree", async () => {
    const members = [
      { name: "./src/a.py", type: "file" as const, mode: 0o644 },
      { name: ".git/config", type: "file" as const, mode: 0o644 },
      { name: "bin/run", type: "file" as const, mode: 0o755 },
    ];
    const contents = { "./src/a.py": "x = 1\n", ".git/config": "[core]\n", "bin/run": "#!/bin/sh\n" };
    for (const gzip of [false, true]) {
      const tree = await readSourceTree(await makeTar(members, contents, gzip));
      expect(paths(tree.entries)).toEqual(["bin/run", "src/a.py"]);
      expect(tree.removedHistoryEntries).toBe(1);
      expect(tree.entries[0]).toMatchObject({ type: "file", executable: true });
    }
    await expect(readSourceTree(await makeTar([{ name: "../evil.py", type: "file" }]))).rejects.toThrow(/outside the repository/);
    await expect(readSourceTree(await makeTar([{ name: "src/x", type: "symlink", linkname: "../../etc/passwd" }]))).rejects.toThrow(/leave the repository/);
  });

  it("gives one canonical tar (and sha256) for the same files, whatever their times or source form", async () => {
    const files = { "b.py": "b = 2\n", "a/x.ts": "export const x = 1;\n" };
    const one = makeTree(files);
    const two = makeTree(files);
    utimesSync(path.join(two, "b.py"), new Date(2001, 1, 1), new Date(2001, 1, 1));
    const archive = await makeTar(
      [
        { name: "b.py", type: "file", mtime: new Date(2020, 1, 1), uid: 1000, uname: "someone" },
        { name: "a/x.ts", type: "file" },
      ],
      files,
      true,
    );
    const hashes = await Promise.all([one, two, archive].map(async (source) => sha256Hex(await packCanonicalTar((await readSourceTree(source)).entries))));
    expect(new Set(hashes).size).toBe(1);
    const changed = makeTree({ ...files, "b.py": "b = 3\n" });
    expect(sha256Hex(await packCanonicalTar((await readSourceTree(changed)).entries))).not.toBe(hashes[0]);
  });

  it("checks links without touching the disk", () => {
    expect(() => assertLinksStayInside([{ path: "a/b/c", type: "symlink", target: "../../d" }])).not.toThrow();
    expect(() => assertLinksStayInside([{ path: "a/b/c", type: "symlink", target: "../../../d" }])).toThrow();
  });
});
