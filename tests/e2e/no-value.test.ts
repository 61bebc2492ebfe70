// Ratios without a value (docs/scoring.md) from upload to page: a submission with findings in one repository only has no
// precision (and no F1) in the other. The API says null, the CSV leaves the cell empty, the public page says "n/a"
// and the leaderboard never shows 0 for it.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db, finding, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";
import { launchBrowser } from "../support/browser";

const webUrl = inject("webUrl");
let browser: Browser;
let slug: string;
let id: string;
let token: string;

beforeAll(async () => {
  slug = await seedBenchmark();
  ({ token } = await userWithToken());
  const response = await fetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    // Findings in acme/parser only: acme/ui has a reference bug and no finding.
    body: JSON.stringify({
      benchmark: slug,
      model: "Parser-only agent",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost")],
    }),
  });
  expect(response.status).toBe(202);
  id = ((await response.json()) as { id: string }).id;
  expect((await waitForStatus(webUrl, id, token)).status).toBe("scored");
  await db.submission.update({ where: { id }, data: { reviewStatus: "approved" } });
  ({ browser } = await launchBrowser());
});

afterAll(async () => {
  await browser?.close();
});

describe("a repository without findings", () => {
  it("has precision and F1 null in the API, and an empty CSV cell", async () => {
    const status = await (
      await fetch(`${webUrl}/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const ui = status.scores.repositories.find((r: { repo: string }) => r.repo === "acme/ui");
    expect(ui).toMatchObject({ findings: 0, reference_bugs: 1, recall: 0, precision: null, f1: null });
    expect(status.scores.overall).toMatchObject({ findings: 1, precision: 1 });

    const view = await (await fetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1&repos=acme/ui`)).json();
    expect(view.rows[0]).toMatchObject({ recall: 0, precision: null, f1: null, precision_ci: null });
    const csv = await (await fetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1&repos=acme/ui&format=csv`)).text();
    const [header, line] = csv
      .trim()
      .split("\r\n")
      .map((l) => l.split(","));
    expect(line![header!.indexOf("precision")]).toBe("");
    expect(line![header!.indexOf("recall")]).toBe("0");
  });

  it('reads "n/a" on the public submission page, not 0 and not a dash', async () => {
    const page = await browser.newPage();
    await page.goto(`${webUrl}/submissions/${id}`, { waitUntil: "load" });
    const row = page.locator("tr", { has: page.getByRole("link", { name: "acme/ui", exact: true }) }).first();
    const cells = await row.locator("td").allInnerTexts();
    expect(cells[1]).toBe("n/a"); // precision
    expect(cells[2]).toBe("n/a"); // F1
    expect(cells[0]).toMatch(/^0\.0/); // recall 0 of 1 is a value
    expect(await row.locator("td").nth(1).locator("[title]").getAttribute("title")).toBe("no findings");
    await page.close();
  });
});
