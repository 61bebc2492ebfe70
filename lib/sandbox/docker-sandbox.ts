import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import Docker from "dockerode";
import { BoundedBuffer, SANDBOX_REPO_DIR, type ExecRequest, type ExecResult, type Sandbox } from "./sandbox";
import type { SandboxIsolation, SandboxLimits, SandboxProvider, SandboxSpec } from "./sandbox";
import { execTimeoutSeconds, KILLED_EXIT_STATUS, reachedTimeLimit, underTimeout } from "./time-limit";
import { buildSeccompProfile, describeSeccompProfile } from "./seccomp-profile";

// One container per pass (paper §3: separate containers, no network, no revision history). dockerode talks to the
// engine DOCKER_HOST names (unix socket, tcp or ssh), so passes can run on a remote Docker host. The snapshot is
// bind-mounted read-only ("bind": the engine must see AUDIT_WORK_DIR at the same path) or copied in ("copy", for a
// remote engine): the canonical .tar.gz is uploaded into an anonymous volume at /repo before the container starts;
// its files belong to root (0644/0755) and the sandbox user is not root and has no capabilities, so it cannot write.
export type SnapshotMode = "bind" | "copy";
const RUN_LABEL = "probebench.run";
const PASS_LABEL = "probebench.pass";
// A non-root user that exists in every Debian-based image.
const SANDBOX_USER = "65534:65534";

/** The container's create options: the isolation settings the issue lists, asserted by the fake engine's tests. */
function containerOptions(
  spec: SandboxSpec,
  image: string,
  limits: SandboxLimits,
  mode: SnapshotMode = "bind",
  // `seccomp=<profile>` as the engine takes it (seccompOption)
  seccomp?: string,
): Docker.ContainerCreateOptions {
  const memory = limits.memoryMb * 1024 * 1024;
  return {
    Image: image,
    // The container only idles: every tool call is an exec.
    Entrypoint: ["sleep"],
    Cmd: ["infinity"],
    WorkingDir: SANDBOX_REPO_DIR,
    User: SANDBOX_USER,
    NetworkDisabled: true,
    Env: ["HOME=/tmp", "LANG=C.UTF-8"],
    Labels: { [RUN_LABEL]: spec.runId, [PASS_LABEL]: spec.passId },
    HostConfig: {
      NetworkMode: "none",
      ReadonlyRootfs: true,
      CapDrop: ["ALL"],
      SecurityOpt: ["no-new-privileges", ...(seccomp ? [seccomp] : [])],
      PidsLimit: limits.pids,
      Memory: memory,
      // Equal to Memory: no swap on top.
      MemorySwap: memory,
      NanoCpus: Math.round(limits.cpus * 1e9),
      Tmpfs: { "/tmp": `rw,nosuid,nodev,size=${limits.tmpMb}m` },
      // /dev/shm is a tmpfs of its own too; its pages count against Memory like /tmp's.
      ShmSize: limits.tmpMb * 1024 * 1024,
      ...(mode === "bind"
        ? { Binds: [`${spec.snapshotDir}:${SANDBOX_REPO_DIR}:ro`] }
        : { Mounts: [{ Type: "volume" as const, Source: "", Target: SANDBOX_REPO_DIR }] }),
      AutoRemove: false,
    },
  };
}

// Read inside the container after an exec died by SIGKILL: the container's OOM kill counter, from its own cgroup
// (v2 memory.events, v1 memory.oom_control). Engines mount the container's cgroup at /sys/fs/cgroup; an exec's OOM
// kill does not stop the container, so State.OOMKilled alone does not tell (Podman leaves it false).
const OOM_PROBE = [
  "sh",
  "-c",
  "cat /sys/fs/cgroup/memory.events /sys/fs/cgroup/memory/memory.oom_control 2>/dev/null | sed -n 's/^oom_kill //p'",
];

