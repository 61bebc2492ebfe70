import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chooseSandbox } from "../../lib/sandbox/choose-sandbox";
import { sandboxRecordSchema } from "../../lib/contracts/sandbox-record";
import { freePort, PrivateRedis, startWorker, stopProcess, waitFor } from "../support/fault-harness";
import { seedAuditBenchmark } from "../support/audit-fixtures";
import { call, createTestUser, signIn } from "./authz-support";

// Which sandbox a worker uses (SANDBOX, "auto" by default): auto takes the Docker engine when it answers, else
// bubblewrap when it works; a worker without one logs why at start and publishes it, and then the web app refuses to
// launch a run (503 naming the reason) and /admin/runs says so.

const webUrl = inject("webUrl");
const KEY = "probebench:worker-sandbox";

describe("SANDBOX=auto", () => {
  it("takes bubblewrap when no Docker engine answers, saying why", async () => {
    const previous = process.env.DOCKER_HOST;
    process.env.DOCKER_HOST = "unix:///nonexistent/docker.sock";
    try {
      const choice = await chooseSandbox("auto");
      expect(choice.kind).toBe("process");
      expect(choice.provider?.kind).toBe("process");
      expect(choice.reason).toMatch(
        /^SANDBOX=auto: no Docker engine answers at unix:\/\/\/nonexistent\/docker\.sock \(.*ENOENT.*\); bubblewrap works$/,
      );
      // This machine has cgroups for the process sandbox: nothing to warn about.
      expect(choice.warning).toBeNull();
    } finally {
      if (previous === undefined) delete process.env.DOCKER_HOST;
      else process.env.DOCKER_HOST = previous;
    }
  });

  it("says so when there is none", async () => {
    expect(await chooseSandbox("off")).toEqual({ kind: "none", provider: null, reason: "SANDBOX=off", warning: null });
  });
});

describe("a worker without a sandbox", () => {
  let redis: PrivateRedis | undefined;
  let worker: ChildProcess | undefined;
  const shared = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  let published: string | null = null;

  afterAll(async () => {
    if (worker) await stopProcess(worker);
    await redis?.stop().catch(() => undefined);
    // The shared worker's own record back, for the suites that launch runs after this one.
    if (published) await shared.set(KEY, published);
    shared.disconnect();
  });

  it("logs why at start and publishes it; launch is refused with a 503 naming the reason, and /admin/runs says so", async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    const logDir = path.join(process.cwd(), "test-artifacts", "logs");
    worker = startWorker({
      ...(process.env as Record<string, string>),
      REDIS_URL: redis.url,
      SANDBOX: "off",
      WORKER_HEARTBEAT_FILE: path.join(mkdtempSync(path.join(tmpdir(), "probebench-nosandbox-")), "hb"),
    });
    const own = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    const record = await waitFor(
      () => own.get(KEY),
      (v) => v !== null,
      60_000,
      "the worker to publish its sandbox",
    );
    own.disconnect();
    expect(sandboxRecordSchema.parse(JSON.parse(record!))).toEqual({
      kind: "none",
      reason: "SANDBOX=off",
      warning: null,
    });
    // The worker's output reaches its log file through this process's pipe: wait for the line rather than race it.
    const logged = () =>
      (async () => {
        const logs = (await import("node:fs")).readdirSync(logDir).filter((f) => f.startsWith("fault-worker-"));
        return logs.some((f) =>
          readFileSync(path.join(logDir, f), "utf8").includes("sandbox: no sandbox: SANDBOX=off"),
        );
      })();
    expect(await waitFor(logged, (found) => found, 15_000, "the worker to log its sandbox choice")).toBe(true);

    // What that worker published, as the web app's Redis would hold it were it the deployment's worker.
    published = await shared.get(KEY);
    await shared.set(KEY, record!);
    const bench = await seedAuditBenchmark(1, "nosandbox");
    const admin = await createTestUser("admin");
    const refused = await call(
      webUrl,
      "POST",
      "/api/v1/admin/runs",
      { token: admin.token },
      { benchmark: bench.ref, model: "fake-auditor-1", harness: "passes-only" },
    );
    expect(refused.status).toBe(503);
    expect(refused.json.error.message).toBe(
      "In-house runs and sandboxed panel judges need a sandbox, and the worker has none: SANDBOX=off. Install a container engine (scripts/container-engine.sh) or bubblewrap, or set SANDBOX, then restart the worker.",
    );
    const cookie = await signIn(webUrl, admin);
    const page = await (await fetch(`${webUrl}/admin/runs`, { headers: { cookie } })).text();
    expect(page).toContain('data-testid="no-sandbox"');
    expect(page).toContain("the worker has none: SANDBOX=off");
    expect(page).not.toContain("Launch a run");
  });
});
