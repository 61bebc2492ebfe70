import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { BoundedBuffer, SANDBOX_REPO_DIR, type ExecRequest, type ExecResult, type Sandbox, type SandboxLimits, type SandboxProvider, type SandboxSpec } from "./sandbox";

// The sandbox for machines without Docker: every command runs under bubblewrap (Debian's `bubblewrap`) with all
// namespaces unshared (no network: only a loopback inside), the host's /usr read-only, the snapshot read-only at
// /repo, a tmpfs /tmp, no environment but PATH/HOME, and prlimit limits. When the worker runs as root, bwrap itself
// is started as nobody (65534): inside a user namespace created by root, uid 65534 would map to root outside and
// could read what root can (/etc/shadow, other snapshots).
const NOBODY = 65534;

export function bwrapArgs(snapshotDir: string, limits: SandboxLimits, argv: string[], timeoutS: number): string[] {
  return [
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--clearenv",
    "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin",
    "--setenv", "HOME", "/tmp",
    "--setenv", "LANG", "C.UTF-8",
    "--uid", String(NOBODY),
    "--gid", String(NOBODY),
    "--ro-bind", "/usr", "/usr",
    "--symlink", "usr/bin", "/bin",
    "--symlink", "usr/sbin", "/sbin",
    "--symlink", "usr/lib", "/lib",
    "--symlink", "usr/lib64", "/lib64",
    "--ro-bind-try", "/etc/alternatives", "/etc/alternatives",
    "--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache",
    "--proc", "/proc",
    "--dev", "/dev",
    "--size", String(limits.tmpMb * 1024 * 1024),
    "--tmpfs", "/tmp",
    "--ro-bind", snapshotDir, SANDBOX_REPO_DIR,
    "--chdir", SANDBOX_REPO_DIR,
    "--",
    // Memory (address space), processes, file size, CPU seconds; `timeout` kills the command at its wall limit.
    "prlimit",
    `--as=${limits.memoryMb * 1024 * 1024}`,
    `--nproc=${limits.pids}`,
    `--fsize=${limits.tmpMb * 1024 * 1024}`,
    `--cpu=${Math.max(1, timeoutS)}`,
    "--",
    "timeout", "-s", "KILL", String(Math.max(1, timeoutS)),
    ...argv,
  ];
}

class ProcessSandbox implements Sandbox {
  readonly id = `process-${randomUUID()}`;
  private readonly children = new Set<ChildProcess>();
  constructor(private readonly spec: SandboxSpec, private readonly limits: SandboxLimits, private readonly bwrap: string) {}

  exec(request: ExecRequest): Promise<ExecResult> {
    const timeoutS = Math.ceil(request.timeoutMs / 1000);
    const asRoot = process.getuid?.() === 0;
    const child: ChildProcess = spawn(this.bwrap, bwrapArgs(this.spec.snapshotDir, this.limits, request.argv, timeoutS), {
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: "/usr/bin:/bin" } as unknown as NodeJS.ProcessEnv,
      detached: true,
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    this.children.add(child);
    const out = new BoundedBuffer(request.maxOutputBytes);
    const err = new BoundedBuffer(request.maxOutputBytes);
    child.stdout!.on("data", (c: Buffer) => out.push(c));
    child.stderr!.on("data", (c: Buffer) => err.push(c));
    let timedOut = false;
    // Backstop to `timeout` inside: kill the whole bwrap process group a little after the limit.
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, request.timeoutMs + 2_000);
    return new Promise((resolve) => {
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        clearTimeout(timer);
        this.children.delete(child);
        // `timeout -s KILL` makes the command die by SIGKILL: exit status 137 from inside.
        const killed = timedOut || code === 137 || signal === "SIGKILL";
        resolve({ exitCode: code, stdout: out.text(), stderr: err.text(), timedOut: killed, droppedBytes: out.dropped + err.dropped });
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
  }
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
  constructor(private readonly limits: SandboxLimits, private readonly bwrap = "bwrap") {}
  async create(spec: SandboxSpec): Promise<Sandbox> {
    return new ProcessSandbox(spec, this.limits, this.bwrap);
  }
  /** Processes die with their worker (--die-with-parent): nothing outlives it. */
  async removeOrphans(_isOrphan: (labels: { runId: string; passId: string }) => Promise<boolean>): Promise<number> {
    return 0;
  }
}
