import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detectCgroups } from "../../lib/sandbox/cgroup";
import { ProcessSandboxProvider } from "../../lib/sandbox/process-sandbox";
import type { SandboxLimits } from "../../lib/sandbox/sandbox";

// The process sandbox for real (bubblewrap): no network, nothing writable but /tmp, the snapshot intact after,
// limits enforced, and not root inside.

const dir = mkdtempSync(path.join(tmpdir(), "probebench-bwrap-"));
const snapshotDir = path.join(dir, "snapshot");
mkdirSync(path.join(snapshotDir, "pkg"), { recursive: true, mode: 0o755 });
writeFileSync(path.join(snapshotDir, "pkg", "core.py"), "VALUE = 1\n", { mode: 0o644 });
execFileSync("chmod", ["-R", "a+rX", dir]);
const provider = new ProcessSandboxProvider({ memoryMb: 1024, cpus: 1, pids: 64, tmpMb: 32 });
const run = async (command: string, timeoutMs = 20_000, using = provider) => {
  const sandbox = await using.create({ runId: "r", passId: "p", snapshotDir });
  try {
    return await sandbox.exec({ argv: ["sh", "-c", command], timeoutMs, maxOutputBytes: 64 * 1024 });
  } finally {
    await sandbox.close();
  }
};

afterAll(() => {
  // The snapshot is intact after every test.
  expect(readdirSync(path.join(snapshotDir, "pkg"))).toEqual(["core.py"]);
  expect(readFileSync(path.join(snapshotDir, "pkg", "core.py"), "utf8")).toBe("VALUE = 1\n");
});

