import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { detectCgroups, ExecCgroup, removeLeftoverCgroups, type CgroupSupport } from "./cgroup";
import { buildSeccompProgram, currentSyscallArch, describeSyscallPolicy, encodeSeccompProgram } from "./seccomp-filter";
import { BoundedBuffer, SANDBOX_REPO_DIR, type ExecRequest, type ExecResult, type Sandbox } from "./sandbox";
import type { SandboxIsolation, SandboxLimits, SandboxProvider, SandboxSpec } from "./sandbox";
import { execTimeoutSeconds, KILLED_EXIT_STATUS, reachedTimeLimit, underTimeout } from "./time-limit";

// The sandbox for machines without Docker: every command runs under bubblewrap (Debian's `bubblewrap`) with all
// namespaces unshared (no network: only a loopback inside) and no new user namespace allowed inside
// (--disable-userns), a seccomp filter refusing the syscalls that reach kernel code behind namespaces and privileges
// (./seccomp-filter.ts), the host's /usr read-only, the snapshot read-only at /repo, a read-only root and /dev,
// size-limited tmpfs /tmp and /dev/shm, no environment but PATH/HOME, in a cgroup of its own (memory with tmpfs
// pages, processes and CPU bounded for the whole command, see ./cgroup.ts) plus prlimit's per-process file size and
// CPU-seconds limits. Without a usable cgroup, memory falls back to prlimit's per-process address space and
// processes are not bounded as a whole: the provider says so (isolation.warning). When the worker runs as root,
// bwrap itself is started as nobody (65534): inside a user namespace created by root, uid 65534 would map to root
// outside and could read what root can (/etc/shadow, other snapshots).
//
// bwrap stays in the sandbox as its pid 1, and /proc/1 is readable there: its options (the host path of the
// snapshot) come through a pipe (--args), its environment holds PATH alone, and the cgroup files are passed to the
// shell that enters the cgroup as an argument, which exec replaces.
const NOBODY = 65534;
// The child's file descriptors that carry bwrap's options and the seccomp program (0-2 are stdio).
const ARGS_FD = 3;
const SECCOMP_FD = 4;
// The root directory only holds the mount points bwrap makes; it is read-only once they are made.
const ROOT_TMPFS_BYTES = 1024 * 1024;

const SYSCALL_ARCH = currentSyscallArch();
const SECCOMP_PROGRAM = SYSCALL_ARCH && encodeSeccompProgram(buildSeccompProgram(SYSCALL_ARCH));

const PROCESS_SANDBOX_NAMESPACES =
  "user, mount, pid, network (loopback only), IPC, UTS and cgroup namespaces of its own; no new user namespace inside (bubblewrap --disable-userns)";

/** bwrap's options: the mounts, namespaces and identity of the sandbox (read by bwrap from a pipe, never shown). */
function bwrapOptions(snapshotDir: string, limits: SandboxLimits, seccomp: boolean): string[] {
  const tmpBytes = String(limits.tmpMb * 1024 * 1024);
  return [
    "--unshare-all",
    "--unshare-user",
    "--disable-userns",
    ...(seccomp ? ["--seccomp", String(SECCOMP_FD)] : []),
    "--die-with-parent",
    "--new-session",
    "--clearenv",
    "--setenv",
    "PATH",
    "/usr/local/bin:/usr/bin:/bin",
    "--setenv",
    "HOME",
    "/tmp",
    "--setenv",
    "LANG",
    "C.UTF-8",
    "--uid",
    String(NOBODY),
    "--gid",
    String(NOBODY),
    // bwrap's own root is a tmpfs without a size: a small one is mounted over it first.
    "--size",
    String(ROOT_TMPFS_BYTES),
    "--tmpfs",
    "/",
    "--ro-bind",
    "/usr",
    "/usr",
    "--symlink",
    "usr/bin",
    "/bin",
    "--symlink",
    "usr/sbin",
    "/sbin",
    "--symlink",
    "usr/lib",
    "/lib",
    "--symlink",
    "usr/lib64",
    "/lib64",
    "--ro-bind-try",
    "/etc/alternatives",
    "/etc/alternatives",
    "--ro-bind-try",
    "/etc/ld.so.cache",
    "/etc/ld.so.cache",
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    // Shared memory and /tmp get SANDBOX_TMP_MB each.
    "--size",
    tmpBytes,
    "--tmpfs",
    "/dev/shm",
    "--size",
    tmpBytes,
    "--tmpfs",
    "/tmp",
    "--ro-bind",
    snapshotDir,
    SANDBOX_REPO_DIR,
    // bwrap's /dev cannot take a size: it is made read-only (its device nodes stay usable), as is the root.
    "--remount-ro",
    "/dev",
    "--remount-ro",
    "/",
    "--chdir",
    SANDBOX_REPO_DIR,
  ];
}

