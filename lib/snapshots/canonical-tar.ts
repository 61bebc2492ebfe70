import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import type { TreeEntry } from "./read-source-tree";

// The canonical tar of a tree: members in byte order of their paths, no directories, mode 0644 / 0755 (0777 for
// links), owner 0, time 0. The same files give the same bytes on any machine, so its sha256 is the snapshot's address.
// It is streamed (each member as the reader takes it, with backpressure): the tree is held once, never the tar.

/** The canonical tar as a stream (tar-stream's pack: one member written at a time, as the reader drains it). */
function canonicalTarStream(entries: readonly TreeEntry[]): tar.Pack {
  const pack = tar.pack();
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const common = { mtime: new Date(0), uid: 0, gid: 0, uname: "", gname: "" };
  void (async () => {
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
  })().catch((error: unknown) => pack.destroy(error instanceof Error ? error : new Error(String(error))));
  return pack;
}

/** The whole canonical tar in memory: for small trees (tests, fixtures). */
export async function packCanonicalTar(entries: readonly TreeEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of canonicalTarStream(entries)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes the gzipped canonical tar to `file`, streaming; returns the sha256 and size of the uncompressed tar. */
export async function writeCanonicalTarGz(
  entries: readonly TreeEntry[],
  file: string,
): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(canonicalTarStream(entries), tap, createGzip({ level: 9 }), createWriteStream(file, { mode: 0o644 }));
  return { sha256: hash.digest("hex"), bytes };
}

export function sha256Hex(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}