class DockerSandbox implements Sandbox {
  private closed = false;
  // OOM kills already attributed to earlier execs of this container.
  private oomKillsSeen = 0;
  constructor(
    private readonly docker: Docker,
    private readonly container: Docker.Container,
  ) {}
  get id(): string {
    return this.container.id;
  }

  async exec(request: ExecRequest): Promise<ExecResult> {
    const started = Date.now();
    const { exitCode, out, err, cutOff } = await this.run(
      underTimeout(request.argv, execTimeoutSeconds(request.timeoutMs)),
      request.maxOutputBytes,
      request.timeoutMs + 5_000,
    );
    // `timeout -s KILL` and the OOM killer both end the command with exit status 137.
    const oomKilled =
      !cutOff &&
      exitCode === KILLED_EXIT_STATUS &&
      (await this.oomKilledSince(!reachedTimeLimit(started, request.timeoutMs)));
    return {
      exitCode,
      stdout: out.text(),
      stderr: err.text(),
      timedOut: !oomKilled && (cutOff || exitCode === KILLED_EXIT_STATUS),
      oomKilled,
      droppedBytes: out.dropped + err.dropped,
    };
  }

  /** Runs one exec as the sandbox user in /repo; `cutOff` when its stream was still open after `waitMs`. */
  private async run(
    cmd: string[],
    maxOutputBytes: number,
    waitMs: number,
  ): Promise<{ exitCode: number | null; out: BoundedBuffer; err: BoundedBuffer; cutOff: boolean }> {
    const exec = await this.container.exec({
      Cmd: cmd,
      AttachStdout: true,
      AttachStderr: true,
      AttachStdin: false,
      Tty: false,
      User: SANDBOX_USER,
      WorkingDir: SANDBOX_REPO_DIR,
    });
    const stream = await exec.start({ hijack: true, stdin: false, Tty: false });
    const out = new BoundedBuffer(maxOutputBytes);
    const err = new BoundedBuffer(maxOutputBytes);
    const sink = (buffer: BoundedBuffer) =>
      new Writable({
        write(chunk: Buffer, _enc, done) {
          buffer.push(chunk);
          done();
        },
      });
    // Without a TTY the engine multiplexes stdout and stderr in 8-byte-header frames.
    this.docker.modem.demuxStream(stream, sink(out), sink(err));
    let cutOff = false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        cutOff = true;
        stream.destroy();
        resolve();
      }, waitMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      stream.on("end", done);
      stream.on("close", done);
      stream.on("error", done);
    });
    const info = await exec.inspect().catch(() => null);
    return { exitCode: info?.ExitCode ?? null, out, err, cutOff };
  }

  /** Whether the container's OOM killer struck since the last exec; without a readable counter, an early SIGKILL. */
  private async oomKilledSince(beforeDeadline: boolean): Promise<boolean> {
    const state = await this.container.inspect().catch(() => null);
    if (state?.State.OOMKilled) return true;
    const counted = await this.run(OOM_PROBE, 1_000, 5_000).then(
      ({ out }) => {
        const counts = out.text().split("\n").filter(Boolean).map(Number).filter(Number.isFinite);
        return counts.length ? Math.max(...counts) : null;
      },
      () => null,
    );
    if (counted === null) return beforeDeadline;
    const fresh = counted > this.oomKillsSeen;
    this.oomKillsSeen = counted;
    return fresh;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.container.remove({ force: true, v: true }).catch((error: { statusCode?: number }) => {
      if (error?.statusCode !== 404) throw error;
    });
  }
}

/**
 * The SecurityOpt entry that gives a container the sandbox's seccomp profile (./seccomp-profile.ts). Docker takes the
 * profile's JSON itself (its CLI reads a profile file and sends the text); Podman's Docker API (4.x, 5.x) reads the
 * value as the path of a file on the engine's host and refuses JSON. For Podman the profile is written to
 * `profileDir`, which the engine must see at the same path (as it sees AUDIT_WORK_DIR in bind mode).
 */
