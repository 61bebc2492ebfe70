import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A PostgreSQL cluster of a test's (or a bench's) own: initdb into a temporary directory, on a spare port, so that
// stopping and restarting it disturbs nobody else. Tools from the newest /usr/lib/postgresql/<version>/bin; as root
// (PostgreSQL refuses to run as root) the cluster belongs to the system user postgres.

const PG_BIN = (() => {
  const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error("no PostgreSQL server under /usr/lib/postgresql (apt-get install postgresql)");
  return path.join("/usr/lib/postgresql", versions[0], "bin");
})();

export class PrivatePostgres {
  readonly dir = mkdtempSync(path.join(tmpdir(), "probebench-private-pg-"));
  private readonly asRoot = process.getuid?.() === 0;

  constructor(readonly port: number) {
    if (this.asRoot) spawnSync("chown", ["postgres", this.dir]);
    this.tool("initdb", ["-D", this.dir, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  }

  /** The URL of a database of this cluster. */
  url(database = "probebench"): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    this.ctl(["start", "-o", `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`]);
  }

  /** `fast` ends every session (57P01) and shuts down cleanly; `immediate` is a crash, recovered from the WAL at start. */
  stop(mode: "fast" | "immediate" = "fast"): void {
    this.ctl(["stop", "-m", mode]);
  }

  restart(mode: "fast" | "immediate" = "immediate"): void {
    this.ctl(["restart", "-m", mode]);
  }

  /** Stops the cluster if it runs and removes its directory. */
  destroy(): void {
    try {
      this.stop("immediate");
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private ctl(args: string[]): void {
    this.tool("pg_ctl", ["-D", this.dir, "-w", "-l", path.join(this.dir, "log"), ...args]);
  }

  private tool(tool: string, args: string[]): void {
    const command = this.asRoot ? "runuser" : path.join(PG_BIN, tool);
    const full = this.asRoot ? ["-u", "postgres", "--", path.join(PG_BIN, tool), ...args] : args;
    const result = spawnSync(command, full, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${tool} ${args[0]} failed: ${result.stderr || result.stdout}`);
  }
}