describe("ProcessSandbox (bubblewrap)", () => {
  it("reads the snapshot at /repo as a non-root user", async () => {
    const result = await run("pwd; cat pkg/core.py; id -u");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe("/repo\nVALUE = 1\n65534\n");
  });

  it("has no network: python and curl cannot connect anywhere", async () => {
    const py = await run(`python3 -c "import socket; socket.create_connection(('1.1.1.1', 80), timeout=3)"`);
    expect(py.exitCode).not.toBe(0);
    expect(py.stderr).toMatch(/Network is unreachable|OSError|Errno/);
    const curl = await run("curl -sS -m 3 http://127.0.0.1:5432/ ; echo rc=$?");
    expect(curl.stdout).toMatch(/rc=(7|6)/);
  });

  it("writes only to /tmp: the snapshot and the root are read-only", async () => {
    const repo = await run("echo x > pkg/core.py");
    expect(repo.exitCode).not.toBe(0);
    expect(repo.stderr).toMatch(/Read-only file system/);
    const created = await run("touch /repo/new.py");
    expect(created.exitCode).not.toBe(0);
    const root = await run("echo x > /usr/evil");
    expect(root.exitCode).not.toBe(0);
    const tmp = await run("echo ok > /tmp/a && cat /tmp/a");
    expect(tmp.stdout).toBe("ok\n");
  });

  it("sees none of the host: no home, no secrets, no host processes", async () => {
    const result = await run("ls /root /work /etc/shadow 2>&1; ps -e 2>/dev/null | wc -l");
    expect(result.stdout).toMatch(/No such file or directory/);
    expect(result.stdout).not.toContain("root:");
  });

  it("kills a command at its time limit", async () => {
    const started = Date.now();
    const result = await run("sleep 30", 1_000);
    expect(result.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("reports the time limit as such, not as out of memory", async () => {
    const result = await run("sleep 30", 1_000);
    expect(result).toMatchObject({ timedOut: true, oomKilled: false });
  });
});

// Untrusted code must not reach kernel code behind namespaces and privileges: no new user namespace (so no root
// inside one, no mounts), a seccomp filter refusing the calls an audit command never needs, and nothing of the host
// in /proc/1 (bubblewrap, pid 1 of the sandbox).
describe("ProcessSandbox namespaces and syscalls", () => {
  const unbounded = new ProcessSandboxProvider({ memoryMb: 1024, cpus: 1, pids: 64, tmpMb: 16 }, "bwrap", {
    version: null,
    reason: "none for this test",
  });
  // errno of a raw syscall made with ctypes (0: it succeeded).
  const syscall = (nr: number, args: string) =>
    `python3 -c "import ctypes, sys; libc = ctypes.CDLL(None, use_errno=True); r = libc.syscall(${nr}, ${args}); print(ctypes.get_errno() if r == -1 else 0)"`;

  it("refuses new user namespaces: unshare -Ur gives no root, and no tmpfs can be mounted", async () => {
    const result = await run(
      "unshare -Ur id; echo rc=$?; unshare -Urm sh -c 'mount -t tmpfs none /tmp && echo mounted'; echo rc=$?",
    );
    expect(result.stdout).not.toContain("uid=0");
    expect(result.stdout).not.toContain("mounted");
    expect(result.stdout).toMatch(/rc=[1-9]\d*\nrc=[1-9]/);
    expect(result.stderr).toMatch(/unshare failed: Operation not permitted/);
  });

  it("runs under the seccomp filter: unshare, mount, keyctl, ptrace and bpf answer EPERM", async () => {
    const result = await run(
      [
        "grep ^Seccomp: /proc/self/status",
        syscall(272, "0x10000000"), // unshare(CLONE_NEWUSER)
        syscall(165, "b'none', b'/tmp', b'tmpfs', 0, None"), // mount
        syscall(250, "0, -3, 0"), // keyctl(KEYCTL_GET_KEYRING_ID, session keyring)
        syscall(101, "0, 0, 0, 0"), // ptrace(PTRACE_TRACEME)
        syscall(321, "0, None, 0"), // bpf
      ].join("; "),
    );
    expect(result.stdout).toBe("Seccomp:\t2\n1\n1\n1\n1\n1\n");
  });

  it("still runs ordinary programs: shell pipelines, python threads and subprocesses, node", async () => {
    const result = await run(
      `cat pkg/core.py | wc -l; python3 -c "import threading, subprocess; t = threading.Thread(target=print, args=('thread',)); t.start(); t.join(); print(subprocess.run(['echo', 'child'], capture_output=True, text=True).stdout.strip())"; node -e "console.log(require('child_process').execFileSync('echo', ['node']).toString().trim())"`,
    );
    expect(result.stdout).toBe("1\nthread\nchild\nnode\n");
  });

  it("shows nothing of the host in /proc/1: no snapshot path, no cgroup files, no inherited descriptors", async () => {
    for (const using of [provider, unbounded]) {
      const result = await run(
        "tr '\\0' ' ' < /proc/1/cmdline; echo; tr '\\0' ' ' < /proc/1/environ; echo; readlink /proc/self/fd/3 /proc/self/fd/4 || echo closed",
        20_000,
        using,
      );
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toMatch(/^bwrap --args 3 -- prlimit .*\nPATH=\/usr\/bin:\/bin (PWD=\/ )?\nclosed\n$/);
      expect(result.stdout).not.toContain(snapshotDir);
      expect(result.stdout).not.toMatch(/PROBEBENCH|cgroup/i);
    }
  });

  it("without a cgroup, no tmpfs grows unbounded: / and /dev are read-only, /tmp and /dev/shm have SANDBOX_TMP_MB", async () => {
    const result = await run(
      "head -c 20M /dev/zero > /dev/big; echo dev=$?; head -c 20M /dev/zero > /big; echo root=$?; echo x > /dev/null && echo null-ok; grep -E ' - tmpfs ' /proc/self/mountinfo | awk '{print $5, $6, $NF}'",
      20_000,
      unbounded,
    );
    expect(result.stdout).toMatch(/^dev=[1-9]\d*\nroot=[1-9]\d*\nnull-ok\n/);
    const mounts = result.stdout.trim().split("\n").slice(3);
    expect(mounts.length).toBeGreaterThanOrEqual(4);
    for (const line of mounts) expect(line, line).toMatch(/^\S+ ro,|size=/);
    expect(mounts.filter((l) => l.startsWith("/tmp ") || l.startsWith("/dev/shm "))).toEqual([
      expect.stringContaining("size=16384k"),
      expect.stringContaining("size=16384k"),
    ]);
  });
});

// The limits hold for the whole command, not per process: each exec runs in a cgroup of its own (v1 here, v2
// elsewhere). Without one these tests fail and name what is missing.
describe("ProcessSandbox limits as a whole (cgroup)", () => {
  const support = detectCgroups();
  const small: SandboxLimits = { memoryMb: 128, cpus: 0.25, pids: 32, tmpMb: 16 };
  const limited = new ProcessSandboxProvider(small);
  const leftovers = () =>
    support.version === null
      ? []
      : (support.version === 2 ? [support.dir] : Object.values(support.dirs))
          .flatMap((d) =>
            readdirSync(d, { withFileTypes: true })
              .filter((e) => e.isDirectory() && e.name.startsWith(`${process.pid}-`))
              .map((e) => e.name),
          )
          .filter((name, i, all) => all.indexOf(name) === i);

  it("finds a cgroup to put each exec in", () => {
    expect(
      support.version === null ? support.reason : "ok",
      "the process sandbox needs a writable cgroup (v1 memory, pids, cpu or v2 with them delegated)",
    ).toBe("ok");
    expect(limited.isolation).toMatchObject({ cgroup: `cgroup v${support.version}`, warning: null });
  });

  it("bounds /dev/shm: 20 files of 15 MB do not fit (SANDBOX_TMP_MB each for /tmp and /dev/shm)", async () => {
    const result = await run(
      "n=0; for i in $(seq 1 20); do head -c 15M /dev/zero > /dev/shm/f$i 2>/dev/null && n=$((n+1)); done; echo wrote=$n; df -k /dev/shm | tail -n 1",
      20_000,
      limited,
    );
    expect(result.stdout).toMatch(/^wrote=[01]\n/);
    const sizeKb = Number(result.stdout.split("\n")[1]!.trim().split(/\s+/)[1]);
    expect(sizeKb).toBe(16 * 1024);
  });

  it("bounds the memory of 4 processes together: each holding 60 MB under a 128 MB limit is killed out of memory", async () => {
    const hold = `python3 -c "import time; b = bytearray(60 * 1024 * 1024); b[::4096] = b'x' * len(b[::4096]); time.sleep(4)"`;
    // A quarter of a CPU starts four interpreters slowly on a loaded machine: the time limit is generous, and the
    // assertion is that memory, not time, ended the command.
    const result = await run(`for i in 1 2 3 4; do ${hold} & done; wait; echo done`, 40_000, limited);
    expect(result).toMatchObject({ oomKilled: true, timedOut: false });
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it("reports a single command killed at the memory limit as out of memory, not as a time limit", async () => {
    const result = await run(
      `python3 -c "b = bytearray(400 * 1024 * 1024); b[::4096] = b'x' * len(b[::4096])"`,
      15_000,
      limited,
    );
    expect(result).toMatchObject({ exitCode: 137, oomKilled: true, timedOut: false });
  });

  it("bounds tmpfs and memory together: /tmp and /dev/shm pages count against the memory limit", async () => {
    const result = await run(
      `head -c 15M /dev/zero > /tmp/a; head -c 15M /dev/zero > /dev/shm/b; python3 -c "b = bytearray(110 * 1024 * 1024); b[::4096] = b'x' * len(b[::4096])"; echo rc=$?`,
      15_000,
      limited,
    );
    expect(result.stdout).toMatch(/rc=137/);
    expect(result.oomKilled).toBe(true);
  });

  it("bounds the processes of the whole command (pids): forking stops at SANDBOX_PIDS, children left running are killed", async () => {
    const fork = `python3 -c "
import os, time
n = 0
try:
    for _ in range(200):
        if os.fork() == 0:
            time.sleep(30)
            os._exit(0)
        n += 1
except OSError as e:
    print('refused', e.errno)
print('forked', n)
"`;
    const started = Date.now();
    const result = await run(fork, 15_000, limited);
    expect(result.stdout).toMatch(/^refused 11\nforked \d+\n$/);
    const forked = Number(/forked (\d+)/.exec(result.stdout)![1]);
    expect(forked).toBeGreaterThan(small.pids - 10);
    expect(forked).toBeLessThan(small.pids);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(leftovers()).toEqual([]);
  });

  it("applies the CPU quota (SANDBOX_CPUS): two busy loops for 2 s get about half a CPU second at 0.25 CPU", async () => {
    const busy = "timeout 2 sh -c 'while :; do :; done'";
    const result = await run(`${busy} & ${busy} & wait; times`, 15_000, limited);
    // `times`: the shell's own user/system times, then its children's.
    const lines = result.stdout.trim().split("\n");
    const seconds = (s: string) =>
      s.split(/\s+/).reduce((sum, t) => {
        const m = /(\d+)m([\d.]+)s/.exec(t);
        return sum + (m ? Number(m[1]) * 60 + Number(m[2]) : 0);
      }, 0);
    const cpu = seconds(lines.at(-1)!);
    expect(cpu).toBeGreaterThan(0.1);
    expect(cpu).toBeLessThan(0.8);
  });

  it("leaves no cgroup behind after each exec and after close", async () => {
    const sandbox = await limited.create({ runId: "r", passId: "p", snapshotDir });
    await sandbox.exec({ argv: ["true"], timeoutMs: 5_000, maxOutputBytes: 100 });
    expect(leftovers()).toEqual([]);
    const running = sandbox.exec({ argv: ["sleep", "30"], timeoutMs: 30_000, maxOutputBytes: 100 });
    await new Promise((r) => setTimeout(r, 300));
    expect(leftovers()).toHaveLength(1);
    await sandbox.close();
    await running;
    expect(leftovers()).toEqual([]);
  });
});
