import { describe, expect, it } from "vitest";
import { ownCgroupPaths } from "./cgroup";
import { describeIsolation, describeSandbox, noSandboxMessage } from "../contracts/sandbox-record";

describe("the worker's cgroup paths", () => {
  it("reads v1 controllers (also combined ones) and the v2 path from /proc/self/cgroup", () => {
    const paths = ownCgroupPaths(
      "12:pids:/w\n4:memory:/process_api/abc\n3:cpu,cpuacct:/c\n1:name=systemd:/s\n0::/unified\n",
    );
    expect(paths.get("memory")).toBe("/process_api/abc");
    expect(paths.get("pids")).toBe("/w");
    expect(paths.get("cpu")).toBe("/c");
    expect(paths.get("cpuacct")).toBe("/c");
    expect(paths.get("")).toBe("/unified");
  });

  it("reads a pure v2 host", () => {
    expect([...ownCgroupPaths("0::/system.slice/worker.service\n")]).toEqual([["", "/system.slice/worker.service"]]);
  });
});

describe("the sandbox record's wording", () => {
  it("says which sandbox, why, and what does not hold", () => {
    expect(describeSandbox({ kind: "docker", reason: "SANDBOX=docker", warning: null })).toBe(
      "Docker sandbox: SANDBOX=docker",
    );
    expect(describeSandbox({ kind: "process", reason: "SANDBOX=process", warning: "no cgroup" })).toBe(
      "process sandbox (bubblewrap): SANDBOX=process. Warning: no cgroup",
    );
    expect(
      describeIsolation({
        kind: "process",
        reason: "SANDBOX=process",
        warning: null,
        isolation: { cgroup: "cgroup v2", namespaces: "all unshared", syscalls: "seccomp filter" },
      }),
    ).toBe("limits as a whole (cgroup v2); namespaces: all unshared; syscalls: seccomp filter");
    expect(describeIsolation({ kind: "none", reason: "SANDBOX=off", warning: null })).toBeNull();
    expect(noSandboxMessage({ kind: "none", reason: "SANDBOX=off", warning: null })).toContain(
      "the worker has none: SANDBOX=off.",
    );
  });
});
