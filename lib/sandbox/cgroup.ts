import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SandboxLimits } from "./sandbox";

// Control groups for the process sandbox: each exec runs in its own cgroup, so memory (with tmpfs pages, which the
// kernel charges to the cgroup that wrote them), processes and CPU are bounded for everything the command starts,
// not per process as rlimits are. cgroup v2 (one hierarchy) and v1 (one hierarchy per controller, as on hybrid
// systems) are both supported; the groups live under "probebench" inside the worker's own cgroup.

export type CgroupSupport =
  | { version: 1; dirs: { memory: string; pids: string; cpu: string } }
  | { version: 2; dir: string }
  | { version: null; reason: string };

const ROOT = "/sys/fs/cgroup";
const GROUP = "probebench";
const CFS_PERIOD_US = 100_000;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The worker's path in each hierarchy, from /proc/self/cgroup ("0::/path" for v2, "4:memory:/path" for v1). */
export function ownCgroupPaths(procSelfCgroup: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const line of procSelfCgroup.split("\n")) {
    const m = /^\d+:([^:]*):(.*)$/.exec(line.trim());
    if (!m) continue;
    if (m[1] === "") paths.set("", m[2]!);
    for (const c of m[1]!.split(",")) if (c) paths.set(c, m[2]!);
  }
  return paths;
}

/**
 * Finds (and prepares) where exec cgroups can be made, or says why none can. v2: "+memory +pids +cpu" must be
 * enabled in the parent's subtree, which the kernel refuses while the parent holds processes; a worker alone in its
 * cgroup (a container) moves itself into a leaf "worker" child first.
 */
export function detectCgroups(root = ROOT): CgroupSupport {
  let own: Map<string, string>;
  try {
    own = ownCgroupPaths(readFileSync("/proc/self/cgroup", "utf8"));
  } catch (error) {
    return { version: null, reason: `cannot read /proc/self/cgroup (${errorText(error)})` };
  }
  try {
    if (existsSync(path.join(root, "cgroup.controllers"))) return detectV2(root, own.get("") ?? "/");
    const dirs = { memory: "", pids: "", cpu: "" };
    for (const controller of ["memory", "pids", "cpu"] as const) {
      const mount = path.join(root, controller);
      if (!existsSync(path.join(mount, "cgroup.procs")))
        return {
          version: null,
          reason: `no cgroup v1 "${controller}" hierarchy at ${mount} and no cgroup v2 at ${root}`,
        };
      const dir = path.join(mount, own.get(controller) ?? "/", GROUP);
      mkdirSync(dir, { recursive: true });
      dirs[controller] = dir;
    }
    return { version: 1, dirs };
  } catch (error) {
    return { version: null, reason: `cannot create a cgroup (${errorText(error)})` };
  }
}

function detectV2(root: string, ownPath: string): CgroupSupport {
  const wanted = ["memory", "pids", "cpu"];
  const base = path.join(root, ownPath);
  const available = readFileSync(path.join(base, "cgroup.controllers"), "utf8").trim().split(/\s+/);
  const lacking = wanted.filter((c) => !available.includes(c));
  if (lacking.length) return { version: null, reason: `cgroup v2 at ${base} does not delegate ${lacking.join(", ")}` };
  const enable = (dir: string) =>
    writeFileSync(path.join(dir, "cgroup.subtree_control"), wanted.map((c) => `+${c}`).join(" "));
  try {
    enable(base);
  } catch (error) {
    // EBUSY: processes in base (no internal processes in v2). Only when they are this worker alone, move it down.
    const procs = readFileSync(path.join(base, "cgroup.procs"), "utf8").trim().split(/\s+/).filter(Boolean);
    if (!(procs.length === 1 && procs[0] === String(process.pid))) {
      return {
        version: null,
        reason: `cannot enable memory, pids and cpu below ${base} (${errorText(error)}); run the worker in a cgroup of its own, delegated to it`,
      };
    }
    const leaf = path.join(base, "worker");
    mkdirSync(leaf, { recursive: true });
    writeFileSync(path.join(leaf, "cgroup.procs"), String(process.pid));
    enable(base);
  }
  const dir = path.join(base, GROUP);
  mkdirSync(dir, { recursive: true });
  enable(dir);
  return { version: 2, dir };
}

/** The cgroup of one exec: made with its limits before the command starts, removed after it ends. */
export class ExecCgroup {
  private constructor(
    private readonly support: Exclude<CgroupSupport, { version: null }>,
    readonly dirs: string[],
  ) {}