/** What bwrap starts: the command under its per-process limits and its wall-clock limit. */
function sandboxCommand(limits: SandboxLimits, argv: string[], timeoutS: number, inCgroup: boolean): string[] {
  return [
    // File size and CPU seconds per process; memory (address space) per process only without a cgroup, which
    // bounds memory and processes as a whole. `timeout` kills the command at its wall limit.
    "prlimit",
    ...(inCgroup ? [] : [`--as=${limits.memoryMb * 1024 * 1024}`]),
    `--fsize=${limits.tmpMb * 1024 * 1024}`,
    `--cpu=${timeoutS}`,
    "--",
    ...underTimeout(argv, timeoutS),
  ];
}

// The first process of an exec (as root, or as the worker's user) writes its pid into the exec's cgroup (the files
// are its first argument), then execs bwrap (as nobody when root): everything the command starts is in the cgroup
// from its first instruction.
const ENTER_CGROUP = 'IFS=:; for f in $1; do echo $$ > "$f" || exit 125; done; shift; exec "$@"';

class ProcessSandbox implements Sandbox {
  readonly id = `process-${randomUUID()}`;
  private readonly children = new Set<ChildProcess>();
  private readonly cgroups = new Set<ExecCgroup>();
  private execs = 0;
  constructor(
    private readonly spec: SandboxSpec,
    private readonly limits: SandboxLimits,
    private readonly bwrap: string,
    private readonly cgroup: CgroupSupport,
  ) {}

