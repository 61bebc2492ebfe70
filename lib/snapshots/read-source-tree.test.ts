import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import tar, { type Header } from "tar-stream";
import { afterEach, describe, expect, it } from "vitest";
import { packCanonicalTar, sha256Hex, writeCanonicalTarGz } from "./canonical-tar";
import { checkSnapshotArchive } from "./check-snapshot-archive";
import { readSourceTree, type TreeEntry } from "./read-source-tree";
import { assertLinksStayInside, MAX_PATH_BYTES } from "./snapshot-rules";

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

async function makeTar(
  members: (Partial<Header> & { name: string })[],
  contents: Record<string, string> = {},
  gzip = false,
): Promise<string> {
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
      {
        "src/a.py": "x = 1\n",
        ".git/HEAD": "ref: refs/heads/main\n",
        ".git/objects/ab/cd": "blob",
        "vendor/lib/.hg/store": "x",
        "README.md": "hi\n",
      },
      { "docs/link.py": "../src/a.py", "src/self": "." },
    );
    const tree = await readSourceTree(root);
    expect(paths(tree.entries)).toEqual(["README.md", "docs/link.py", "src/a.py", "src/self"]);
    expect(tree.removedHistoryEntries).toBe(2);
  });

  it.each([
    ["an absolute target", { "src/passwd": "/etc/passwd" }],
    ["too many ..", { "src/up": "../../outside" }],
    ["a chain through another link", { "a/up": "..", x: "a/up/../.." }],
    ["a loop", { l1: "l2", l2: "l1" }],
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
    await expect(readSourceTree(await makeTar([{ name: "../evil.py", type: "file" }]))).rejects.toThrow(
      /outside the repository/,
    );
    await expect(
      readSourceTree(await makeTar([{ name: "src/x", type: "symlink", linkname: "../../etc/passwd" }])),
    ).rejects.toThrow(/leave the repository/);
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
    const hashes = await Promise.all(
      [one, two, archive].map(async (source) =>
        sha256Hex(await packCanonicalTar((await readSourceTree(source)).entries)),
      ),
    );
    expect(new Set(hashes).size).toBe(1);
    const changed = makeTree({ ...files, "b.py": "b = 3\n" });
    expect(sha256Hex(await packCanonicalTar((await readSourceTree(changed)).entries))).not.toBe(hashes[0]);
  });

  it("checks links without touching the disk", () => {
    expect(() => assertLinksStayInside(new Map([["a/b/c", "../../d"]]))).not.toThrow();
    expect(() => assertLinksStayInside(new Map([["a/b/c", "../../../d"]]))).toThrow();
  });

  // The shapes of a crafted archive that once reached the worker host (docs/security.md, "Untrusted snapshots").
  const deep = (n: number, part: string) => Array.from({ length: n }, () => part).join("/");

  it("refuses a link whose folder is itself a link to the root (a -> . with a/a/.../e -> ../..)", async () => {
    const archive = await makeTar([
      { name: "a", type: "symlink", linkname: "." },
      { name: `${deep(16, "a")}/e`, type: "symlink", linkname: deep(16, "..") },
    ]);
    await expect(readSourceTree(archive)).rejects.toThrow(
      `The snapshot member "${deep(16, "a")}/e" passes through the symbolic link a`,
    );
  });

  it("refuses members whose path passes through a link, declared before or after it", async () => {
    await expect(
      readSourceTree(
        await makeTar([
          { name: "l", type: "symlink", linkname: "src" },
          { name: "l/tmp/x", type: "file" },
        ]),
      ),
    ).rejects.toThrow('The snapshot member "l/tmp/x" passes through the symbolic link l');
    await expect(
      readSourceTree(
        await makeTar([
          { name: "d/x.py", type: "file" },
          { name: "d", type: "symlink", linkname: "src" },
        ]),
      ),
    ).rejects.toThrow('The snapshot member "d" is a symbolic link and a directory at once');
    await expect(
      readSourceTree(
        await makeTar([
          { name: "f", type: "file" },
          { name: "f/x", type: "file" },
        ]),
      ),
    ).rejects.toThrow("passes through the file f");
    await expect(
      readSourceTree(
        await makeTar([
          { name: "x.py", type: "file" },
          { name: "x.py", type: "file" },
        ]),
      ),
    ).rejects.toThrow('"x.py" appears twice');
  });

  it("refuses absolute paths, .. after normalisation, devices and FIFOs, naming the member", async () => {
    await expect(readSourceTree(await makeTar([{ name: "/etc/cron.d/x", type: "file" }]))).rejects.toThrow(
      '"/etc/cron.d/x" is an absolute path',
    );
    await expect(readSourceTree(await makeTar([{ name: "src/../../x", type: "file" }]))).rejects.toThrow(
      '"src/../../x" lies outside the repository',
    );
    await expect(readSourceTree(await makeTar([{ name: "dev/null", type: "character-device" }]))).rejects.toThrow(
      '"dev/null" is a character-device',
    );
    await expect(readSourceTree(await makeTar([{ name: "pipe", type: "fifo" }]))).rejects.toThrow('"pipe" is a fifo');
  });

  it("allows hard links only to an earlier regular file of the archive", async () => {
    const ok = await readSourceTree(
      await makeTar(
        [
          { name: "a.py", type: "file" },
          { name: "b.py", type: "link", linkname: "a.py" },
        ],
        { "a.py": "x = 1\n" },
      ),
    );
    expect(ok.entries).toMatchObject([
      { path: "a.py", type: "file" },
      { path: "b.py", type: "file", content: Buffer.from("x = 1\n") },
    ]);
    await expect(
      readSourceTree(
        await makeTar([
          { name: "b.py", type: "link", linkname: "a.py" },
          { name: "a.py", type: "file" },
        ]),
      ),
    ).rejects.toThrow('"b.py" is a hard link to "a.py", which is not a regular file earlier in the archive');
    await expect(readSourceTree(await makeTar([{ name: "b", type: "link", linkname: "/etc/shadow" }]))).rejects.toThrow(
      "not a regular file earlier",
    );
    await expect(
      readSourceTree(
        await makeTar([
          { name: "s", type: "symlink", linkname: "a.py" },
          { name: "b", type: "link", linkname: "s" },
        ]),
      ),
    ).rejects.toThrow("not a regular file earlier");
  });

  it("keeps links that stay inside the tree, resolved through the archive's other links", async () => {
    const tree = await readSourceTree(
      await makeTar(
        [
          { name: "docs/README.md", type: "file" },
          { name: "README.md", type: "symlink", linkname: "docs/README.md" },
          { name: "d", type: "symlink", linkname: "docs" },
          { name: "up", type: "symlink", linkname: "d/.." },
        ],
        { "docs/README.md": "# hi\n" },
      ),
    );
    expect(paths(tree.entries)).toEqual(["README.md", "d", "docs/README.md", "up"]);
    await expect(
      readSourceTree(
        await makeTar([
          { name: "d", type: "symlink", linkname: "docs" },
          { name: "x", type: "symlink", linkname: "d/../.." },
        ]),
      ),
    ).rejects.toThrow("Symbolic links that leave the repository are refused: x -> d/../..");
  });

  it("stops at a member over SNAPSHOT_MAX_FILE_BYTES before reading a byte of it", async () => {
    // The archive ends right after the big member's header: refused on the header, not for the missing content.
    const pack = tar.pack();
    const chunks: Buffer[] = [];
    const done = (async () => {
      for await (const c of pack) chunks.push(c as Buffer);
    })();
    pack.entry({ name: "small.py" }, "x = 1\n");
    const big = pack.entry({ name: "zeros.bin", size: 3 * 1024 ** 3 }, () => undefined);
    big.write(Buffer.alloc(1024));
    await new Promise((r) => setTimeout(r, 10));
    pack.destroy();
    await done.catch(() => undefined);
    const dir = makeTree({});
    const file = path.join(dir, "bomb.tar.gz");
    writeFileSync(file, gzipSync(Buffer.concat(chunks)));
    await expect(readSourceTree(file)).rejects.toThrow(
      'The snapshot member "zeros.bin" is 3 GiB, over the 64 MiB allowed per file (SNAPSHOT_MAX_FILE_BYTES)',
    );
  });

  it("stops at SNAPSHOT_MAX_FILES members and SNAPSHOT_MAX_BYTES in all, history included", async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      name: `f${String(i).padStart(2, "0")}.py`,
      type: "file" as const,
    }));
    const limits = { maxFiles: 10, maxBytes: 1024 ** 2, maxFileBytes: 1024 ** 2 };
    await expect(readSourceTree(await makeTar(many), limits)).rejects.toThrow(
      'more than 10 members (SNAPSHOT_MAX_FILES); refused at "f10.py"',
    );
    const text = "x".repeat(600);
    const heavy = await makeTar(
      [
        { name: ".git/pack", type: "file" },
        { name: "a.py", type: "file" },
      ],
      { ".git/pack": text, "a.py": text },
    );
    await expect(readSourceTree(heavy, { maxFiles: 10, maxBytes: 1000, maxFileBytes: 1000 })).rejects.toThrow(
      'over 1000 bytes uncompressed (SNAPSHOT_MAX_BYTES); refused at "a.py"',
    );
    // A directory is held to the same limits as an archive.
    const root = makeTree(Object.fromEntries(many.map((m) => [m.name, "1"])));
    await expect(readSourceTree(root, limits)).rejects.toThrow("more than 10 members (SNAPSHOT_MAX_FILES)");
  });

  it("counts a hard link as the copy it becomes: 4 MiB and 40 links are over a 16 MiB SNAPSHOT_MAX_BYTES", async () => {
    const links = Array.from({ length: 40 }, (_, i) => ({
      name: `copy${i}.bin`,
      type: "link" as const,
      linkname: "big.bin",
    }));
    const archive = await makeTar([{ name: "big.bin", type: "file" }, ...links], {
      "big.bin": "x".repeat(4 * 1024 ** 2),
    });
    await expect(
      readSourceTree(archive, { maxBytes: 16 * 1024 ** 2, maxFiles: 100, maxFileBytes: 8 * 1024 ** 2 }),
    ).rejects.toThrow(
      'over 16 MiB uncompressed (SNAPSHOT_MAX_BYTES), counting each hard link as a copy of its file; refused at "copy3.bin"',
    );
  });

  it("refuses names a file system would refuse at extraction, naming the member", async () => {
    const long = "n".repeat(300);
    await expect(readSourceTree(await makeTar([{ name: `src/${long}.py`, type: "file" }]))).rejects.toThrow(
      `The snapshot member "src/${long}.py" has a name of 303 bytes`,
    );
    // Bytes, not characters: 128 two-byte characters are 256 bytes.
    await expect(readSourceTree(await makeTar([{ name: "é".repeat(128), type: "file" }]))).rejects.toThrow(
      "has a name of 256 bytes",
    );
    const deep = Array.from({ length: 20 }, () => "d".repeat(200)).join("/");
    await expect(readSourceTree(await makeTar([{ name: `${deep}/x.py`, type: "file" }]))).rejects.toThrow(
      `has a path of ${deep.length + 5} bytes, over the ${MAX_PATH_BYTES} allowed`,
    );
    await expect(
      readSourceTree(await makeTar([{ name: "l", type: "symlink", linkname: "./".repeat(2000) }])),
    ).rejects.toThrow('The symbolic link "l" has a target of 4000 bytes');
  });

  it("writes the canonical tar streamed, gzipped, with the same sha256, and it passes extraction's rules", async () => {
    const tree = await readSourceTree(makeTree({ [`${"a".repeat(255)}/b.py`]: "x = 1\n", "c.py": "y\n" }));
    const dir = makeTree({});
    const file = path.join(dir, "snapshot.tar.gz");
    const written = await writeCanonicalTarGz(tree.entries, file);
    const whole = await packCanonicalTar(tree.entries);
    expect(written).toEqual({ sha256: sha256Hex(whole), bytes: whole.length });
    await expect(checkSnapshotArchive(file, { maxBytes: 10_000, maxFiles: 10, maxFileBytes: 1000 })).resolves.toBe(
      undefined,
    );
  });
});
