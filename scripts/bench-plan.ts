// `npm run bench:plan`: generates a synthetic 150k-line repository (Python and TypeScript) and plans it the way
// `probebench plan` does, in a fresh process so the peak RSS is the planner's own. Targets (docs/performance.md, 2-core machine):
// at most 15 s and 1 GB peak RSS. Plans twice, from different working directories, and checks the bytes are equal.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "./lib/processes";
import { generateSyntheticRepo } from "./lib/synthetic-repo";

const TARGET_SECONDS = 15;
const TARGET_RSS_MB = 1024;

type ChildFigures = {
  seconds: number;
  peakRssMb: number;
  sha256: string;
  files: number;
  passes: number;
  individual: number;
  unresolved: number;
  calls: number;
};

async function child(source: string): Promise<void> {
  const started = performance.now();
  const { readSourceTree } = await import("../lib/snapshots/read-source-tree");
  const { planSourceTree } = await import("../lib/planner/plan-source-tree");
  const tree = await readSourceTree(source);
  const plan = await planSourceTree(tree.entries.flatMap((e) => (e.type === "file" ? [e] : [])));
  const text = `${JSON.stringify(plan, null, 2)}\n`;
  const figures: ChildFigures = {
    seconds: (performance.now() - started) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    sha256: createHash("sha256").update(text).digest("hex"),
    files: plan.audited_files.length,
    passes: plan.passes.length,
    individual: plan.passes.filter((p) => p.kind === "individual").length,
    unresolved: plan.call_graph.unresolved,
    calls: plan.call_graph.calls,
  };
  process.stdout.write(JSON.stringify(figures));
}

function runChild(source: string, cwd: string): ChildFigures {
  const result = spawnSync(
    process.execPath,
    ["--import", import.meta.resolve("tsx"), path.join(ROOT, "scripts", "bench-plan.ts"), "--child", source],
    {
      cwd,
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "" },
    },
  );
  if (result.status !== 0) throw new Error(`The planning process failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as ChildFigures;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "probebench-bench-plan-"));
  try {
    const repo = generateSyntheticRepo({ targetLines: 150_000 });
    for (const [file, content] of repo.files) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    console.log(
      `Synthetic repository: ${repo.files.size} files, ${repo.sourceLines.toLocaleString("en-US")} lines of Python and TypeScript source`,
    );
    const first = runChild(dir, ROOT);
    const second = runChild(dir, tmpdir());
    const rows = [
      ["audited files", String(first.files)],
      ["passes (individual)", `${first.passes} (${first.individual})`],
      ["calls (unresolved)", `${first.calls} (${first.unresolved})`],
      ["wall time, s", `${first.seconds.toFixed(2)} / ${second.seconds.toFixed(2)} (target <= ${TARGET_SECONDS})`],
      ["peak RSS, MB", `${first.peakRssMb.toFixed(0)} / ${second.peakRssMb.toFixed(0)} (target <= ${TARGET_RSS_MB})`],
      [
        "plan sha256",
        first.sha256 === second.sha256 ? `${first.sha256.slice(0, 16)}… identical from both directories` : "DIFFERENT",
      ],
    ];
    for (const [label, value] of rows) console.log(`  ${label!.padEnd(22)} ${value}`);
    const ok =
      first.sha256 === second.sha256 &&
      Math.max(first.seconds, second.seconds) <= TARGET_SECONDS &&
      Math.max(first.peakRssMb, second.peakRssMb) <= TARGET_RSS_MB;
    console.log(ok ? "OK: within the targets" : "FAILED: a target was missed");
    if (!ok) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--child") await child(process.argv[3]!);
else await main();
