import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import nodePath from "node:path";
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";

// A fake Docker Engine API on a unix socket, for DockerSandbox's tests: containers are records (create, start,
// inspect, list by label, remove); an exec runs its command on this host in the directory bind-mounted at the
// container's WorkingDir, and `POST /exec/{id}/start` answers like the engine: `101 UPGRADED` with
// `Connection: Upgrade`, then stdout and stderr multiplexed in 8-byte-header frames. Tests read `containers` and
// `execs` to assert the isolation settings and the exec options.

// copied: container path -> host directory holding an archive uploaded there (PUT /containers/{id}/archive).
export type FakeContainer = {
  id: string;
  options: Record<string, any>;
  started: boolean;
  removed: boolean;
  copied: Record<string, string>;
};
export type FakeExec = { id: string; containerId: string; options: Record<string, any>; exitCode: number | null };

export function frame(stream: 1 | 2, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt8(stream, 0);
  header.writeUInt32BE(data.length, 4);
  return Buffer.concat([header, data]);
}

export async function startFakeDocker(socketPath: string) {
  const containers = new Map<string, FakeContainer>();
  const execs = new Map<string, FakeExec>();
  const requests: string[] = [];

  function hostDir(container: FakeContainer, workingDir: string): string {
    if (container.copied[workingDir]) return container.copied[workingDir]!;
    const bind = (container.options.HostConfig?.Binds as string[] | undefined)
      ?.map((b) => b.split(":"))
      .find(([, target]) => target === workingDir);
    return bind?.[0] ?? process.cwd();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://docker");
      const path = url.pathname.replace(/^\/v[\d.]+/, "");
      requests.push(`${req.method} ${path}`);
      const archive = /^\/containers\/(\w+)\/archive$/.exec(path);
      if (req.method === "PUT" && archive) {
        // The engine refuses an upload into a read-only root filesystem unless the target is a volume mount.
        const container = containers.get(archive[1]!);
        const target = url.searchParams.get("path") ?? "";
        const volume = (container?.options.HostConfig?.Mounts as { Type: string; Target: string }[] | undefined)?.some(
          (m) => m.Type === "volume" && m.Target === target,
        );
        if (!container || container.removed) return void res.writeHead(404).end();
        if (container.options.HostConfig?.ReadonlyRootfs && !volume)
          return void res
            .writeHead(403, { "content-type": "application/json" })
            .end(JSON.stringify({ message: "container rootfs is marked read-only" }));
        const dir = mkdtempSync(nodePath.join(tmpdir(), "fake-docker-volume-"));
        const untar = spawnSync("tar", ["-xzf", "-", "-C", dir], { input: Buffer.concat(chunks) });
        if (untar.status !== 0) return void res.writeHead(400).end();
        container.copied[target] = dir;
        return void res.writeHead(200).end();
      }
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
      const send = (status: number, value?: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(value === undefined ? "" : JSON.stringify(value));
      };
      let m: RegExpExecArray | null;
      // Docker's answer (Podman names itself "Podman Engine" here).
      if (req.method === "GET" && path === "/version")
        return send(200, {
          Version: "27.3.1",
          ApiVersion: "1.47",
          Components: [{ Name: "Engine", Version: "27.3.1" }],
        });
      if (req.method === "POST" && path === "/containers/create") {
        const id = randomUUID().replace(/-/g, "");
        containers.set(id, { id, options: body, started: false, removed: false, copied: {} });
        return send(201, { Id: id, Warnings: [] });
      }
      if (req.method === "GET" && path === "/containers/json") {
        const filters = JSON.parse(url.searchParams.get("filters") ?? "{}") as { label?: string[] };
        const list = [...containers.values()].filter(
          (c) => !c.removed && (filters.label ?? []).every((l) => l.split("=")[0]! in (c.options.Labels ?? {})),
        );
        return send(
          200,
          list.map((c) => ({ Id: c.id, Labels: c.options.Labels ?? {}, State: c.started ? "running" : "created" })),
        );
      }
      if ((m = /^\/containers\/(\w+)\/(start|json|exec)$/.exec(path))) {
        const container = containers.get(m[1]!);
        if (!container || container.removed) return send(404, { message: `No such container: ${m[1]}` });
        if (m[2] === "start") {
          container.started = true;
          return send(204);
        }
        if (m[2] === "json")
          return send(200, {
            Id: container.id,
            State: { Running: container.started, Status: container.started ? "running" : "created" },
            Config: { Labels: container.options.Labels },
            HostConfig: container.options.HostConfig,
          });
        const id = randomUUID().replace(/-/g, "");
        execs.set(id, { id, containerId: container.id, options: body, exitCode: null });
        return send(201, { Id: id });
      }
      if ((m = /^\/exec\/(\w+)\/json$/.exec(path))) {
        const exec = execs.get(m[1]!);
        return exec
          ? send(200, { ID: exec.id, Running: exec.exitCode === null, ExitCode: exec.exitCode })
          : send(404, { message: "No such exec instance" });
      }
      if (req.method === "DELETE" && (m = /^\/containers\/(\w+)$/.exec(path))) {
        const container = containers.get(m[1]!);
        if (!container || container.removed) return send(404, { message: `No such container: ${m[1]}` });
        container.removed = true;
        return send(204);
      }
      send(404, { message: `fake docker: unsupported ${req.method} ${path}` });
    });
  });

  // Exec start with hijack: the client asks for `Connection: Upgrade`; the stream carries the multiplexed output.
  server.on("upgrade", (req: http.IncomingMessage, socket: Socket) => {
    const path = new URL(req.url ?? "/", "http://docker").pathname.replace(/^\/v[\d.]+/, "");
    requests.push(`${req.method} ${path} (upgrade ${req.headers.upgrade}, connection ${req.headers.connection})`);
    const exec = execs.get(/^\/exec\/(\w+)\/start$/.exec(path)?.[1] ?? "");
    const container = exec && containers.get(exec.containerId);
    if (!exec || !container || !container.started || container.removed) {
      socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    socket.write(
      "HTTP/1.1 101 UPGRADED\r\nContent-Type: application/vnd.docker.raw-stream\r\nConnection: Upgrade\r\nUpgrade: tcp\r\n\r\n",
    );
    const [cmd, ...args] = exec.options.Cmd as string[];
    const child = spawn(cmd!, args, {
      cwd: hostDir(container, exec.options.WorkingDir ?? container.options.WorkingDir),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d: Buffer) => socket.write(frame(1, d)));
    child.stderr.on("data", (d: Buffer) => socket.write(frame(2, d)));
    child.on("error", () => {
      exec.exitCode = 127;
      socket.end();
    });
    child.on("close", (code) => {
      exec.exitCode = code ?? 137;
      setTimeout(() => socket.end(), 5);
    });
  });

  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    containers,
    execs,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