  static create(support: Exclude<CgroupSupport, { version: null }>, name: string, limits: SandboxLimits): ExecCgroup {
    const memory = String(limits.memoryMb * 1024 * 1024);
    const quota = String(Math.max(1_000, Math.round(limits.cpus * CFS_PERIOD_US)));
    if (support.version === 2) {
      const dir = path.join(support.dir, name);
      mkdirSync(dir);
      const group = new ExecCgroup(support, [dir]);
      try {
        writeFileSync(path.join(dir, "memory.max"), memory);
        // No swap on top of the memory limit (the file is absent when the kernel has no swap accounting).
        if (existsSync(path.join(dir, "memory.swap.max"))) writeFileSync(path.join(dir, "memory.swap.max"), "0");
        writeFileSync(path.join(dir, "pids.max"), String(limits.pids));
        writeFileSync(path.join(dir, "cpu.max"), `${quota} ${CFS_PERIOD_US}`);
      } catch (error) {
        group.remove();
        throw error;
      }
      return group;
    }
    const dirs = {
      memory: path.join(support.dirs.memory, name),
      pids: path.join(support.dirs.pids, name),
      cpu: path.join(support.dirs.cpu, name),
    };
    const made: string[] = [];
    try {
      for (const dir of Object.values(dirs)) {
        mkdirSync(dir);
        made.push(dir);
      }
      writeFileSync(path.join(dirs.memory, "memory.limit_in_bytes"), memory);
      if (existsSync(path.join(dirs.memory, "memory.memsw.limit_in_bytes")))
        writeFileSync(path.join(dirs.memory, "memory.memsw.limit_in_bytes"), memory);
      writeFileSync(path.join(dirs.pids, "pids.max"), String(limits.pids));
      writeFileSync(path.join(dirs.cpu, "cpu.cfs_period_us"), String(CFS_PERIOD_US));
      writeFileSync(path.join(dirs.cpu, "cpu.cfs_quota_us"), quota);
    } catch (error) {
      new ExecCgroup(support, made).remove();
      throw error;
    }
    return new ExecCgroup(support, [dirs.memory, dirs.pids, dirs.cpu]);
  }

  /** The cgroup.procs files the command's first process writes its pid into before it execs the sandbox. */
  get procsFiles(): string[] {
    return this.dirs.map((d) => path.join(d, "cgroup.procs"));
  }

  /** Processes the kernel's OOM killer killed in this cgroup (memory.events in v2, memory.oom_control in v1). */
  oomKills(): number {
    const file =
      this.support.version === 2
        ? path.join(this.dirs[0]!, "memory.events")
        : path.join(this.dirs[0]!, "memory.oom_control");
    try {
      const m = /^oom_kill (\d+)$/m.exec(readFileSync(file, "utf8"));
      return m ? Number(m[1]) : 0;
    } catch {
      return 0;
    }
  }

  /** Kills whatever still runs in the cgroup, then removes it; safe to call twice. */
  remove(): void {
    for (const dir of this.dirs) killAll(dir);
    for (const dir of this.dirs) removeDir(dir);
  }
}

function killAll(dir: string): void {
  if (existsSync(path.join(dir, "cgroup.kill"))) {
    try {
      writeFileSync(path.join(dir, "cgroup.kill"), "1");
      return;
    } catch {
      // fall back to signalling each process
    }
  }
  for (let round = 0; round < 20; round++) {
    let pids: string[];
    try {
      pids = readFileSync(path.join(dir, "cgroup.procs"), "utf8").trim().split(/\s+/).filter(Boolean);
    } catch {
      return;
    }
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
}

function removeDir(dir: string): void {
  // rmdir fails with EBUSY for a moment while killed processes are being reaped.
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      const until = Date.now() + 10;
      while (Date.now() < until) {
        // short busy wait: rmdir is retried synchronously so close() leaves nothing behind
      }
    }
  }
}

/** Removes the empty exec cgroups a dead worker left behind; returns how many. */
export function removeLeftoverCgroups(support: CgroupSupport): number {
  if (support.version === null) return 0;
  const parents = support.version === 2 ? [support.dir] : Object.values(support.dirs);
  let removed = 0;
  for (const parent of parents) {
    let names: string[];
    try {
      names = readdirSync(parent, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    } catch {
      continue;
    }
    for (const name of names) {
      // Exec cgroups are named "<worker pid>-<id>": several workers may share the parent; only a dead one's are removed.
      const owner = Number(/^(\d+)-/.exec(name)?.[1]);
      if (owner && processAlive(owner)) continue;
      // Only empty ones: bwrap dies with the worker (--die-with-parent), and a group that still holds processes may
      // belong to a worker this one cannot see (another PID namespace sharing the hierarchy).
      const dir = path.join(parent, name);
      try {
        rmdirSync(dir);
        removed++;
      } catch {
        // busy or gone
      }
    }
  }
  return removed;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
