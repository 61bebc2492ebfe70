import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { importReportedResults } from "../../lib/server/reported/import-reported";
import { approveSubmission, call, createTestUser, signIn, type TestUser } from "../integration/authz-support";
import { launchBrowser } from "../support/browser";
import { db, finding, seedBenchmark, waitForStatus } from "../support/fixtures";
import { rankRows } from "../../lib/leaderboard/rank-rows";
import type { LeaderboardView } from "../../lib/leaderboard/types";

// What a reader sees at a phone's width (390 x 844) and a laptop's (1280 x 800), signed in: the board's first screen
// carries rank, model and the three scores with their intervals, with no sideways scroll.
const webUrl = inject("webUrl");
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

let browser: Browser;
let topEntry: string;
let cspViolations: string[];
let admin: TestUser;

async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const [name, value] = (await signIn(webUrl, admin)).split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: webUrl }]);
  return context.newPage();
}

/** Boxes of the elements matched, as laid out: where they are and whether they are drawn at all. */
async function boxes(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: (e as HTMLElement).innerText, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
}

beforeAll(async () => {
  await importReportedResults(path.resolve("data", "probe-reported.json"));
  // A site with many versions (the full suite publishes dozens): the selector must not push the board down.
  for (let i = 0; i < 8; i++) await seedBenchmark();
  admin = await createTestUser("admin");
  // The board's top entry states its model's metadata (an upload's optional fields).
  const board = (await (await fetch(`${webUrl}/api/v1/leaderboard`)).json()) as LeaderboardView;
  const ranks = rankRows(board.rows.filter((r) => r.coverage === "full"));
  topEntry = [...ranks].find(([, r]) => r.rank === 1)![0];
  await db.submission.update({
    where: { id: topEntry },
    data: { organisation: "Example Org", modelLicence: "mit", parameterCount: 70_000_000_000n },
  });
  ({ browser, cspViolations } = await launchBrowser());
  // The cached board HTML may predate the import.
  for (let tries = 0; !(await (await fetch(`${webUrl}/`)).text()).includes("data-row-id"); tries++) {
    if (tries > 180) throw new Error("the board never listed the imported rows");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
});

describe("the board at phone and desktop widths", () => {
  it.each(WIDTHS)("shows rank, model and the three scores on the first screen at $width px", async (viewport) => {
    const page = await signedInPage(viewport);
    await page.goto(`${webUrl}/`, { waitUntil: "load" });
    await page.getByTestId("user-menu").waitFor({ timeout: 30_000 });
    await page.locator(".leaderboard-section[data-hydrated]").waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    const inView = (b: { left: number; right: number; top: number; bottom: number }) =>
      b.left >= 0 && b.right <= viewport.width && b.top >= 0 && b.bottom <= viewport.height;
    // Eight more versions fold the selector into a disclosure; opened from the keyboard, it lists every one.
    await page.locator(".version-selector.folded summary").focus();
    await page.keyboard.press("Enter");
    expect(await page.locator(".version-selector.folded ul").isVisible()).toBe(true);
    expect(await page.locator(".version-selector.folded li a").count()).toBeGreaterThan(8);
    await page.keyboard.press("Enter");
    expect(await page.locator(".version-selector.folded ul").isVisible()).toBe(false);
    const row = "table.leaderboard tbody tr[data-row-id]:first-child";
    for (const cell of [`${row} td[data-col="rank"]`, `${row} th`]) {
      const [box] = await boxes(page, cell);
      expect(box && inView(box), `${cell} at ${viewport.width} px: ${JSON.stringify(box)}`).toBe(true);
    }
    for (const metric of ["recall", "precision", "f1"]) {
      const shown = await boxes(page, `${row} td[data-col="${metric}"] :is(.value, .ci)`);
      // F1 carries no interval of its own; recall and precision do.
      expect(shown.length).toBe(metric === "f1" ? 1 : 2);
      for (const box of shown)
        expect(inView(box), `${metric} at ${viewport.width} px: ${JSON.stringify(box)}`).toBe(true);
      expect(shown[0]!.text).toMatch(/^\d+(\.\d)?$/);
    }
    // Signed in, the header stays compact on a phone (it took 120 px when its links wrapped).
    const [header] = await boxes(page, ".site-header");
    if (viewport.width < 640) expect(header!.bottom).toBeLessThanOrEqual(72);
    await page.context().close();
  });
});

describe("history and model details at phone and desktop widths", () => {
  it.each(WIDTHS)(
    "say a past board is historical, and list an entry's rank over time, at $width px",
    async (viewport) => {
      const page = await browser.newPage({ viewport });
      const today = new Date().toISOString().slice(0, 10);
      await page.goto(`${webUrl}/?as_of=${today}`, { waitUntil: "load" });
      await page.locator(".leaderboard-section[data-hydrated]").waitFor({ timeout: 30_000 });
      const note = page.locator(".history-note");
      expect(await note.innerText()).toContain(`at the end of ${today} (UTC)`);
      const [noteBox] = await boxes(page, ".history-note");
      expect(noteBox!.bottom, "the note is on the first screen").toBeLessThanOrEqual(viewport.height);
      expect(await note.getByRole("link", { name: "See today's board" }).getAttribute("href")).toBe("/");
      // The client loaded the same past view from the API (the top entry was approved before today ended).
      await page.locator(`tr[data-row-id="${topEntry}"] .model-meta`).waitFor({ timeout: 30_000 });
      const meta = page.locator(`tr[data-row-id="${topEntry}"] .model-meta`);
      expect(await meta.innerText()).toBe("Example Org · 70B parameters · mit");
      // Readable: no smaller than the intervals under each score.
      expect(parseFloat(await meta.evaluate((e) => getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(11);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.goto(`${webUrl}/submissions/${topEntry}`, { waitUntil: "load" });
      expect(await page.getByTestId("model-metadata").innerText()).toContain("Example Org · 70B parameters · mit");
      const history = page.getByTestId("rank-history");
      await history.scrollIntoViewIfNeeded();
      const cells = await boxes(page, '[data-testid="rank-history"] tbody :is(th, td)');
      expect(cells.length).toBeGreaterThanOrEqual(3);
      for (const cell of cells)
        expect(cell.right, `rank history cell at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      expect(await history.locator("tbody td").first().innerText()).toBe("1");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.close();
    },
  );
});

describe("charts at phone and desktop widths", () => {
  // Figure 5, an SVG drawn on the server and scaled to its frame (the board's charts draw fixed-size text).
  const pages = ["/validity?benchmark=probe%402026.1"];
  it.each(WIDTHS)("keep their labels readable, 10 to 14 px, at $width px", async (viewport) => {
    const page = await browser.newPage({ viewport });
    for (const url of pages) {
      await page.goto(`${webUrl}${url}`, { waitUntil: "networkidle" });
      const sizes = await page.locator("svg text").evaluateAll((texts) =>
        texts
          .filter((t) => (t as SVGTextElement).getBBox().width > 0 && t.textContent?.trim())
          .map((t) => {
            // The length of the x unit vector on screen: rotated labels (an axis title) scale the same way.
            const m = (t as SVGGraphicsElement).getScreenCTM();
            const scale = m ? Math.hypot(m.a, m.b) : 1;
            return { text: t.textContent!.trim(), px: parseFloat(getComputedStyle(t).fontSize) * scale };
          }),
      );
      expect(sizes.length, `${url}: chart labels`).toBeGreaterThan(0);
      // Each point is labelled with its row of the table below the chart.
      const rows = await page
        .getByRole("table", { name: /^Panel validity and precision per entry/ })
        .locator("tbody tr");
      expect(sizes.filter((s) => /^\d+$/.test(s.text)).length).toBe(await rows.count());
      const unreadable = sizes.filter((s) => s.px < 9.95 || s.px > 14).map((s) => `${s.text} ${s.px.toFixed(1)} px`);
      expect(unreadable, `${url} at ${viewport.width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    await page.close();
  });
});

describe("the method page's judge table", () => {
  // At 1280 px it was 31 px wider than its frame: every figure's detail kept on one line. At 1024 px a test's figures
  // (no repeat agreement, so one short column) overflow the same way unless the details wrap.
  it("fits its frame at 1024 px once pairs are labelled", async () => {
    const slug = await seedBenchmark();
    const key = `${slug}@1`;
    const upload = {
      benchmark: slug,
      model: "Judge table widths",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost")],
    };
    const created = await call(webUrl, "POST", "/api/v1/submissions", { token: admin.token }, upload);
    await waitForStatus(webUrl, created.json.id as string, admin.token);
    expect(await approveSubmission(webUrl, created.json.id as string, admin.token)).toBe(200);
    const sample = await call(
      webUrl,
      "POST",
      "/api/v1/grading/pairs",
      { token: admin.token },
      { benchmark: key, size: 4 },
    );
    expect(sample.status).toBe(201);
    const listed = await call(webUrl, "GET", `/api/v1/grading/pairs?benchmark=${encodeURIComponent(key)}`, {
      token: admin.token,
    });
    for (const [i, pair] of (listed.json.pairs as { id: string }[]).entries())
      await call(
        webUrl,
        "POST",
        `/api/v1/grading/pairs/${pair.id}/labels`,
        { token: admin.token },
        {
          label: i % 2 ? "different" : "same",
        },
      );
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    const table = page.locator("table", { has: page.locator("caption", { hasText: /^Per judge configuration/ }) });
    await expect
      .poll(
        async () => {
          await page.goto(`${webUrl}/method?benchmark=${encodeURIComponent(key)}`, { waitUntil: "load" });
          return table.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    const fit = await table.evaluate((t) => ({ table: t.scrollWidth, frame: t.parentElement!.clientWidth }));
    expect(fit.table, JSON.stringify(fit)).toBeLessThanOrEqual(fit.frame);
    await page.close();
  });
});
