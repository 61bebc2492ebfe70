import Docker from "dockerode";
import { env } from "../env";
import { DockerSandboxProvider } from "./docker-sandbox";
import { ProcessSandboxProvider } from "./process-sandbox";
import type { SandboxProvider } from "./sandbox";

/** The sandbox SANDBOX names, with the configured limits. */
export function createSandboxProvider(): SandboxProvider {
  const limits = { memoryMb: env.SANDBOX_MEMORY_MB, cpus: env.SANDBOX_CPUS, pids: env.SANDBOX_PIDS, tmpMb: env.SANDBOX_TMP_MB };
  return env.SANDBOX === "process" ? new ProcessSandboxProvider(limits) : new DockerSandboxProvider(limits, env.SANDBOX_IMAGE, new Docker(), env.SANDBOX_SNAPSHOT);
}
