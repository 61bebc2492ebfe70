import { z } from "zod";

// Which sandbox a worker uses and why: logged at worker start, published for the web app (launch refused and
// /admin/runs explaining when there is none) and stored on each in-house run.
export const sandboxRecordSchema = z.object({
  kind: z.enum(["docker", "process", "none"]),
  // Why this one: SANDBOX's value, or what auto found ("the Docker engine at ... answers", "... bubblewrap works").
  reason: z.string().max(2_000),
  // A limit that does not hold as documented (the process sandbox without a cgroup), else null.
  warning: z.string().max(2_000).nullable(),
  // How the sandbox isolates a command (lib/sandbox/sandbox.ts SandboxIsolation); null without a sandbox. Absent
  // from records stored before it was kept.
  isolation: z
    .object({
      cgroup: z.string().max(200).nullable(),
      namespaces: z.string().max(1_000),
      syscalls: z.string().max(2_000),
    })
    .nullish(),
});
export type SandboxRecord = z.infer<typeof sandboxRecordSchema>;

/** One line for logs and pages. */
export function describeSandbox(record: SandboxRecord): string {
  const what =
    record.kind === "docker"
      ? "Docker sandbox"
      : record.kind === "process"
        ? "process sandbox (bubblewrap)"
        : "no sandbox";
  return `${what}: ${record.reason}${record.warning ? `. Warning: ${record.warning}` : ""}`;
}

/** How the sandbox isolates a command, in one line; null when the record does not say (no sandbox, older runs). */
export function describeIsolation(record: SandboxRecord): string | null {
  const i = record.isolation;
  if (!i) return null;
  return `limits ${i.cgroup ? `as a whole (${i.cgroup})` : "per process"}; namespaces: ${i.namespaces}; syscalls: ${i.syscalls}`;
}

/** The message for a launch refused, or a sandboxed panel run without its sandbox, when the worker has none. */
export function noSandboxMessage(record: SandboxRecord): string {
  return `In-house runs and sandboxed panel judges need a sandbox, and the worker has none: ${record.reason}. Install a container engine (scripts/container-engine.sh) or bubblewrap, or set SANDBOX, then restart the worker.`;
}
