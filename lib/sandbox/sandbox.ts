// Where an audit pass's tool calls run (docs/in-house-runs.md). The model never runs inside: the worker calls
// the model and executes each tool call as a command in the pass's sandbox, which holds the snapshot read-only at
// /repo, a writable tmpfs /tmp, no network, and resource limits.

export const SANDBOX_REPO_DIR = "/repo";

export type ExecRequest = {
  argv: string[];
  timeoutMs: number;
  // Bytes of stdout and of stderr kept each; the rest is drained and counted, not stored.
  maxOutputBytes: number;
};

export type ExecResult = {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  // Killed by the kernel's OOM killer at the sandbox's memory limit (never also timedOut).
  oomKilled: boolean;
  // Bytes produced beyond maxOutputBytes (stdout + stderr).
  droppedBytes: number;
};

export interface Sandbox {
  readonly id: string;
  exec(request: ExecRequest): Promise<ExecResult>;
  /** Removes the sandbox (container, processes); safe to call twice. */
  close(): Promise<void>;
}

export type SandboxSpec = {
  runId: string;
  passId: string;
  // Host directory with the extracted snapshot; mounted read-only at /repo.
  snapshotDir: string;
  // The snapshot's canonical .tar.gz (Docker in copy mode uploads it instead of bind-mounting snapshotDir).
  archivePath?: string;
  // Docker only: the snapshot's environment image, else the default image.
  image?: string | null;
};

/** How a provider enforces its limits, for the worker log and the run record. */
export type SandboxIsolation = {
  // Process sandbox: "cgroup v1" / "cgroup v2", or null with `warning` saying why limits are per process only.
  cgroup: string | null;
  // The namespaces the command runs in, and which of them it may create.
  namespaces: string;
  // The syscall policy (seccomp) the command runs under.
  syscalls: string;
  warning: string | null;
};

export interface SandboxProvider {
  readonly kind: "docker" | "process";
  readonly isolation: SandboxIsolation;
  create(spec: SandboxSpec): Promise<Sandbox>;
  /** Removes sandboxes no live pass attempt owns (Docker: containers labelled probebench.run); returns how many. */
  removeOrphans(isOrphan: (labels: { runId: string; passId: string }) => Promise<boolean>): Promise<number>;
}

export type SandboxLimits = { memoryMb: number; cpus: number; pids: number; tmpMb: number };

/** Collects at most `max` bytes of a stream, counting the rest. */
export class BoundedBuffer {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  dropped = 0;
  constructor(private readonly max: number) {}
  push(chunk: Buffer): void {
    const room = this.max - this.kept;
    if (room <= 0) {
      this.dropped += chunk.length;
      return;
    }
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(Buffer.from(part));
    this.kept += part.length;
    this.dropped += chunk.length - part.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}
