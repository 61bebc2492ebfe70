import { createHash } from "node:crypto";
import tar from "tar-stream";
import type { TreeEntry } from "./read-source-tree";

// The canonical tar of a tree: members in byte order of their paths, no directories, mode 0644 / 0755 (0777 for
// links), owner 0, time 0. The same files give the same bytes on any machine, so its sha256 is the snapshot's address.

export async function packCanonicalTar(entries: readonly TreeEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const common = { mtime: new Date(0), uid: 0, gid: 0, uname: "", gname: "" };
  for (const e of sorted) {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (e.type === "file")
        pack.entry(
          { ...common, name: e.path, type: "file", mode: e.executable ? 0o755 : 0o644, size: e.content.length },
          e.content,
          done,
        );
      else pack.entry({ ...common, name: e.path, type: "symlink", mode: 0o777, linkname: e.target }, done);
    });
  }
  pack.finalize();
  await collected;
  return Buffer.concat(chunks);
}

export function sha256Hex(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}
