import path from "node:path";
import Docker from "dockerode";
import { env } from "../env";
import { DockerSandboxProvider } from "./docker-sandbox";
import { ProcessSandboxProvider } from "./process-sandbox";
import type { SandboxProvider } from "./sandbox";
import type { SandboxRecord } from "../contracts/sandbox-record";
import { processGlobals } from "../process-globals";

// SANDBOX picks where tool calls run; "auto" (the default) looks at what this machine has: a Docker Engine API that
// answers at DOCKER_HOST (or the default socket), else bubblewrap that can start a command, else nothing.

export type SandboxChoice = SandboxRecord & { provider: SandboxProvider | null };

const PROBE_TIMEOUT_MS = 3_000;

function limits() {
  return { memoryMb: env.SANDBOX_MEMORY_MB, cpus: env.SANDBOX_CPUS, pids: env.SANDBOX_PIDS, tmpMb: env.SANDBOX_TMP_MB };
}

function dockerHost(): string {
  return process.env.DOCKER_HOST || "unix:///var/run/docker.sock";
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function pingDocker(docker: Docker): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      docker.ping(),
      new Promise(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS)),
      ),
    ]);
    return null;
  } catch (error) {
    return errorText(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `true` in a process sandbox of /usr: null when it works, else what went wrong. */
async function tryBubblewrap(provider: ProcessSandboxProvider): Promise<string | null> {
  const sandbox = await provider.create({ runId: "probe", passId: "probe", snapshotDir: "/usr" });
  try {
    const result = await sandbox.exec({ argv: ["true"], timeoutMs: PROBE_TIMEOUT_MS * 2, maxOutputBytes: 2_000 });
    return result.exitCode === 0
      ? null
      : `exit status ${result.exitCode ?? "unknown"}${result.stderr ? `: ${result.stderr.trim().slice(0, 300)}` : ""}`;
  } finally {
    await sandbox.close();
  }
}

/** The record's view of how a provider isolates a command. */
function isolationOf(provider: SandboxProvider): NonNullable<SandboxRecord["isolation"]> {
  const { cgroup, namespaces, syscalls } = provider.isolation;
  return { cgroup, namespaces, syscalls };
}

function processChoice(provider: ProcessSandboxProvider, reason: string): SandboxChoice {
  return { kind: "process", provider, reason, warning: provider.isolation.warning, isolation: isolationOf(provider) };
}

export async function chooseSandbox(setting = env.SANDBOX): Promise<SandboxChoice> {
  if (setting === "off") return { kind: "none", provider: null, reason: "SANDBOX=off", warning: null };
  if (setting === "docker") {
    const provider = new DockerSandboxProvider(
      limits(),
      env.SANDBOX_IMAGE,
      new Docker(),
      env.SANDBOX_SNAPSHOT,
      path.resolve(env.AUDIT_WORK_DIR),
    );
    return {
      kind: "docker",
      provider,
      reason: `SANDBOX=docker (engine at ${dockerHost()})`,
      warning: null,
      isolation: isolationOf(provider),
    };
  }
  if (setting === "process") return processChoice(new ProcessSandboxProvider(limits()), "SANDBOX=process");
  const docker = new Docker();
  const dockerError = await pingDocker(docker);
  if (dockerError === null) {
    const provider = new DockerSandboxProvider(
      limits(),
      env.SANDBOX_IMAGE,
      docker,
      env.SANDBOX_SNAPSHOT,
      path.resolve(env.AUDIT_WORK_DIR),
    );
    return {
      kind: "docker",
      provider,
      reason: `SANDBOX=auto: the Docker engine at ${dockerHost()} answers`,
      warning: null,
      isolation: isolationOf(provider),
    };
  }
  const noDocker = `no Docker engine answers at ${dockerHost()} (${dockerError})`;
  const bwrap = new ProcessSandboxProvider(limits());
  const bwrapError = await tryBubblewrap(bwrap).catch(errorText);
  if (bwrapError === null) return processChoice(bwrap, `SANDBOX=auto: ${noDocker}; bubblewrap works`);
  return {
    kind: "none",
    provider: null,
    reason: `SANDBOX=auto: ${noDocker}, and bubblewrap cannot run a command (${bwrapError})`,
    warning: null,
  };
}

const globalForSandbox = processGlobals<{ workerSandbox?: Promise<SandboxChoice> }>();

/** The worker's sandbox, chosen once per process. */
export function workerSandbox(): Promise<SandboxChoice> {
  return (globalForSandbox.workerSandbox ??= chooseSandbox());
}
