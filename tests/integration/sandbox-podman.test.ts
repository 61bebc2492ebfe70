import { execFileSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createServer } from "node:net";
import {
  containersOfRun,
  engineClient,
  requireContainerEngine,
  SKIP_CONTAINER_ENGINE,
  TEST_DOCKER_HOST,
  TEST_SANDBOX_IMAGE,
} from "../support/container-engine";

// The Docker sandbox on a real container engine (Podman serving the Docker Engine API; scripts/container-engine.sh,
// run by .ci/run). The isolation is asserted as the engine's own inspect reports it and from inside the container;
// then an in-house run and a sandboxed panel judge go end to end through a worker of this file's own (private Redis,
// SANDBOX=auto finding the engine at DOCKER_HOST) with the fake model. Without an engine these tests fail and say what
// is missing; TEST_SKIP_CONTAINER_ENGINE=1 skips them. The fake engine (tests/support/fake-docker.ts) stays for
// injected faults in sandbox-docker.test.ts.

const fakeUrl = inject("fakeOpenAiUrl");
const webUrl = inject("webUrl");
// App modules read REDIS_URL once: point them at this file's private Redis before loading any (so none is imported
// statically above).
const redisPort = await new Promise<number>((resolve) => {
  const server = createServer();
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});
process.env.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
const { PrivateRedis, stopProcess, waitFor } = await import("../support/fault-harness");
const { db, smallBenchmark, uniqueSlug, userWithToken, waitForStatus } = await import("../support/fixtures");
const { seedAuditBenchmark, setAgent } = await import("../support/audit-fixtures");
const { createAuditRun } = await import("../../lib/server/audit-runs/create-run");
const { createRunBodySchema } = await import("../../lib/contracts/audit-runs");
const { auditQueue } = await import("../../lib/queue/audit-queue");
const { DockerSandboxProvider } = await import("../../lib/sandbox/docker-sandbox");
const { describeSeccompProfile } = await import("../../lib/sandbox/seccomp-profile");
const { packCanonicalTar } = await import("../../lib/snapshots/canonical-tar");
const { importBenchmark } = await import("../../lib/server/benchmarks/import-benchmark");
const { importSnapshot } = await import("../../lib/server/snapshots/import-snapshot");
const { benchmarkFileSchema } = await import("../../lib/validation/benchmark-file");
const { pocRecordSchema } = await import("../../lib/agent/sandbox-judge");
const { PANEL_QUEUE } = await import("../../lib/queue/panel-attribution-queues");
const { Queue } = await import("bullmq");
const { Redis } = await import("ioredis");

const LIMITS = { memoryMb: 128, cpus: 0.5, pids: 64, tmpMb: 16 };
const MB = 1024 * 1024;
const describeEngine = SKIP_CONTAINER_ENGINE ? describe.skip : describe;

