// `npm run bench:snapshots`: the hostile snapshot shapes of docs/security.md, read and re-packed the way `snapshot
// import` does (readSourceTree with the default bounds, then the canonical .tar.gz streamed to a file), each in a
// fresh process so its peak RSS is the importer's own. Shapes: a .tar.gz holding one 3 GiB file of zeros (about 3 MB
// compressed), an archive of 300,000 empty files, one 64 MiB file with 1,000 hard links (64 GB as the copies the
// canonical tar holds), and archives right at the bounds (100,000 files; 1 GiB in 64 MiB members) that must be
// accepted. Target: a refusal in seconds, and every import under 1 GB of RSS for the refused shapes.
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";

type Figures = { seconds: number; peakRssMb: number; outcome: string };

async function child(source: string): Promise<void> {
  const started = performance.now();
  const { readSourceTree } = await import("../lib/snapshots/read-source-tree");
  const { writeCanonicalTarGz } = await import("../lib/snapshots/canonical-tar");
  let outcome: string;
  try {
    const tree = await readSourceTree(source);
    const { bytes } = await writeCanonicalTarGz(tree.entries, `${source}.canonical.tar.gz`);
    outcome = `accepted: ${tree.entries.length} members, canonical tar ${Math.round(bytes / 1024 ** 2)} MB`;
  } catch (error) {
    outcome = `refused: ${error instanceof Error ? error.message : String(error)}`;
  }
  const figures: Figures = {
    seconds: (performance.now() - started) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    outcome,
  };
  process.stdout.write(JSON.stringify(figures));
}

type BenchMember = { name: string; size: number; linkname?: string };

/** Writes a .tar.gz whose members come from `members` (a name and a size, content zeros; or a hard link), streaming. */
async function writeArchive(file: string, members: Iterable<BenchMember>): Promise<void> {
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip({ level: 1 }), createWriteStream(file));
  const zeros = Buffer.alloc(1024 * 1024);
  for (const m of members) {
    if (m.linkname !== undefined) {
      pack.entry({ name: m.name, type: "link", linkname: m.linkname });
      continue;
    }
    const entry = pack.entry({ name: m.name, size: m.size });
    for (let left = m.size; left > 0; left -= zeros.length) {
      if (!entry.write(left >= zeros.length ? zeros : zeros.subarray(0, left)))
        await new Promise<void>((r) => entry.once("drain", () => r()));
    }
    await new Promise<void>((resolve, reject) =>
      entry.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  pack.finalize();
  await writing;
}

function* many(count: number, size: number) {
  for (let i = 0; i < count; i++) yield { name: `d${Math.floor(i / 1000)}/f${i}.txt`, size };
}

function* linked(size: number, links: number): Generator<BenchMember> {
  yield { name: "big.bin", size };
  for (let i = 0; i < links; i++) yield { name: `copies/c${i}.bin`, size: 0, linkname: "big.bin" };
}

function measure(source: string): Figures {
  const result = spawnSync(
    process.execPath,
    ["--import", import.meta.resolve("tsx"), import.meta.filename, "--child", source],
    { encoding: "utf8", maxBuffer: 1 << 20 },
  );
  if (result.status !== 0) throw new Error(`the reader crashed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Figures;
}

async function main(): Promise<void> {
  if (process.argv[2] === "--child") return child(process.argv[3]!);
  const dir = mkdtempSync(path.join(tmpdir(), "probebench-bench-snapshots-"));
  try {
    const shapes: [string, Iterable<BenchMember>][] = [
      ["one 3 GiB file of zeros", [{ name: "zeros.bin", size: 3 * 1024 ** 3 }]],
      ["300,000 empty files", many(300_000, 0)],
      ["one 64 MiB file and 1,000 hard links", linked(64 * 1024 ** 2, 1_000)],
      ["at the bounds: 16 x 64 MiB (1 GiB)", many(16, 64 * 1024 ** 2)],
      ["at the bounds: 100,000 small files", many(100_000, 100)],
    ];
    console.log("| shape | archive | answer | seconds | peak RSS |\n| --- | --- | --- | --- | --- |");
    for (const [label, members] of shapes) {
      const file = path.join(dir, "shape.tar.gz");
      await writeArchive(file, members);
      const figures = measure(file);
      const size = statSync(file).size / 1024 ** 2;
      console.log(
        `| ${label} | ${size.toFixed(1)} MB | ${figures.outcome.slice(0, 110)} | ${figures.seconds.toFixed(1)} | ${Math.round(figures.peakRssMb)} MB |`,
      );
      rmSync(file);
      rmSync(`${file}.canonical.tar.gz`, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
