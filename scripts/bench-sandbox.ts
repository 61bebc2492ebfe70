// bench:sandbox - how fast each sandbox is ready and runs a tool call, and the limits as the kernel enforces them.
// Docker: the engine at DOCKER_HOST (scripts/container-engine.sh prints it) with SANDBOX_IMAGE (default
// probebench/sandbox:bookworm); skipped when none answers. Process: bubblewrap with a cgroup per exec. Prints medians
// of 10 containers (ready) and 40 execs, and what a 128 MB / 32 pids / 0.25 CPU / 16 MB tmpfs sandbox lets through.

import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Docker from "dockerode";
import { DockerSandboxProvider } from "../lib/sandbox/docker-sandbox";
import { ProcessSandboxProvider } from "../lib/sandbox/process-sandbox";
import type { SandboxLimits, SandboxProvider } from "../lib/sandbox/sandbox";

const LIMITS: SandboxLimits = { memoryMb: 128, cpus: 0.25, pids: 32, tmpMb: 16 };
const snapshotDir = mkdtempSync(path.join(tmpdir(), "bench-sandbox-"));
writeFileSync(path.join(snapshotDir, "core.py"), "def f(x):\n    return 1 / x\n");
chmodSync(snapshotDir, 0o755);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(0);

const PROBES: Record<string, string> = {
  "memory: 4 processes x 60 MB": `p=""; for i in 1 2 3 4; do python3 -c "import time; b = bytearray(60 << 20); b[::4096] = b'x' * len(b[::4096]); time.sleep(2)" & p="$p $!"; done; k=0; for x in $p; do wait $x || k=$((k+1)); done; echo processes killed: $k of 4`,
  "memory: one 400 MB allocation": `python3 -c "b = bytearray(400 << 20); b[::4096] = b'x' * len(b[::4096])"`,
  "/dev/shm: 20 x 15 MB":
    "n=0; for i in $(seq 1 20); do head -c 15M /dev/zero > /dev/shm/f$i 2>/dev/null && n=$((n+1)); done; echo files written: $n",
  pids: `python3 -c "
import os, time
n = 0
try:
    for _ in range(500):
        if os.fork() == 0:
            time.sleep(5); os._exit(0)
        n += 1
except OSError: pass
print('forks before EAGAIN:', n)"`,
  "cpu: 2 busy loops for 2 s (children's user and system CPU)":
    "timeout 2 sh -c 'while :; do :; done' & timeout 2 sh -c 'while :; do :; done' & wait; times",
};

async function bench(name: string, provider: SandboxProvider): Promise<void> {
  const ready: number[] = [];
  const exec: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const sandbox = await provider.create({ runId: "bench", passId: `bench-${i}`, snapshotDir });
    ready.push(performance.now() - t);
    for (let j = 0; j < 4; j++) {
      const e = performance.now();
      await sandbox.exec({ argv: ["grep", "-n", "return", "core.py"], timeoutMs: 10_000, maxOutputBytes: 1_000 });
      exec.push(performance.now() - e);
    }
    await sandbox.close();
  }
  console.log(
    `${name}: ready p50 ${median(ready)} ms, exec p50 ${median(exec)} ms (load average ${loadavg()[0]!.toFixed(1)})`,
  );
  for (const [label, command] of Object.entries(PROBES)) {
    const sandbox = await provider.create({ runId: "bench", passId: "probe", snapshotDir });
    const r = await sandbox.exec({ argv: ["sh", "-c", command], timeoutMs: 20_000, maxOutputBytes: 2_000 });
    await sandbox.close();
    const status = r.oomKilled ? "killed: out of memory" : r.timedOut ? "killed: time limit" : `exit ${r.exitCode}`;
    console.log(`  ${label}: ${status}${r.stdout.trim() ? `; ${r.stdout.trim().split("\n").at(-1)}` : ""}`);
  }
}

const process_ = new ProcessSandboxProvider(LIMITS);
console.log(`limits: ${JSON.stringify(LIMITS)}; process sandbox isolation: ${JSON.stringify(process_.isolation)}`);
await bench("process (bubblewrap)", process_);
const docker = new Docker();
if (
  await docker.ping().then(
    () => true,
    () => false,
  )
) {
  await bench(
    `docker (${process.env.DOCKER_HOST ?? "default socket"})`,
    new DockerSandboxProvider(LIMITS, process.env.SANDBOX_IMAGE ?? "probebench/sandbox:bookworm", docker),
  );
} else {
  console.log("docker: no engine answers at DOCKER_HOST; run scripts/container-engine.sh");
}