const dir = mkdtempSync(path.join(tmpdir(), "probebench-podman-"));
const snapshotDir = path.join(dir, "snapshot");
mkdirSync(path.join(snapshotDir, "pkg"), { recursive: true });
writeFileSync(path.join(snapshotDir, "pkg", "core.py"), "def f(x):\n    return 1 / x\n");
execFileSync("chmod", ["-R", "a+rX", dir]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describeEngine("the Docker sandbox on a real engine", () => {
  let docker: Awaited<ReturnType<typeof requireContainerEngine>>;
  let provider: InstanceType<typeof DockerSandboxProvider>;
  beforeAll(async () => {
    docker = await requireContainerEngine();
    provider = new DockerSandboxProvider(LIMITS, TEST_SANDBOX_IMAGE, docker);
  });

  it("isolates the container as the engine reports it: read-only /repo and root, no network but lo, user 65534, limits", async () => {
    const sandbox = await provider.create({ runId: "podman-iso", passId: "pass-1", snapshotDir });
    try {
      const info = await docker.getContainer(sandbox.id).inspect();
      expect(info.State.Running).toBe(true);
      expect(info.Config.User).toBe("65534:65534");
      expect(info.Config.Labels).toMatchObject({ "probebench.run": "podman-iso", "probebench.pass": "pass-1" });
      expect(info.Mounts.find((m) => m.Destination === "/repo")).toMatchObject({
        Type: "bind",
        Source: snapshotDir,
        RW: false,
      });
      expect(info.HostConfig).toMatchObject({
        NetworkMode: "none",
        ReadonlyRootfs: true,
        Memory: LIMITS.memoryMb * MB,
        PidsLimit: LIMITS.pids,
        ShmSize: LIMITS.tmpMb * MB,
      });
      // The engine reports the CPU limit as NanoCpus or as a CFS quota per period.
      const cpus = info.HostConfig.NanoCpus
        ? info.HostConfig.NanoCpus / 1e9
        : (info.HostConfig.CpuQuota ?? 0) / (info.HostConfig.CpuPeriod || 100_000);
      expect(cpus).toBe(LIMITS.cpus);
      // CapDrop ALL: the engine lists what it dropped, and the sandbox user has no capability left.
      expect(info.HostConfig.CapDrop?.map((c: string) => c.replace(/^CAP_/, ""))).toEqual(
        expect.arrayContaining(["CHOWN", "SETUID", "NET_BIND_SERVICE"]),
      );
      const caps = await sandbox.exec({
        argv: ["sh", "-c", "grep -E '^Cap(Eff|Prm|Bnd)' /proc/self/status"],
        timeoutMs: 10_000,
        maxOutputBytes: 1_000,
      });
      expect(caps.stdout).toBe("CapPrm:\t0000000000000000\nCapEff:\t0000000000000000\nCapBnd:\t0000000000000000\n");
      // The sandbox's own seccomp profile (lib/sandbox/seccomp-profile.ts), as a file Podman reads: no user or mount
      // namespace, which Podman's default profile would allow (`unshare -Ur id` prints uid 0 there).
      expect(info.HostConfig.SecurityOpt).toEqual(["no-new-privileges", expect.stringMatching(/^seccomp=\/.+\.json$/)]);
      for (const argv of [
        ["unshare", "-Ur", "id"],
        ["unshare", "-m", "true"],
      ]) {
        const refused = await sandbox.exec({ argv, timeoutMs: 10_000, maxOutputBytes: 1_000 });
        expect(refused).toMatchObject({ exitCode: 1, stdout: "" });
        expect(refused.stderr).toMatch(/unshare failed: Operation not permitted/);
      }

      const inside = await sandbox.exec({
        argv: [
          "sh",
          "-c",
          "id -u; ls /sys/class/net; cat pkg/core.py; touch pkg/x 2>&1; touch /etc/x 2>&1; df -k /dev/shm /tmp | tail -n 2",
        ],
        timeoutMs: 10_000,
        maxOutputBytes: 10_000,
      });
      const lines = inside.stdout.split("\n");
      expect(lines.slice(0, 4)).toEqual(["65534", "lo", "def f(x):", "    return 1 / x"]);
      expect(inside.stdout).toMatch(/touch: cannot touch 'pkg\/x': Read-only file system/);
      expect(inside.stdout).toMatch(/touch: cannot touch '\/etc\/x': Read-only file system/);
      expect(inside.stdout).toMatch(new RegExp(`shm\\s+${LIMITS.tmpMb * 1024}\\s`));
      const net = await sandbox.exec({
        argv: ["python3", "-c", "import socket; socket.create_connection(('1.1.1.1', 80), timeout=3)"],
        timeoutMs: 10_000,
        maxOutputBytes: 10_000,
      });
      expect(net.exitCode).not.toBe(0);
      expect(net.stderr).toMatch(/Network is unreachable|OSError/);
    } finally {
      await sandbox.close();
    }
    // Nothing left behind, and closing twice is fine.
    expect(await containersOfRun(docker, "podman-iso")).toEqual([]);
    await sandbox.close();
  });

  it("reports an exec killed at the memory limit as out of memory, and a slow one as its time limit", async () => {
    const sandbox = await provider.create({ runId: "podman-oom", passId: "pass-1", snapshotDir });
    try {
      const oom = await sandbox.exec({
        argv: ["python3", "-c", "b = bytearray(400 * 1024 * 1024); b[::4096] = b'x' * len(b[::4096])"],
        timeoutMs: 20_000,
        maxOutputBytes: 10_000,
      });
      expect(oom).toMatchObject({ exitCode: 137, oomKilled: true, timedOut: false });
      // Four processes of 60 MB each do not fit together in 128 MB.
      const hold = `python3 -c "import time; b = bytearray(60 * 1024 * 1024); b[::4096] = b'x' * len(b[::4096]); time.sleep(3)"`;
      const four = await sandbox.exec({
        argv: ["sh", "-c", `for i in 1 2 3 4; do ${hold} & done; wait; exit 137`],
        timeoutMs: 20_000,
        maxOutputBytes: 10_000,
      });
      expect(four).toMatchObject({ oomKilled: true, timedOut: false });
      // The container lives on; the next command is not blamed for the earlier kills.
      const slow = await sandbox.exec({ argv: ["sleep", "30"], timeoutMs: 1_000, maxOutputBytes: 100 });
      expect(slow).toMatchObject({ exitCode: 137, timedOut: true, oomKilled: false });
      const fine = await sandbox.exec({ argv: ["true"], timeoutMs: 5_000, maxOutputBytes: 100 });
      expect(fine).toMatchObject({ exitCode: 0, timedOut: false, oomKilled: false });
    } finally {
      await sandbox.close();
    }
  });

  it("bounds processes (pids) and /dev/shm", async () => {
    const sandbox = await provider.create({ runId: "podman-pids", passId: "pass-1", snapshotDir });
    try {
      const fork = `import os, time
n = 0
try:
    for _ in range(500):
        if os.fork() == 0:
            time.sleep(20)
            os._exit(0)
        n += 1
except OSError as e:
    print('refused', e.errno)
print('forked', n)`;
      const forked = await sandbox.exec({ argv: ["python3", "-c", fork], timeoutMs: 20_000, maxOutputBytes: 10_000 });
      expect(forked.stdout).toMatch(/^refused 11\nforked \d+\n$/);
      expect(Number(/forked (\d+)/.exec(forked.stdout)![1])).toBeLessThan(LIMITS.pids);
    } finally {
      await sandbox.close();
    }
    // A fresh container: the forked processes above hold every pid of the first one until it goes.
    const second = await provider.create({ runId: "podman-pids", passId: "pass-2", snapshotDir });
    try {
      const shm = await second.exec({
        argv: [
          "sh",
          "-c",
          "n=0; for i in $(seq 1 20); do head -c 15M /dev/zero > /dev/shm/f$i 2>/dev/null && n=$((n+1)); done; echo wrote=$n",
        ],
        timeoutMs: 20_000,
        maxOutputBytes: 10_000,
      });
      expect(shm.stdout).toMatch(/^wrote=[01]\n$/);
    } finally {
      await second.close();
    }
    expect(await containersOfRun(docker, "podman-pids")).toEqual([]);
  });

  it("copies the snapshot into the container for a remote engine (copy mode), read-only for the sandbox user", async () => {
    const archivePath = path.join(dir, "snapshot.tar.gz");
    writeFileSync(
      archivePath,
      gzipSync(
        await packCanonicalTar([
          { type: "file", path: "pkg/core.py", content: Buffer.from("COPIED = True\n"), executable: false },
        ]),
      ),
    );
    const copying = new DockerSandboxProvider(LIMITS, TEST_SANDBOX_IMAGE, docker, "copy");
    const sandbox = await copying.create({
      runId: "podman-copy",
      passId: "pass-1",
      snapshotDir: "/not/on/the/engine/host",
      archivePath,
    });
    try {
      const result = await sandbox.exec({
        argv: ["sh", "-c", "cat pkg/core.py; echo x >> pkg/core.py 2>&1 || echo refused"],
        timeoutMs: 10_000,
        maxOutputBytes: 1_000,
      });
      expect(result.stdout).toMatch(/^COPIED = True\n[\s\S]*refused\n$/);
    } finally {
      await sandbox.close();
    }
    expect(await containersOfRun(docker, "podman-copy")).toEqual([]);
  });

  it("measures container ready and exec times (p50)", async () => {
    const ready: number[] = [];
    const exec: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      const sandbox = await provider.create({ runId: "podman-timing", passId: `pass-${i}`, snapshotDir });
      ready.push(Date.now() - started);
      for (let j = 0; j < 4; j++) {
        const t = Date.now();
        expect(
          (await sandbox.exec({ argv: ["cat", "pkg/core.py"], timeoutMs: 10_000, maxOutputBytes: 1_000 })).exitCode,
        ).toBe(0);
        exec.push(Date.now() - t);
      }
      await sandbox.close();
    }
    console.log(
      `container engine ${TEST_DOCKER_HOST}: ready p50 ${median(ready)} ms (${ready.join(", ")}), exec p50 ${median(exec)} ms`,
    );
    expect(median(ready)).toBeLessThan(10_000);
    expect(await containersOfRun(docker, "podman-timing")).toEqual([]);
  });
});

