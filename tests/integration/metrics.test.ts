import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT, TSX_NODE_ARGS, sparePort, startProcess, stopProcess, waitForHttp } from "../../scripts/lib/processes";
import { finding, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";

// GET /api/metrics: what an operator scrapes. The web server's own counters and every live worker's (published
// through Redis) in one Prometheus text, readable from the internal network or with an admin's token only.
const webUrl = inject("webUrl");

/** The value of one sample, 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const [series, value] = [line.slice(0, line.lastIndexOf(" ")), line.slice(line.lastIndexOf(" ") + 1)];
    if (Object.entries(labels).every(([k, v]) => series.includes(`${k}="${v}"`))) return Number(value);
  }
  return 0;
}

async function scrape(
  base = webUrl,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; type: string | null }> {
  const response = await fetch(`${base}/api/metrics`, { headers });
  return { status: response.status, text: await response.text(), type: response.headers.get("content-type") };
}

describe("metrics", () => {
  it("move after a scoring job: jobs, judge calls, HTTP requests, queue depths", async () => {
    const before = await scrape();
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const jobs = (text: string) =>
      sample(text, "probebench_jobs_total", { queue: "scoring-queue", outcome: "completed" });
    const judgeCalls = (text: string) =>
      sample(text, "probebench_llm_calls_total", { purpose: "judge", outcome: "ok" });
    const posts = (text: string) =>
      sample(text, "probebench_http_requests_total", { method: "POST", route: "/api/v1/submissions" });

    const slug = await seedBenchmark();
    const user = await userWithToken();
    const response = await fetch(`${webUrl}/api/v1/submissions`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        benchmark: slug,
        model: "Metered",
        findings: [
          finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost without trailing newline"),
          finding("P3", "acme/parser", "parser/errors.py", 11, 13, "Error column counts bytes"),
        ],
      }),
    });
    expect(response.ok).toBe(true);
    expect(response.headers.get("x-request-id")).toMatch(/^[\w.:-]{8,100}$/);
    const { id } = await response.json();
    expect((await waitForStatus(webUrl, id, user.token)).status).toBe("scored");

    // Workers publish every 5 s.
    let after = await scrape();
    for (let i = 0; i < 40 && jobs(after.text) <= jobs(before.text); i++) {
      await new Promise((r) => setTimeout(r, 500));
      after = await scrape();
    }
    expect(jobs(after.text)).toBeGreaterThan(jobs(before.text));
    expect(judgeCalls(after.text)).toBeGreaterThan(judgeCalls(before.text));
    expect(posts(after.text)).toBeGreaterThan(posts(before.text));
    expect(after.text).toMatch(
      /^probebench_job_duration_seconds_count\{queue="scoring-queue",outcome="completed"\} [1-9]/m,
    );
    expect(after.text).toMatch(/^probebench_queue_jobs\{queue="scoring-queue",state="completed"\} \d+/m);
    expect(after.text).toMatch(/^probebench_queue_jobs\{queue="audit-queue",state="waiting"\} \d+/m);
    // Route labels are the app's routes, never raw paths with ids in them.
    expect(after.text).not.toContain(id);
  });

  describe("from a public address", () => {
    // A second web server that trusts the loopback proxy, so X-Forwarded-For decides the client address.
    let web: ChildProcess | undefined;
    let base = "";
    beforeAll(async () => {
      const port = await sparePort();
      base = `http://127.0.0.1:${port}`;
      web = startProcess("metrics-web", process.execPath, [...TSX_NODE_ARGS, "server/server.ts"], {
        env: { PORT: String(port), HOST: "127.0.0.1", TRUSTED_PROXIES: "loopback" },
        logDir: path.join(ROOT, "test-artifacts", "logs"),
      });
      await waitForHttp(`${base}/api/health`, 60_000, "The second web server");
    });
    afterAll(() => stopProcess(web));

    it("is hidden without credentials, refused without the admin role and scope, and served to an admin token", async () => {
      const from = { "x-forwarded-for": "203.0.113.9" };
      expect((await scrape(base, from)).status).toBe(404);
      expect((await scrape(base, { ...from, authorization: "Bearer pb_not_a_token" })).status).toBe(404);
      const user = await userWithToken("user");
      expect((await scrape(base, { ...from, authorization: `Bearer ${user.token}` })).status).toBe(403);
      const admin = await userWithToken("admin");
      // The first scrape this server answers already holds the worker's metrics (its scoring job of the test above).
      const allowed = await scrape(base, { ...from, authorization: `Bearer ${admin.token}` });
      expect(allowed.status).toBe(200);
      expect(allowed.text).toContain("probebench_http_requests_total");
      expect(
        sample(allowed.text, "probebench_jobs_total", { queue: "scoring-queue", outcome: "completed" }),
      ).toBeGreaterThan(0);
      // The internal network needs no token (here: the proxy's own loopback address, no X-Forwarded-For).
      expect((await scrape(base)).status).toBe(200);
      expect((await scrape(base, { "x-forwarded-for": "10.1.2.3" })).status).toBe(200);
    });
  });
});