async function seccompOption(docker: Docker, profileDir: string): Promise<string> {
  const json = JSON.stringify(buildSeccompProfile());
  const version = await docker.version().catch(() => null);
  const podman = version?.Components?.some((c) => /podman/i.test(c.Name)) ?? false;
  if (!podman) return `seccomp=${json}`;
  const file = path.resolve(profileDir, `seccomp-${createHash("sha256").update(json).digest("hex").slice(0, 16)}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, json, { mode: 0o644 });
  return `seccomp=${file}`;
}

export class DockerSandboxProvider implements SandboxProvider {
  readonly kind = "docker" as const;
  // The engine puts each container in a cgroup of its own (memory, pids, CPU): nothing to warn about. The syscall
  // policy is the sandbox's own seccomp profile, the same calls on Docker and Podman (the engines' defaults differ:
  // Podman's lets a command create a user namespace), with every capability dropped and no-new-privileges.
  readonly isolation: SandboxIsolation = {
    cgroup: "container",
    namespaces: "the container's own (network: none); every capability dropped, no-new-privileges",
    syscalls: describeSeccompProfile(),
    warning: null,
  };
  private seccomp: Promise<string> | undefined;
  // `new Docker()` reads DOCKER_HOST (and DOCKER_TLS_VERIFY / DOCKER_CERT_PATH) itself.
  constructor(
    private readonly limits: SandboxLimits,
    private readonly defaultImage: string,
    private readonly docker: Docker = new Docker(),
    private readonly mode: SnapshotMode = "bind",
    // Where a Podman engine reads the seccomp profile from (seccompOption): AUDIT_WORK_DIR in the worker.
    private readonly profileDir: string = tmpdir(),
  ) {}

  async create(spec: SandboxSpec): Promise<Sandbox> {
    if (this.mode === "copy" && !spec.archivePath) throw new Error("copy mode needs the snapshot archive");
    this.seccomp ??= seccompOption(this.docker, this.profileDir).catch((error: unknown) => {
      this.seccomp = undefined;
      throw error;
    });
    const seccomp = await this.seccomp;
    const container = await this.docker
      .createContainer(containerOptions(spec, spec.image ?? this.defaultImage, this.limits, this.mode, seccomp))
      .catch((error: Error) => {
        // A remote Podman engine cannot read a profile written on this host.
        if (/opening seccomp profile failed/.test(String(error?.message)))
          throw new Error(
            `the container engine could not read the sandbox's seccomp profile (${seccomp.slice(0, 200)}): Podman reads it from its own host, which must see ${this.profileDir} at the same path`,
            { cause: error },
          );
        throw error;
      });
    try {
      // A created container accepts an archive into a volume even with a read-only root filesystem.
      if (this.mode === "copy")
        await container.putArchive(createReadStream(spec.archivePath!), { path: SANDBOX_REPO_DIR });
      await container.start();
      const info = await container.inspect();
      if (!info.State.Running)
        throw new Error(`sandbox container ${container.id} is not running (${info.State.Status})`);
    } catch (error) {
      await container.remove({ force: true }).catch(() => undefined);
      throw error;
    }
    return new DockerSandbox(this.docker, container);
  }

  /**
   * Removes containers of passes (label probebench.run) that `isOrphan` says no live attempt owns: at worker start
   * (a worker that died leaves its containers) and before a pass's retry creates its own.
   */
  async removeOrphans(isOrphan: (labels: { runId: string; passId: string }) => Promise<boolean>): Promise<number> {
    const list = await this.docker.listContainers({ all: true, filters: { label: [RUN_LABEL] } });
    let removed = 0;
    for (const c of list) {
      const labels = { runId: c.Labels[RUN_LABEL] ?? "", passId: c.Labels[PASS_LABEL] ?? "" };
      if (!(await isOrphan(labels))) continue;
      await this.docker
        .getContainer(c.Id)
        .remove({ force: true, v: true })
        .catch(() => undefined);
      removed++;
    }
    return removed;
  }
}
