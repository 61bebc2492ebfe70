import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { findBenchmark, importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { importSnapshot } from "../../lib/server/snapshots/import-snapshot";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";
import { db } from "../support/fixtures";
import { setAgent } from "../support/audit-fixtures";
import { axeViolations, launchBrowser } from "../support/browser";
import { createTestUser, type TestUser } from "../integration/authz-support";

// Done when (docs/in-house-runs.md): an admin launches a run in the browser on the demo benchmark with the fake model (scripted
// to call tools), watches the passes progress, and the finished run appears as a scored in-house submission. The run
// pages are audited by axe-core and run under the CSP like every other page.
const webUrl = inject("webUrl");
const fakeUrl = inject("fakeOpenAiUrl");
let browser: Browser;
let cspViolations: string[];
let admin: TestUser;
let demo: string;

beforeAll(async () => {
  const file = benchmarkFileSchema.parse(JSON.parse(readFileSync(path.resolve("data/demo/benchmark.json"), "utf8")));
  demo = `${file.slug}@${file.version}`;
  if (!(await findBenchmark(demo))) await importBenchmark(file);
  await importSnapshot({ benchmark: demo, repo: "demo/tinysql", source: path.resolve("data/demo/repos/tinysql") });
  admin = await createTestUser("admin");
  ({ browser, cspViolations } = await launchBrowser());
});
afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});
afterAll(async () => {
  await setAgent(fakeUrl, {});
  await browser?.close();
});

describe("in-house runs in the browser", () => {
  it("an admin launches a run on the demo benchmark, watches its passes and gets a scored in-house submission", async () => {
    // Slow enough to watch: four model turns of 400 ms per pass.
    await setAgent(fakeUrl, { latencyMs: 400 });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${webUrl}/sign-in?callbackUrl=${encodeURIComponent("/admin/runs")}`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/runs", { timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Benchmark version").selectOption(demo);
    await page.getByLabel("Model", { exact: true }).fill("fake-auditor-1");
    await page.getByLabel("Reasoning effort").selectOption("low");
    await page.getByLabel("USD").fill("50");
    await page.getByLabel(/probe-passes/).check();
    await page.getByLabel(/demo\/tinysql/).check();
    await page.getByRole("button", { name: "Launch run" }).click();
    await page.waitForURL((url) => /^\/admin\/runs\/\w+$/.test(url.pathname), { timeout: 30_000 });
    const runId = new URL(page.url()).pathname.split("/").pop()!;

    // Progress as the page shows it, sampled until the run ends.
    const progress = page.getByTestId("run-progress-text");
    const seen = new Set<string>();
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const text = (await progress.innerText().catch(() => "")).trim();
      if (text) seen.add(text);
      if ((await page.getByTestId("run-submission").count()) > 0) break;
      await page.waitForTimeout(250);
    }
    expect(await page.getByTestId("run-submission").count()).toBe(1);
    expect(await progress.innerText()).toBe("3 done, 0 failed, 0 running of 3");
    // It was watched in progress: some pass was running while not all were done.
    expect([...seen].some((t) => /running of 3/.test(t) && !/^3 done/.test(t) && !/0 running/.test(t))).toBe(true);
    expect(await page.locator("tr[data-pass-status=done]").count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);

    // A pass's transcript: the tool calls and their sandboxed outputs.
    await page.getByRole("link", { name: /Transcript of demo\/tinysql pass-01/ }).click();
    await page.waitForURL((url) => url.pathname.includes("/passes/"));
    const transcript = await page.locator("ol.transcript").innerText();
    expect(transcript).toContain("→ list_dir");
    expect(transcript).toContain("→ submit_findings");
    expect(transcript).toContain("NETWORK-BLOCKED");
    expect(await axeViolations(page)).toEqual([]);

    // The finished run is an in-house submission, scored by the normal queue and waiting for review.
    await page.goBack();
    await page.getByTestId("run-submission").getByRole("link").click();
    await page.waitForURL((url) => url.pathname === `/account/submissions/${runId}`);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.locator("body").innerText();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toMatch(/scored/i);
    const submission = await db.submission.findUniqueOrThrow({ where: { id: runId } });
    expect(submission).toMatchObject({
      source: "in_house",
      harness: "probe-passes",
      scoringStatus: "scored",
      reviewStatus: "pending",
      model: "fake-auditor-1",
    });
    expect(await page.locator("body").innerText()).toContain("fake-auditor-1");
    await page.close();
  });

  it("a maintainer reads and edits the context documents on the repository page", async () => {
    const maintainer = await createTestUser("maintainer");
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const target = `/repositories/demo/tinysql`;
    await page.goto(`${webUrl}/sign-in?callbackUrl=${encodeURIComponent(target)}`);
    await page.getByLabel("Email").fill(maintainer.email);
    await page.getByLabel("Password").fill(maintainer.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === target, { timeout: 30_000 });
    await page.goto(`${webUrl}${target}?benchmark=${encodeURIComponent(demo)}`);
    const audit = page.locator("section[data-context-kind=audit]");
    // Written by the run above (one pass per snapshot).
    await expect.poll(() => audit.innerText()).toContain("Written by fake-auditor-1 (audit-context@1)");
    expect(await axeViolations(page)).toEqual([]);
    await audit.getByRole("button", { name: "Edit the audit context document" }).click();
    await audit.getByLabel(/^Text/).fill("# demo/tinysql\n\nEdited in the browser: the parser accepts SQL-92 only.");
    await audit.getByLabel(/^Reason/).fill("scope");
    await audit.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => audit.getByRole("status").innerText()).toContain("Saved");
    expect(await audit.innerText()).toContain(`Edited by ${maintainer.email}`);
    const panel = page.locator("section[data-context-kind=panel]");
    expect(await panel.innerText()).toContain("Not written yet");
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
