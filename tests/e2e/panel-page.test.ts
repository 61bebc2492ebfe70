import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";
import { axeViolations, launchBrowser } from "../support/browser";
import { db, smallBenchmark, uniqueSlug, waitForStatus } from "../support/fixtures";
import { createTestUser, type TestUser } from "../integration/authz-support";

// An admin runs panel validation and bug-type attribution from the submission page in a real browser, follows the
// progress, and reads validity, verdicts by reason and the judges' rationales; the page passes axe-core throughout.
const webUrl = inject("webUrl");
let browser: Browser;
let cspViolations: string[];
let admin: TestUser;
let id: string;
let slug: string;

beforeAll(async () => {
  slug = uniqueSlug("panelpage");
  await importBenchmark(
    benchmarkFileSchema.parse({
      ...smallBenchmark(slug),
      taxonomy: {
        families: [
          {
            name: "Input handling",
            categories: [{ name: "Unhandled degenerate value" }, { name: "Missing rejection of invalid input" }],
          },
        ],
        triggers: [{ level: 1, name: "any input" }],
      },
    }),
  );
  admin = await createTestUser("admin");
  const findings = [
    "Lexer drops the last token [panel:confirmed]",
    "Tabs accepted [panel:rejected:intentional]",
    "Odd message [panel:abstained]",
  ].map((title, i) => ({
    repo: "acme/parser",
    file: "parser/lexer.py",
    line_start: 10 + 20 * i,
    line_end: 12 + 20 * i,
    title: `${title} [root:E${i}]`,
    description: `The agent reports: ${title}. [root:E${i}]`,
    code_snippet: "call(x)",
    severity: "high",
  }));
  const response = await fetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ benchmark: slug, model: `Panel page agent ${slug}`, findings }),
  });
  id = ((await response.json()) as { id: string }).id;
  await waitForStatus(webUrl, id, admin.token);
  await db.submission.update({ where: { id }, data: { reviewStatus: "approved" } });
  ({ browser, cspViolations } = await launchBrowser());
});

afterAll(async () => {
  await browser?.close();
});

describe("panel validation on the submission page", () => {
  it("an admin starts the panel and attribution, follows progress and reads the verdicts", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${webUrl}/sign-in?callbackUrl=${encodeURIComponent(`/submissions/${id}`)}`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/submissions/${id}`, { timeout: 30_000 });
    await page.getByText("No panel has validated this submission yet").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Table 14: the first run by default; the label follows the choice.
    expect(await page.getByRole("combobox", { name: /^Runs/ }).inputValue()).toBe("first");
    await page.getByLabel("Findings sampled").fill("10");
    await page.getByLabel("Seed (optional)").fill("browser");
    await page.getByRole("button", { name: "Start panel validation" }).click();
    // The page refreshes itself while the panel runs, then shows validity with its interval.
    await page.getByTestId("panel-validity").waitFor({ timeout: 60_000 });
    const validity = await page.getByTestId("panel-validity").textContent();
    expect(validity).toMatch(/^50% \[\d+\.\d–\d+\.\d\]$/);
    // What the panel paid, counted call by call (the fake model's prices are zero unless configured).
    expect(await page.getByTestId("panel-spent").textContent()).toMatch(
      /^\S+ in \d+ LLM calls \([\d,]+ prompt tokens(, [\d,]+ of them cached)?; [\d,]+ completion tokens\), counted as each reply arrived/,
    );
    // No proof of concept ran and no snapshot was imported: the page says so.
    expect(await page.getByTestId("panel-evidence").textContent()).toMatch(
      /^0 with an executed proof of concept, 1 on reasoning only \(capped at low confidence\)$/,
    );
    expect(await page.getByTestId("panel-text-only").textContent()).toContain(
      "3 from their text alone (no snapshot imported)",
    );
    await page.getByText("10 findings of the first run").waitFor();
    await page
      .getByRole("table", { name: /Rejected findings by reason/ })
      .getByText("intentional", { exact: true })
      .waitFor();
    await page
      .getByText("3 verdicts and rationales")
      .first()
      .or(page.getByText("2 verdicts and rationales").first())
      .click();
    await page
      .getByText(/fake panel:/)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator("#panel-heading").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-artifacts/panel-page.png", fullPage: true });

    await page.getByRole("button", { name: "Start bug-type attribution" }).click();
    await page.getByText(/findings \(all of them\) were attributed by/).waitFor({ timeout: 60_000 });
    expect(await axeViolations(page)).toEqual([]);
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});
