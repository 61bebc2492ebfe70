import { spawnSync } from "node:child_process";
import path from "node:path";
import Docker from "dockerode";

// The real container engine the Docker sandbox's tests use: a Docker Engine API on TEST_DOCKER_HOST (default
// unix:///run/podman/podman.sock, where scripts/container-engine.sh starts Podman; .ci/run calls it), with the
// sandbox image TEST_SANDBOX_IMAGE (default probebench/sandbox:bookworm, built by the same script). Without them the
// tests fail and say what is missing; TEST_SKIP_CONTAINER_ENGINE=1 skips them explicitly instead.

export const TEST_DOCKER_HOST = process.env.TEST_DOCKER_HOST ?? "unix:///run/podman/podman.sock";
export const TEST_SANDBOX_IMAGE = process.env.TEST_SANDBOX_IMAGE ?? "probebench/sandbox:bookworm";
export const SKIP_CONTAINER_ENGINE = process.env.TEST_SKIP_CONTAINER_ENGINE === "1";

export function engineClient(): Docker {
  const url = new URL(TEST_DOCKER_HOST);
  if (url.protocol === "unix:") return new Docker({ socketPath: url.pathname });
  return new Docker({ host: url.hostname, port: Number(url.port || 2375), protocol: "http" });
}

/** Throws a message naming what is missing unless the engine answers and has the sandbox image. */
export async function requireContainerEngine(): Promise<Docker> {
  const docker = engineClient();
  const fix =
    "run scripts/container-engine.sh (as root; it installs and starts Podman) and set TEST_DOCKER_HOST to the DOCKER_HOST it prints, or set TEST_SKIP_CONTAINER_ENGINE=1 to skip the tests that need a container engine";
  try {
    await docker.ping();
  } catch (error) {
    throw new Error(
      `No container engine answers at TEST_DOCKER_HOST=${TEST_DOCKER_HOST} (${error instanceof Error ? error.message : error}): ${fix}`,
      { cause: error },
    );
  }
  try {
    await docker.getImage(TEST_SANDBOX_IMAGE).inspect();
  } catch {
    throw new Error(`The container engine at ${TEST_DOCKER_HOST} has no image ${TEST_SANDBOX_IMAGE}: ${fix}`);
  }
  return docker;
}

/** Containers of a run (label probebench.run=<runId>) the engine still has, running or not. */
export async function containersOfRun(docker: Docker, runId: string): Promise<Docker.ContainerInfo[]> {
  return docker.listContainers({ all: true, filters: { label: [`probebench.run=${runId}`] } });
}

/**
 * Before the suite: where no engine answers at the default socket and none was named, sets one up as .ci/run does
 * (scripts/container-engine.sh; root only), so `npm test` on a fresh machine needs no other step. Elsewhere the
 * tests that need an engine fail with requireContainerEngine()'s message.
 */
export async function ensureContainerEngine(root: string): Promise<void> {
  if (SKIP_CONTAINER_ENGINE || process.env.TEST_DOCKER_HOST || process.getuid?.() !== 0) return;
  const ready = await requireContainerEngine().then(
    () => true,
    () => false,
  );
  if (ready) return;
  console.log("No container engine answers: setting up Podman with scripts/container-engine.sh (once) ...");
  const result = spawnSync(path.join(root, "scripts", "container-engine.sh"), {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    timeout: 900_000,
  });
  if (result.status !== 0)
    console.log("scripts/container-engine.sh failed; the container engine tests will say what is missing.");
}