  exec(request: ExecRequest): Promise<ExecResult> {
    const timeoutS = execTimeoutSeconds(request.timeoutMs);
    const asRoot = process.getuid?.() === 0;
    let group: ExecCgroup | null = null;
    if (this.cgroup.version !== null) {
      try {
        group = ExecCgroup.create(
          this.cgroup,
          `${process.pid}-${this.id.slice("process-".length)}-${++this.execs}`,
          this.limits,
        );
      } catch (error) {
        // Refuse rather than run without the limits the provider promised.
        return Promise.resolve({
          exitCode: null,
          stdout: "",
          stderr: `sandbox failed to start: cannot create its cgroup (${error instanceof Error ? error.message : error})`,
          timedOut: false,
          oomKilled: false,
          droppedBytes: 0,
        });
      }
      this.cgroups.add(group);
    }
    const options = bwrapOptions(this.spec.snapshotDir, this.limits, SECCOMP_PROGRAM !== null);
    const args = [
      "--args",
      String(ARGS_FD),
      "--",
      ...sandboxCommand(this.limits, request.argv, timeoutS, group !== null),
    ];
    const stdio: ("ignore" | "pipe")[] = ["ignore", "pipe", "pipe", "pipe", "pipe"];
    const child: ChildProcess = group
      ? spawn(
          "/bin/sh",
          [
            "-c",
            ENTER_CGROUP,
            "sh",
            group.procsFiles.join(":"),
            ...(asRoot ? ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", "--"] : []),
            this.bwrap,
            ...args,
          ],
          // cwd "/": the shell exports PWD, which bwrap (pid 1 inside) keeps in its environment.
          { stdio, cwd: "/", env: { PATH: "/usr/bin:/bin" } as unknown as NodeJS.ProcessEnv, detached: true },
        )
      : spawn(this.bwrap, args, {
          stdio,
          cwd: "/",
          env: { PATH: "/usr/bin:/bin" } as unknown as NodeJS.ProcessEnv,
          detached: true,
          ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
        });
    this.children.add(child);
    // bwrap reads both pipes to their end before it starts the command (options NUL-separated).
    writeAndClose(child.stdio[ARGS_FD], Buffer.from(options.map((o) => `${o}\0`).join("")));
    writeAndClose(child.stdio[SECCOMP_FD], SECCOMP_PROGRAM ?? Buffer.alloc(0));
    const started = Date.now();
    const out = new BoundedBuffer(request.maxOutputBytes);
    const err = new BoundedBuffer(request.maxOutputBytes);
    child.stdout!.on("data", (c: Buffer) => out.push(c));
    child.stderr!.on("data", (c: Buffer) => err.push(c));
    let backstop = false;
    // Backstop to `timeout` inside: kill the whole bwrap process group a little after the limit.
    const timer = setTimeout(() => {
      backstop = true;
      killGroup(child.pid);
    }, request.timeoutMs + 2_000);
    return new Promise((resolve) => {
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        clearTimeout(timer);
        this.children.delete(child);
        const oomKilled = (group?.oomKills() ?? 0) > 0;
        if (group) {
          group.remove();
          this.cgroups.delete(group);
        }
        // `timeout -s KILL` makes the command die by SIGKILL: exit status 137 from inside, at the time limit. A
        // SIGKILL well before it without an OOM kill counted (no cgroup) is prlimit's CPU limit or the kernel.
        const killed = code === KILLED_EXIT_STATUS || signal === "SIGKILL";
        const atDeadline = reachedTimeLimit(started, request.timeoutMs);
        const timedOut = !oomKilled && (backstop || (killed && atDeadline));
        resolve({
          exitCode: code,
          stdout: out.text(),
          stderr: err.text(),
          timedOut,
          oomKilled,
          droppedBytes: out.dropped + err.dropped,
        });
      };
      child.on("error", (error: Error) => {
        err.push(Buffer.from(`sandbox failed to start: ${error.message}`));
        finish(null, null);
      });
      child.on("close", finish);
    });
  }

  async close(): Promise<void> {
    for (const child of this.children) killGroup(child.pid);
    this.children.clear();
    for (const group of this.cgroups) group.remove();
    this.cgroups.clear();
  }
}

function writeAndClose(stream: unknown, data: Buffer): void {
  const writable = stream as NodeJS.WritableStream & { on(event: "error", listener: () => void): unknown };
  // A child that failed to start closes the pipe first: its error is reported by the spawn, not here.
  writable.on("error", () => undefined);
  writable.end(data);
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

export class ProcessSandboxProvider implements SandboxProvider {
  readonly kind = "process" as const;
  readonly isolation: SandboxIsolation;
  private readonly cgroup: CgroupSupport;
  constructor(
    private readonly limits: SandboxLimits,
    private readonly bwrap = "bwrap",
    cgroup: CgroupSupport = detectCgroups(),
  ) {
    this.cgroup = cgroup;
    const policy = { namespaces: PROCESS_SANDBOX_NAMESPACES, syscalls: describeSyscallPolicy(SYSCALL_ARCH) };
    const unbounded =
      cgroup.version === null
        ? `no cgroup for the process sandbox: ${cgroup.reason}; memory is limited per process (address space) and processes and CPU are not limited as a whole`
        : null;
    const unfiltered = SYSCALL_ARCH === null ? `no seccomp filter: no syscall table for ${process.arch}` : null;
    this.isolation = {
      cgroup: cgroup.version === null ? null : `cgroup v${cgroup.version}`,
      ...policy,
      warning: [unbounded, unfiltered].filter(Boolean).join("; ") || null,
    };
  }

  async create(spec: SandboxSpec): Promise<Sandbox> {
    return new ProcessSandbox(spec, this.limits, this.bwrap, this.cgroup);
  }
  /** Processes die with their worker (--die-with-parent); the exec cgroups a dead worker left are removed. */
  async removeOrphans(_isOrphan: (labels: { runId: string; passId: string }) => Promise<boolean>): Promise<number> {
    return removeLeftoverCgroups(this.cgroup);
  }
}
