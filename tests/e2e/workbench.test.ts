import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { closeQueues } from "../../lib/queue/queues";
import { finding, seedBenchmark, waitForStatus } from "../support/fixtures";
import { axeViolations, launchBrowser } from "../support/browser";
import { approveSubmission, call, createTestUser, type TestUser } from "../integration/authz-support";

// The maintainer's walk through the workbench in a real browser (docs/workbench.md): repository -> reference bug (highlighted
// snippet) -> pair (signals, verdict) -> override with a reason -> the rescored score; axe finds no violation on the
// way, at desktop and phone widths, and the CSP blocks nothing.
const webUrl = inject("webUrl");
const tag = randomUUID().slice(0, 8);
let browser: Browser;
let cspViolations: string[];
let slug: string;
let maintainer: TestUser;
let submissionId: string;
// Screenshots of each step for reviewers, in test-artifacts/screenshots/.
const SHOTS = path.resolve("test-artifacts/screenshots");
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `workbench-${name}.png`), fullPage: true });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  slug = await seedBenchmark();
  const owner = await createTestUser("user");
  const admin = await createTestUser("admin");
  maintainer = await createTestUser("maintainer");
  const created = await call(
    webUrl,
    "POST",
    "/api/v1/submissions",
    { token: owner.token },
    {
      benchmark: slug,
      model: "Workbench Walk",
      findings: [
        {
          id: "A1",
          ...finding(
            "P1",
            "acme/parser",
            "parser/lexer.py",
            42,
            47,
            `Final token lost without trailing newline (${tag})`,
          ),
        },
        finding("P2", "acme/parser", "parser/ast.py", 101, 104, `Exponent operator binds too loosely (${tag})`),
        {
          id: "X7",
          ...finding(
            "X7",
            "acme/parser",
            "parser/lexer.py",
            44,
            52,
            `Tab width ignored when computing columns (${tag})`,
          ),
        },
        {
          id: "U9",
          ...finding(
            "U1",
            "acme/ui",
            "src/render.ts",
            201,
            214,
            `Tooltip element leaks after the chart unmounts (${tag})`,
          ),
        },
      ],
    },
  );
  expect(created.status).toBe(202);
  submissionId = created.json.id;
  await waitForStatus(webUrl, submissionId, owner.token);
  expect(await approveSubmission(webUrl, submissionId, admin.token)).toBe(200);
  ({ browser, cspViolations } = await launchBrowser());
});

afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await closeQueues();
});

describe("maintainer workbench", () => {
  it("walks repository -> bug -> pair -> override -> rescored score", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(
      `${webUrl}/sign-in?callbackUrl=${encodeURIComponent(`/repositories/acme/parser?benchmark=${slug}@1`)}`,
    );
    await page.getByLabel("Email").fill(maintainer.email);
    await page.getByLabel("Password").fill(maintainer.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/repositories/acme/parser", { timeout: 30_000 });

    // Repository -> its reference bugs with the found-by share, filtered to never-found bugs and back.
    await page.getByRole("link", { name: "which configurations found each" }).click();
    await page.waitForURL((url) => url.pathname === "/reference-bugs/acme/parser");
    const rows = page.locator("table tbody tr");
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).innerText()).toMatch(/P1[\s\S]*Lexer drops the last token[\s\S]*1 of 1 \(100%\)/);
    expect(await rows.nth(2).innerText()).toMatch(/P3[\s\S]*0 of 1 \(0%\)/);
    await page.getByLabel("Never found").check();
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL((url) => url.searchParams.get("never_found") === "true");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain("P3");
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "1-reference-bugs");
    await page.getByRole("link", { name: "Clear" }).click();
    await page.waitForURL((url) => !url.searchParams.has("never_found"));

    // Bug page: the highlighted snippet with the file's line numbers, and the finding that matched it.
    await page.getByRole("link", { name: "P1", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/reference-bugs/acme/parser/P1");
    const snippet = page.locator(".snippet pre.shiki");
    expect(await snippet.count()).toBe(1);
    expect(await snippet.locator(".line").first().getAttribute("data-line")).toBe("40");
    expect(await snippet.locator("span[style*=color]").count()).toBeGreaterThan(0);
    expect(await page.getByRole("heading", { name: "Found by (1)" }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "2-bug");

    // Pair view: both reports side by side, the signals against their thresholds, the judge's verdict.
    await page.getByRole("link", { name: "A1", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/submissions/${submissionId}/pairs/A1/P1`);
    expect(await page.locator("h1").innerText()).toBe("Finding A1 × reference bug P1");
    expect(await page.locator(".lede").innerText()).toContain("Match, decided by the judge.");
    expect(await page.locator("table").first().innerText()).toMatch(
      /Line overlap \(Jaccard, same file\)\s+0\.\d{3}\s+0\.02\s+yes/,
    );
    expect(await page.locator("dl.facts").last().innerText()).toContain("root markers P1 / P1");
    expect(await axeViolations(page)).toEqual([]);

    // A decision needs a reason; then the override is saved and the rescore followed to the new score.
    await page.getByRole("button", { name: "Not a match" }).click();
    await page.getByRole("alert").filter({ hasText: "Give a reason" }).waitFor();
    await page.getByLabel("Reason (required)").fill("A1 describes a different token: the judge over-matched");
    await page.getByRole("button", { name: "Not a match" }).click();
    const rescored = page.getByTestId("rescored");
    await rescored.waitFor({ timeout: 90_000 });
    expect(await rescored.innerText()).toMatch(
      /Precision 75\.0% → 50\.0%, recall 75\.0% → 50\.0%.*matches decided by a maintainer: 0/,
    );
    await expect
      .poll(() => page.locator(".lede").innerText(), { timeout: 15_000 })
      .toContain("Not a match, decided by a maintainer.");
    expect(await page.getByRole("button", { name: "Withdraw override" }).count()).toBe(1);
    await shot(page, "3-pair-after-override");

    // Phone width: the pair view and the matches page fit, with no axe violation.
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${webUrl}/submissions/${submissionId}/matches?repo=acme/parser`, { waitUntil: "load" });
    expect(await page.getByRole("heading", { name: "Missed reference bugs (2)" }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Unmatched findings (2)" }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "4-matches-phone");

    // The submission page says how it was scored, including the faults survived and the maintainer's decisions.
    await page.goto(`${webUrl}/submissions/${submissionId}`, { waitUntil: "load" });
    const facts = await page.locator("dl.facts", { hasText: "Faults survived" }).innerText();
    expect(facts).toMatch(/Faults survived\s+none: every judge request was answered the first time/);
    expect(facts).toMatch(/Matches decided by a maintainer\s+none \(a maintainer's override replaces/);
    expect(await axeViolations(page)).toEqual([]);

    // The list of overrides (user menu -> Overrides): the decision, what the judge had said, the reason and the pair;
    // withdrawing it from there hands the pair back to the judge.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("link", { name: "Overrides" }).click();
    await page.waitForURL((url) => url.pathname === "/overrides");
    const row = page.getByTestId("overrides").locator("tr", { hasText: "the judge over-matched" });
    expect(await row.locator("td").allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+by ${maintainer.email}$`)),
      expect.stringMatching(/^Not a match\s+the judge: match$/),
      expect.stringContaining("acme/parser"),
      "A1 describes a different token: the judge over-matched",
      "1",
      "Withdraw",
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "5-overrides");
    await page.getByRole("link", { name: "Not a match" }).click();
    await page.waitForURL((url) => url.search === "?decision=no_match");
    expect(await row.count()).toBe(1);
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: /^Withdraw the override of A1 against P1$/ }).click();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
    await page.close();
  });
});
