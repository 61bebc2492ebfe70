import { mkdtempSync, readFileSync, statSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import tar from "tar-stream";
import { describe, expect, it } from "vitest";
import { packCanonicalTar } from "../snapshots/canonical-tar";
import { extractSnapshot } from "./extract-snapshot";

async function rawTar(entries: { name: string; text: string }[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const c of pack) chunks.push(c as Buffer);
  })();
  for (const e of entries) pack.entry({ name: e.name }, e.text);
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
    writeFileSync(archive, gzipSync(await rawTar([{ name: "ok.py", text: "1" }, { name: "../escape.py", text: "2" }])));
    const target = path.join(dir, "run2", "sha");
    await expect(extractSnapshot(archive, target)).rejects.toThrow("snapshot member outside the tree: ../escape.py");
    expect(existsSync(target)).toBe(false);
    expect(existsSync(path.join(dir, "run2", "escape.py"))).toBe(false);
  });
});
