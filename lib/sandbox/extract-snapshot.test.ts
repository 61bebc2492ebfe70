import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  readdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import tar from "tar-stream";
import { describe, expect, it } from "vitest";
import { packCanonicalTar } from "../snapshots/canonical-tar";
import { extractSnapshot } from "./extract-snapshot";

type RawMember = {
  name: string;
  text?: string;
  type?: "file" | "symlink" | "link" | "directory" | "fifo";
  linkname?: string;
};

async function rawTar(entries: RawMember[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const c of pack) chunks.push(c as Buffer);
  })();
  for (const e of entries) {
    if (e.type === undefined || e.type === "file") pack.entry({ name: e.name, type: "file" }, e.text ?? "");
    else pack.entry({ name: e.name, type: e.type, linkname: e.linkname });
  }
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
}

describe("extractSnapshot", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "probebench-extract-"));

  it("extracts a canonical snapshot world-readable, once", async () => {
    const archive = path.join(dir, "a.tar.gz");
    const tarball = await packCanonicalTar([
      { type: "file", path: "pkg/core.py", content: Buffer.from("x = 1\n"), executable: false },
      { type: "file", path: "run.sh", content: Buffer.from("#!/bin/sh\n"), executable: true },
    ]);
    writeFileSync(archive, gzipSync(tarball));
    const target = path.join(dir, "run", "sha");
    await extractSnapshot(archive, target);
    expect(readFileSync(path.join(target, "pkg/core.py"), "utf8")).toBe("x = 1\n");
    expect(statSync(path.join(target, "pkg/core.py")).mode & 0o777).toBe(0o644);
    expect(statSync(path.join(target, "run.sh")).mode & 0o777).toBe(0o755);
    // Already there: not extracted again.
    writeFileSync(archive, "not a tarball");
    await expect(extractSnapshot(archive, target)).resolves.toBe(target);
  });

  it("refuses members outside the tree and leaves nothing behind", async () => {
    const archive = path.join(dir, "evil.tar.gz");
    writeFileSync(
      archive,
      gzipSync(
        await rawTar([
          { name: "ok.py", text: "1" },
          { name: "../escape.py", text: "2" },
        ]),
      ),
    );
    const target = path.join(dir, "run2", "sha");
    await expect(extractSnapshot(archive, target)).rejects.toThrow(
      'The snapshot member "../escape.py" lies outside the repository',
    );
    expect(existsSync(target)).toBe(false);
    expect(existsSync(path.join(dir, "run2", "escape.py"))).toBe(false);
  });

  // A crafted archive put straight into the store (never through an import) must be harmless too.
  const deep = (n: number, part: string) => Array.from({ length: n }, () => part).join("/");
  const outside = mkdtempSync(path.join(tmpdir(), "probebench-victim-"));
  writeFileSync(path.join(outside, "core.py"), "original\n");

  it.each<[string, RawMember[], string]>([
    [
      "a link to the root and a deep link through it",
      [
        { name: "a", type: "symlink", linkname: "." },
        { name: `${deep(16, "a")}/e`, type: "symlink", linkname: deep(16, "..") },
      ],
      "passes through the symbolic link a",
    ],
    [
      "a file written through a link",
      [
        { name: "out", type: "symlink", linkname: outside },
        { name: "out/core.py", text: "overwritten\n" },
      ],
      "passes through the symbolic link out",
    ],
    [
      "a link out of the tree",
      [
        { name: "ok.py", text: "1" },
        { name: "environ", type: "symlink", linkname: "/proc/self/environ" },
      ],
      "Symbolic links that leave the repository are refused: environ -> /proc/self/environ",
    ],
    [
      "the same file twice",
      [
        { name: "core.py", text: "1" },
        { name: "core.py", text: "2" },
      ],
      '"core.py" appears twice',
    ],
    [
      "a hard link",
      [
        { name: "core.py", text: "1" },
        { name: "copy.py", type: "link", linkname: "core.py" },
      ],
      "is a link (not in a canonical snapshot)",
    ],
    ["a FIFO", [{ name: "pipe", type: "fifo" }], "is a fifo (not in a canonical snapshot)"],
  ])("refuses %s and writes nothing outside", async (_label, members, message) => {
    const archive = path.join(dir, `crafted-${Math.random().toString(36).slice(2)}.tar.gz`);
    writeFileSync(archive, gzipSync(await rawTar(members)));
    const parent = mkdtempSync(path.join(dir, "run-"));
    await expect(extractSnapshot(archive, path.join(parent, "sha"))).rejects.toThrow(message);
    expect(readdirSync(parent)).toEqual([]);
    expect(readdirSync(outside)).toEqual(["core.py"]);
    expect(readFileSync(path.join(outside, "core.py"), "utf8")).toBe("original\n");
  });

  it("creates links that stay inside, after the files", async () => {
    const archive = path.join(dir, "links.tar.gz");
    writeFileSync(
      archive,
      gzipSync(
        await rawTar([
          { name: "README.md", type: "symlink", linkname: "docs/README.md" },
          { name: "docs/README.md", text: "# hi\n" },
        ]),
      ),
    );
    const target = path.join(mkdtempSync(path.join(dir, "run-")), "sha");
    await extractSnapshot(archive, target);
    expect(lstatSync(path.join(target, "README.md")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(target, "README.md"))).toBe("docs/README.md");
    expect(readFileSync(path.join(target, "docs/README.md"), "utf8")).toBe("# hi\n");
  });

  it("holds the stored archive to the snapshot bounds", async () => {
    const archive = path.join(dir, "big.tar.gz");
    writeFileSync(archive, gzipSync(await rawTar([{ name: "a.py", text: "x".repeat(2000) }])));
    const parent = mkdtempSync(path.join(dir, "run-"));
    await expect(
      extractSnapshot(archive, path.join(parent, "sha"), { maxBytes: 10_000, maxFiles: 10, maxFileBytes: 1000 }),
    ).rejects.toThrow("over the 1000 bytes allowed per file");
    expect(readdirSync(parent)).toEqual([]);
  });
});
