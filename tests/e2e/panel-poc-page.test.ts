import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { StructuredClient } from "../../lib/llm/structured-client";
import { ProcessSandboxProvider } from "../../lib/sandbox/process-sandbox";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { importSnapshot } from "../../lib/server/snapshots/import-snapshot";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";
import { claimPanelAttribution } from "../../worker/shared/claim-panel-attribution";
import { runPanel } from "../../worker/features/panel/run-panel";
import { axeViolations, launchBrowser } from "../support/browser";
import { db, smallBenchmark, uniqueSlug, waitForStatus } from "../support/fixtures";
import { createTestUser, type TestUser } from "../integration/authz-support";

// A maintainer reads a sandboxed judge's proof of concept on the submission page: the panel ran with the sandbox on
// (bubblewrap, the fake model runs a command then submits), and each verdict shows what the judge ran and its output.
const webUrl = inject("webUrl");
let browser: Browser;
let maintainer: TestUser;
let id: string;

beforeAll(async () => {
  const slug = uniqueSlug("pocpage");
  await importBenchmark(benchmarkFileSchema.parse(smallBenchmark(slug)));
  const dir = mkdtempSync(path.join(tmpdir(), "pocpage-snapshot-"));
  mkdirSync(path.join(dir, "parser"));
  writeFileSync(path.join(dir, "parser", "lexer.py"), "def next_token(buf):\n    return buf[0]\n");
  await importSnapshot({ benchmark: `${slug}@1`, repo: "acme/parser", source: dir });
  maintainer = await createTestUser("maintainer");
  const findings = [
    "Lexer drops the last token [panel:confirmed]",
    "Lexer loses tabs [panel:confirmed] [poc:none]",
  ].map((title) => ({
    repo: "acme/parser",
    file: "parser/lexer.py",
    line_start: 1,
    line_end: 2,
    title,
    description: `The agent reports: ${title}.`,
    code_snippet: "x",
    severity: "high",
  }));
  const response = await fetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${maintainer.token}` },
    body: JSON.stringify({ benchmark: slug, model: `PoC page agent ${slug}`, findings }),
  });
  id = ((await response.json()) as { id: string }).id;
  await waitForStatus(webUrl, id, maintainer.token);
  await db.submission.update({ where: { id }, data: { reviewStatus: "approved" } });
  const run = await db.panelRun.create({
    data: {
      submissionId: id,
      seed: "page",
      sampleSize: 10,
      judges: ["fake-panel-a", "fake-panel-b"],
      tier2Judge: "fake-panel-tier2",
    },
  });
  await runPanel((await claimPanelAttribution("panel", run.id))!, {
    client: new StructuredClient({
      apiKey: "test-key",
      baseURL: inject("fakeOpenAiUrl"),
      timeoutMs: 5_000,
      maxRetries: 2,
      malformedRetries: 2,
    }),
    config: { judges: ["fake-panel-a", "fake-panel-b"], tier2Judge: "fake-panel-tier2", contextModel: "fake-context" },
    concurrency: 2,
    sandbox: {
      provider: new ProcessSandboxProvider({ memoryMb: 512, cpus: 1, pids: 64, tmpMb: 64 }),
      limits: { maxTurns: 4, maxTokens: 100_000, wallMs: 60_000 },
      required: true,
    },
  });
  ({ browser } = await launchBrowser());
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe("a panel judge's proof of concept on the submission page", () => {
  it("shows what each sandboxed judge ran, with its output, and says when it ran nothing", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${webUrl}/sign-in?callbackUrl=${encodeURIComponent(`/submissions/${id}`)}`);
    await page.getByLabel("Email").fill(maintainer.email);
    await page.getByLabel("Password").fill(maintainer.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/submissions/${id}`, { timeout: 30_000 });
    const proven = page.locator(".panel-findings > li", { hasText: "Lexer drops the last token" });
    await proven.getByText("2 verdicts and rationales").click();
    await proven.getByText("Proof of concept: ran 1 command in the sandbox (2 turns)").first().click();
    await proven.getByText("head -n 3 ./parser/lexer.py && echo POC-OK").first().waitFor();
    expect(await proven.locator("pre").first().textContent()).toContain("POC-OK");
    const capped = page.locator(".panel-findings > li", { hasText: "Lexer loses tabs" });
    await capped.getByText("2 verdicts and rationales").click();
    await capped
      .getByText("Worked in the sandbox without running a command (confidence capped) (2 turns)")
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: "test-artifacts/panel-poc-page.png", fullPage: true });
    await page.close();
  });
});
