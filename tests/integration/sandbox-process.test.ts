import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ProcessSandboxProvider } from "../../lib/sandbox/process-sandbox";

// The process sandbox for real (bubblewrap): no network, nothing writable but /tmp, the snapshot intact after,
// limits enforced, and not root inside.

const dir = mkdtempSync(path.join(tmpdir(), "probebench-bwrap-"));
const snapshotDir = path.join(dir, "snapshot");
mkdirSync(path.join(snapshotDir, "pkg"), { recursive: true, mode: 0o755 });
writeFileSync(path.join(snapshotDir, "pkg", "core.py"), "VALUE = 1\n", { mode: 0o644 });
execFileSync("chmod", ["-R", "a+rX", dir]);
const provider = new ProcessSandboxProvider({ memoryMb: 1024, cpus: 1, pids: 64, tmpMb: 32 });
const run = async (command: string, timeoutMs = 20_000) => {
  const sandbox = await provider.create({ runId: "r", passId: "p", snapshotDir });
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
});
