import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db, finding, seedBenchmark, waitForStatus } from "../support/fixtures";
import { createTestUser, type TestUser } from "../integration/authz-support";
import { launchBrowser } from "../support/browser";

// The "done when": a submitter signs in with email + password, uploads a findings file, watches it get
// scored by the real worker (fake judge), an admin approves it, and it appears on the public leaderboard.
const webUrl = inject("webUrl");
const SHOTS = path.resolve("test-artifacts/screenshots");
const model = `E2E Agent ${Date.now().toString(36)}`;

let browser: Browser;
let cspViolations: string[];
let slug: string;
let submitter: TestUser;
let admin: TestUser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  slug = await seedBenchmark();
  submitter = await createTestUser("user");
  admin = await createTestUser("admin");
  ({ browser, cspViolations } = await launchBrowser());
});

// Every script of every page ran: the CSP blocked nothing.
afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `account-${name}.png`), fullPage: true });
}

async function signInAs(page: Page, user: TestUser, returnTo: string): Promise<void> {
  await page.goto(`${webUrl}/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === returnTo, { timeout: 30_000 });
}

function findingsFile(overrides: Record<string, unknown> = {}) {
  return {
    benchmark: slug,
    model: "name in the file",
    reasoning_effort: "high",
    findings: [
      finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost without trailing newline"),
      finding("P2", "acme/parser", "parser/ast.py", 101, 104, "Exponent operator binds too loosely"),
      finding("X1", "acme/ui", "src/render.ts", 205, 210, "Legend colors swapped in dark mode"),
    ],
    ...overrides,
  };
}

const asUpload = (name: string, value: unknown) => ({
  name,
  mimeType: "application/json",
  buffer: Buffer.from(JSON.stringify(value)),
});

/**
 * `/` shows the benchmark version with the most public entries. Other suites in the same run publish entries on
 * their own benchmarks, so give ours more (empty, quickly scored filler runs, approved through the API).
 */
async function makeDefaultBenchmark(): Promise<void> {
  const counts = await db.submission.groupBy({
    by: ["benchmarkId"],
    where: { reviewStatus: "approved", scoringStatus: "scored" },
    _count: { _all: true },
  });
  const ours = await db.benchmark.findFirstOrThrow({ where: { slug } });
  const mine = counts.find((c) => c.benchmarkId === ours.id)?._count._all ?? 0;
  const most = Math.max(0, ...counts.filter((c) => c.benchmarkId !== ours.id).map((c) => c._count._all));
  for (let i = mine; i <= most; i++) {
    const created = await fetch(`${webUrl}/api/v1/submissions`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      body: JSON.stringify({ benchmark: slug, model: `Filler ${i}`, findings: [] }),
    });
    const { id } = (await created.json()) as { id: string };
    await waitForStatus(webUrl, id, admin.token);
    const review = await fetch(`${webUrl}/api/v1/admin/submissions/${id}/review`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      body: JSON.stringify({ decision: "approve", reason: "e2e filler" }),
    });
    expect(review.status).toBe(200);
  }
}

describe("account flow in a browser", () => {
  it("signs in, uploads, watches scoring, gets approved and shows up on the public leaderboard", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAs(page, submitter, "/submit");
    await expect.poll(() => page.getByTestId("user-menu").isVisible(), { timeout: 10_000 }).toBe(true);

    // A broken file is refused in the browser, with every problem named by its JSON path; nothing is sent.
    const input = page.getByTestId("findings-file-input");
    const broken = findingsFile();
    (broken.findings[1] as Record<string, unknown>).line_end = 3;
    (broken.findings[2] as Record<string, unknown>).repo = "acme/unknown";
    await input.setInputFiles(asUpload("broken.json", broken));
    const problems = page.getByRole("list", { name: "Problems by JSON path" });
    await expect.poll(() => problems.textContent()).toContain("findings[1].line_end");
    expect(await problems.textContent()).toContain("findings[2].repo");
    expect(await page.getByRole("button", { name: "Upload and score" }).isDisabled()).toBe(true);
    await shot(page, "01-submit-invalid");

    // A valid file: the form is prefilled from it, and what the form says overrides the file.
    await input.setInputFiles(asUpload("findings.json", findingsFile()));
    await page.getByTestId("file-valid").waitFor();
    expect(await page.getByLabel("Reasoning effort").inputValue()).toBe("high");
    await page.getByLabel("Model", { exact: true }).fill(model);
    await page.getByLabel("Harness").fill("e2e-harness");
    await page.getByLabel("Cost (USD)").fill("4.5");
    await page.getByLabel("Model weights").selectOption("open");
    await page.getByLabel("Report or paper URL").fill("https://example.org/e2e-report");
    await page.getByLabel("Organisation").fill("E2E Lab");
    await page.getByLabel("Parameters").fill("70B");
    // The API's own check and words, next to the field; the upload waits until it is right.
    const licence = page.getByLabel("Model licence");
    await licence.fill("Apache 2.0");
    expect(await licence.getAttribute("aria-invalid")).toBe("true");
    const licenceHint = page.locator(`[id="${await licence.getAttribute("aria-describedby")}"]`);
    expect(await licenceHint.textContent()).toMatch(/^must be a licence identifier such as apache-2.0/);
    expect(await page.getByRole("button", { name: "Upload and score" }).isDisabled()).toBe(true);
    await licence.fill("apache-2.0");
    // On a phone the whole form fits the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, "02-submit-ready");
    await page.getByRole("button", { name: "Upload and score" }).click();

    const progress = page.getByTestId("submission-progress");
    await progress.waitFor({ timeout: 30_000 });
    await expect.poll(() => progress.getAttribute("data-status"), { timeout: 90_000, interval: 250 }).toBe("scored");
    await expect.poll(() => page.getByTestId("private-scores").textContent()).toContain("recall");
    await shot(page, "03-submit-scored");
    // The entry page shows what the form said.
    const own = await page.getByRole("link", { name: "Open the submission" }).getAttribute("href");
    await page.goto(`${webUrl}${own!.replace("/account/submissions/", "/submissions/")}`);
    expect(await page.getByTestId("model-metadata").textContent()).toBe(
      "E2E Lab · 70B parameters · apache-2.0 (as stated by the submitter)",
    );
    expect(await page.getByRole("link", { name: "https://example.org/e2e-report" }).count()).toBe(1);

    // Private results on the submitter's page, before approval.
    await page.goto(`${webUrl}/account/submissions`);
    const mine = page.getByTestId("my-submissions");
    expect(await mine.textContent()).toContain(model);
    expect(await mine.textContent()).toContain("awaiting review");
    await shot(page, "04-my-submissions");

    // Not public yet.
    const before = await (await fetch(`${webUrl}/`)).text();
    expect(before).not.toContain(model);

    // An admin approves it from the review queue.
    const adminContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, admin, "/admin");
    const row = adminPage.getByTestId("review-item").filter({ hasText: model });
    await row.waitFor();
    expect(await row.textContent()).toContain(submitter.email);
    await shot(adminPage, "05-admin-queue");
    await row.getByRole("button", { name: "Approve" }).click();
    await row.waitFor({ state: "detached", timeout: 15_000 });
    await adminPage.goto(`${webUrl}/admin/audit-log`);
    expect(await adminPage.getByTestId("audit-log").textContent()).toContain("submission.approve");
    await shot(adminPage, "06-audit-log");

    await makeDefaultBenchmark();
    // It is on the public leaderboard now (asserting on the text only: the board's layout is another feature's).
    await expect
      .poll(
        async () => {
          await page.goto(`${webUrl}/`);
          // Visible text only: the name may also sit in hidden places (a filter's options, a chart's data table).
          return page.getByText(model).filter({ visible: true }).first().isVisible();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    await shot(page, "07-public-leaderboard");
    // The bug-types page offers the public entries' harnesses as a choice, not a free text box.
    await page.goto(`${webUrl}/bug-types`);
    const harnesses = await page.getByLabel("Harness").locator("option").allInnerTexts();
    expect(harnesses).toEqual(expect.arrayContaining(["Every harness", "e2e-harness"]));

    // The submitter's own page now says the result is public.
    await page.goto(`${webUrl}/account/submissions`);
    await page.getByTestId("my-submissions").getByRole("link", { name: model }).first().click();
    await expect
      .poll(() => page.getByTestId("private-scores").textContent(), { timeout: 15_000 })
      .toMatch(/^Public result/);

    await adminContext.close();
    await context.close();
  });

  it("creates an API token with chosen scopes and expiry, and lists them", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAs(page, admin, "/account/tokens");
    // The defaults: submit + read checked, admin offered (an admin is signed in) but not checked, 90 days.
    expect(await page.getByRole("checkbox", { name: /^submit/ }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /^read/ }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /^admin/ }).isChecked()).toBe(false);
    expect(await page.getByLabel("Expires after").inputValue()).toBe("90");
    await page.getByLabel("Token name").fill("review bot");
    await page.getByRole("checkbox", { name: /^submit/ }).uncheck();
    await page.getByRole("checkbox", { name: /^admin/ }).check();
    await page.getByLabel("Expires after").selectOption("30");
    await page.getByRole("button", { name: "Create token" }).click();
    const secret = page.getByTestId("new-token");
    await secret.waitFor();
    const token = (await secret.textContent())!.trim();
    expect(await page.getByRole("status").filter({ hasText: "created with" }).textContent()).toMatch(
      /created with the scopes read, admin; it expires /,
    );
    const row = page.getByRole("row").filter({ hasText: "review bot" });
    expect(await row.textContent()).toContain("read, admin");
    expect(await row.textContent()).toContain("active");
    await shot(page, "09-token-created");
    const stored = await db.apiToken.findFirstOrThrow({ where: { name: "review bot", userId: admin.id } });
    expect(stored.scopes).toEqual(["read", "admin"]);
    expect(Math.round((stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000)).toBe(30);
    const adminCall = await fetch(`${webUrl}/api/v1/admin/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(adminCall.status).toBe(200);
    await context.close();
  });

  it("offers no admin scope to a non-admin", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, submitter, "/account/tokens");
    await page.getByRole("checkbox", { name: /^read/ }).waitFor();
    expect(await page.getByRole("checkbox", { name: /^admin/ }).count()).toBe(0);
    await context.close();
  });

  it("shows a clear message when the daily quota is used up", async () => {
    const limited = await createTestUser("user", { quota: 1 });
    const used = await fetch(`${webUrl}/api/v1/submissions`, {
      method: "POST",
      headers: { authorization: `Bearer ${limited.token}`, "content-type": "application/json" },
      body: JSON.stringify(findingsFile({ model: "uses the quota" })),
    });
    expect(used.status).toBe(202);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, limited, "/submit");
    await page
      .getByText(/You have used your 1 upload of the last 24 hours\. The next one is possible after/)
      .waitFor({ timeout: 10_000 });
    await shot(page, "08-quota-reached");
    await context.close();
  });
});
