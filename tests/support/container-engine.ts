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
  const fix = "run scripts/container-engine.sh (as root; it installs and starts Podman) and set TEST_DOCKER_HOST to the DOCKER_HOST it prints, or set TEST_SKIP_CONTAINER_ENGINE=1 to skip the tests that need a container engine";
  try {
    await docker.ping();
  } catch (error) {
    throw new Error(`No container engine answers at TEST_DOCKER_HOST=${TEST_DOCKER_HOST} (${error instanceof Error ? error.message : error}): ${fix}`);
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