describeEngine("in-house runs and sandboxed panel judges on the real engine", () => {
  const redis = new PrivateRedis(redisPort);
  let worker: ChildProcess | undefined;
  const workerLog = path.join(process.cwd(), "test-artifacts", "logs", "podman-worker.log");

  beforeAll(async () => {
    await requireContainerEngine();
    await redis.start();
    const { startProcess } = await import("../../scripts/lib/processes");
    const { WORKER_NODE_ARGS } = await import("../../scripts/lib/processes");
    worker = startProcess("podman-worker", process.execPath, [...WORKER_NODE_ARGS, "worker/index.ts"], {
      logDir: path.dirname(workerLog),
      env: {
        REDIS_URL: redis.url,
        // auto: the engine at DOCKER_HOST answers, so passes and judges run in its containers.
        SANDBOX: "auto",
        DOCKER_HOST: TEST_DOCKER_HOST,
        SANDBOX_IMAGE: TEST_SANDBOX_IMAGE,
        SANDBOX_MEMORY_MB: String(LIMITS.memoryMb),
        SANDBOX_CPUS: String(LIMITS.cpus),
        SANDBOX_PIDS: String(LIMITS.pids),
        SANDBOX_TMP_MB: String(LIMITS.tmpMb),
        PANEL_SANDBOX: "on",
        PANEL_SANDBOX_MAX_TURNS: "3",
        PANEL_CONCURRENCY: "2",
        WORKER_HEARTBEAT_FILE: path.join(dir, "heartbeat"),
      },
    });
    const log = () => {
      try {
        return readFileSync(workerLog, "utf8");
      } catch {
        return "";
      }
    };
    await waitFor(
      async () => log().includes("worker ready on"),
      (ok) => ok,
      90_000,
      "the worker to start",
    );
  }, 120_000);

  afterAll(async () => {
    if (worker) await stopProcess(worker);
    await auditQueue.close();
    await redis.stop().catch(() => undefined);
    await setAgent(fakeUrl, {});
  });

  it("logs the sandbox it chose and why at start", () => {
    expect(readFileSync(workerLog, "utf8")).toContain(
      `sandbox: Docker sandbox: SANDBOX=auto: the Docker engine at ${TEST_DOCKER_HOST} answers`,
    );
  });

  it("runs an in-house audit run in containers: tools work, no network, the sandbox recorded on the run, no container left", async () => {
    const admin = await userWithToken("admin");
    const bench = await seedAuditBenchmark(2, "audit-podman");
    await setAgent(fakeUrl, {});
    const { id } = await createAuditRun(
      admin.id,
      createRunBodySchema.parse({ benchmark: bench.ref, model: "fake-auditor-1", harness: "passes-only" }),
    );
    const run = await waitFor(
      () => db.auditRun.findUniqueOrThrow({ where: { id } }),
      (r) => r.finishedAt !== null,
      120_000,
      "the run to finish",
    );
    expect(run).toMatchObject({
      status: "done",
      error: null,
      sandbox: {
        kind: "docker",
        reason: `SANDBOX=auto: the Docker engine at ${TEST_DOCKER_HOST} answers`,
        warning: null,
      },
    });
    const passes = await db.auditPass.findMany({ where: { runId: id }, orderBy: { ordinal: "asc" } });
    expect(passes.map((p) => p.status)).toEqual(["done", "done"]);
    const messages = await db.auditPassMessage.findMany({
      where: { passId: passes[0]!.id },
      orderBy: [{ attempt: "asc" }, { seq: "asc" }],
    });
    const transcript = messages.map((m) => m.message as { role: string; content: string | null });
    const outputs = transcript.filter((m) => m.role === "tool").map((m) => m.content ?? "");
    expect(outputs[1]).toContain("     1  def handle_0(value):");
    expect(outputs[2]).toContain("NETWORK-BLOCKED");
    expect(outputs[2]).not.toContain("NETWORK-REACHABLE");
    expect(await containersOfRun(engineClient(), id)).toEqual([]);
    // The run page says where its passes ran.
    const page = await fetch(`${webUrl}/api/v1/admin/runs/${id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect((await page.json()).sandbox).toEqual({
      kind: "docker",
      reason: `SANDBOX=auto: the Docker engine at ${TEST_DOCKER_HOST} answers`,
      warning: null,
      isolation: expect.objectContaining({ syscalls: describeSeccompProfile() }),
    });
  });

  it("runs a panel judge's proof of concept in a container, and records a command killed at the memory limit as out of memory", async () => {
    const slug = uniqueSlug("panelpodman");
    await importBenchmark(benchmarkFileSchema.parse(smallBenchmark(slug)));
    const source = mkdtempSync(path.join(tmpdir(), "panelpodman-snapshot-"));
    mkdirSync(path.join(source, "parser"));
    writeFileSync(path.join(source, "parser", "lexer.py"), "def next_token(buf):\n    return buf[0]\n");
    await importSnapshot({ benchmark: `${slug}@1`, repo: "acme/parser", source });
    const submitter = await userWithToken("user");
    const findings = [
      ["parser/lexer.py", "Lexer drops the last token [panel:confirmed]"],
      ["parser/lexer.py", "Lexer overflows on long input [panel:confirmed] [poc:oom]"],
    ].map(([file, title]) => ({
      repo: "acme/parser",
      file,
      line_start: 1,
      line_end: 2,
      title,
      description: `The agent reports: ${title}.`,
      code_snippet: "x",
      severity: "high",
    }));
    const created = await fetch(`${webUrl}/api/v1/submissions`, {
      method: "POST",
      headers: { authorization: `Bearer ${submitter.token}`, "content-type": "application/json" },
      body: JSON.stringify({ benchmark: slug, model: `Podman PoC ${slug}`, findings }),
    });
    expect(created.status).toBe(202);
    const submissionId = ((await created.json()) as { id: string }).id;
    expect((await waitForStatus(webUrl, submissionId, submitter.token)).status).toBe("scored");

    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(PANEL_QUEUE, { connection });
    try {
      const run = await db.panelRun.create({
        data: {
          submissionId,
          seed: "podman",
          sampleSize: 100,
          judges: ["fake-panel-a", "fake-panel-b"],
          tier2Judge: "fake-panel-tier2",
        },
      });
      await queue.add("validate-findings", { runId: run.id }, { jobId: `${run.id}-1` });
      const done = await waitFor(
        () => db.panelRun.findUniqueOrThrow({ where: { id: run.id } }),
        (r) => r.status === "done" || r.status === "failed",
        240_000,
        "the sandboxed panel to finish",
      );
      expect(done).toMatchObject({ status: "done", error: null });
      const reviews = await db.panelReview.findMany({
        where: { panelRunId: run.id },
        include: { finding: { select: { title: true } } },
      });
      const proven = reviews.filter((r) => r.finding.title.includes("Lexer drops"));
      expect(proven.length).toBeGreaterThan(0);
      for (const r of proven) {
        expect(r).toMatchObject({ sandboxed: true, pocRan: true, confidence: "high" });
        expect(pocRecordSchema.parse(r.poc).commands).toEqual([
          expect.objectContaining({
            exit_code: 0,
            timed_out: false,
            out_of_memory: false,
            output: "def next_token(buf):\n    return buf[0]\nPOC-OK\n",
          }),
        ]);
      }
      const oom = reviews.filter((r) => r.finding.title.includes("[poc:oom]"));
      expect(oom.length).toBeGreaterThan(0);
      for (const r of oom)
        expect(pocRecordSchema.parse(r.poc).commands).toEqual([
          expect.objectContaining({ exit_code: 137, timed_out: false, out_of_memory: true }),
        ]);
      expect(await containersOfRun(engineClient(), run.id)).toEqual([]);

      // Maintainers read it with the verdict (GET /api/v1/submissions/{id}/panel).
      const maintainer = await userWithToken("maintainer");
      const api = (await (
        await fetch(`${webUrl}/api/v1/submissions/${submissionId}/panel?per_page=100`, {
          headers: { authorization: `Bearer ${maintainer.token}` },
        })
      ).json()) as {
        findings: {
          title: string;
          reviews: { proof_of_concept: { commands: { out_of_memory: boolean }[] } | null }[];
        }[];
      };
      const oomReview = api.findings.find((f) => f.title.includes("[poc:oom]"))!.reviews[0]!;
      expect(oomReview.proof_of_concept!.commands[0]).toMatchObject({
        exit_code: 137,
        timed_out: false,
        out_of_memory: true,
      });
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
});
