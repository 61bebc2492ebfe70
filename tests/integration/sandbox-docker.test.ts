import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { packCanonicalTar } from "../../lib/snapshots/canonical-tar";
import { tmpdir } from "node:os";
import path from "node:path";
import Docker from "dockerode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DockerSandboxProvider } from "../../lib/sandbox/docker-sandbox";
import { buildSeccompProfile } from "../../lib/sandbox/seccomp-profile";
import { startFakeDocker } from "../support/fake-docker";

// DockerSandbox against a fake Docker Engine API on a unix socket: the container's isolation settings, labels,
// exec with the multiplexed stream demuxed, removal at pass end, orphan removal by label, and DOCKER_HOST. The same
// sandbox on a real engine (Podman): sandbox-podman.test.ts.

const dir = mkdtempSync(path.join(tmpdir(), "probebench-fake-docker-"));
const socketPath = path.join(dir, "docker.sock");
const snapshotDir = path.join(dir, "snapshot");
const limits = { memoryMb: 512, cpus: 1.5, pids: 128, tmpMb: 64 };
let fake: Awaited<ReturnType<typeof startFakeDocker>>;

beforeAll(async () => {
  mkdirSync(path.join(snapshotDir, "pkg"), { recursive: true });
  writeFileSync(path.join(snapshotDir, "pkg", "core.py"), "def f(x):\n    return 1 / x\n");
  fake = await startFakeDocker(socketPath);
});
afterAll(async () => {
  await fake.close();
});

describe("DockerSandbox", () => {
  it("creates the pass's container with the isolation settings, execs tool calls and removes it at pass end", async () => {
    const provider = new DockerSandboxProvider(limits, "node:22-bookworm", new Docker({ socketPath }));
    const sandbox = await provider.create({ runId: "run-1", passId: "pass-1", snapshotDir, image: "acme/env:1" });
    const container = fake.containers.get(sandbox.id)!;
    expect(container.started).toBe(true);
    expect(container.options).toMatchObject({
      Image: "acme/env:1",
      User: "65534:65534",
      WorkingDir: "/repo",
      NetworkDisabled: true,
      Labels: { "probebench.run": "run-1", "probebench.pass": "pass-1" },
    });
    expect(container.options.HostConfig).toEqual({
      NetworkMode: "none",
      ReadonlyRootfs: true,
      CapDrop: ["ALL"],
      // Docker takes the seccomp profile's JSON itself (Podman a path: sandbox-podman.test.ts).
      SecurityOpt: ["no-new-privileges", `seccomp=${JSON.stringify(buildSeccompProfile())}`],
      PidsLimit: 128,
      Memory: 512 * 1024 * 1024,
      MemorySwap: 512 * 1024 * 1024,
      NanoCpus: 1_500_000_000,
      Tmpfs: { "/tmp": "rw,nosuid,nodev,size=64m" },
      ShmSize: 64 * 1024 * 1024,
      Binds: [`${snapshotDir}:/repo:ro`],
      AutoRemove: false,
    });

    const result = await sandbox.exec({
      argv: ["sh", "-c", "cat pkg/core.py; echo oops >&2; exit 3"],
      timeoutMs: 10_000,
      maxOutputBytes: 1_000,
    });
    expect(result).toEqual({
      exitCode: 3,
      stdout: "def f(x):\n    return 1 / x\n",
      stderr: "oops\n",
      timedOut: false,
      oomKilled: false,
      droppedBytes: 0,
    });
    const exec = [...fake.execs.values()].at(-1)!;
    expect(exec.options).toMatchObject({
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
      User: "65534:65534",
      WorkingDir: "/repo",
    });
    expect(exec.options.Cmd.slice(0, 4)).toEqual(["timeout", "-s", "KILL", "10"]);
    expect(fake.requests.some((r) => /^POST \/exec\/\w+\/start \(upgrade tcp, connection Upgrade\)$/.test(r))).toBe(
      true,
    );

    const big = await sandbox.exec({
      argv: ["sh", "-c", "head -c 5000 /dev/zero | tr '\\0' x"],
      timeoutMs: 10_000,
      maxOutputBytes: 1_000,
    });
    expect(big.stdout).toHaveLength(1_000);
    expect(big.droppedBytes).toBe(4_000);

    await sandbox.close();
    expect(container.removed).toBe(true);
    await sandbox.close(); // twice is fine
  });

  it("removes orphaned containers by label, and finds the engine through DOCKER_HOST", async () => {
    const previous = process.env.DOCKER_HOST;
    process.env.DOCKER_HOST = `unix://${socketPath}`;
    try {
      // `new Docker()` inside the provider reads DOCKER_HOST, as dockerode does for a remote engine.
      const provider = new DockerSandboxProvider(limits, "node:22-bookworm");
      const a = await provider.create({ runId: "run-2", passId: "dead-pass", snapshotDir });
      const b = await provider.create({ runId: "run-2", passId: "live-pass", snapshotDir });
      expect(fake.containers.get(a.id)!.options.Image).toBe("node:22-bookworm");
      const removed = await provider.removeOrphans(async ({ passId }) => passId === "dead-pass");
      expect(removed).toBe(1);
      expect(fake.containers.get(a.id)!.removed).toBe(true);
      expect(fake.containers.get(b.id)!.removed).toBe(false);
      expect(fake.requests).toContain("GET /containers/json");
      await b.close();
    } finally {
      if (previous === undefined) delete process.env.DOCKER_HOST;
      else process.env.DOCKER_HOST = previous;
    }
  });

  it("copies the snapshot into a volume of the container for a remote engine (copy mode)", async () => {
    const archivePath = path.join(dir, "snapshot.tar.gz");
    writeFileSync(
      archivePath,
      gzipSync(
        await packCanonicalTar([
          { type: "file", path: "pkg/core.py", content: Buffer.from("COPIED = True\n"), executable: false },
        ]),
      ),
    );
    const provider = new DockerSandboxProvider(limits, "node:22-bookworm", new Docker({ socketPath }), "copy");
    const sandbox = await provider.create({
      runId: "run-3",
      passId: "pass-3",
      snapshotDir: "/not/on/the/remote/host",
      archivePath,
    });
    const container = fake.containers.get(sandbox.id)!;
    expect(container.options.HostConfig.Binds).toBeUndefined();
    expect(container.options.HostConfig.Mounts).toEqual([{ Type: "volume", Source: "", Target: "/repo" }]);
    expect(container.options.HostConfig.ReadonlyRootfs).toBe(true);
    const upload = fake.requests.findIndex((r) => r === `PUT /containers/${sandbox.id}/archive`);
    const start = fake.requests.findIndex((r) => r === `POST /containers/${sandbox.id}/start`);
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(upload).toBeLessThan(start);
    const result = await sandbox.exec({ argv: ["cat", "pkg/core.py"], timeoutMs: 10_000, maxOutputBytes: 1_000 });
    expect(result.stdout).toBe("COPIED = True\n");
    await sandbox.close();
  });
});
