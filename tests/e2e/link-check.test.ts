import path from "node:path";
import pMap from "p-map";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { importReportedResults } from "../../lib/server/reported/import-reported";
import { db, finding, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";
import { launchBrowser } from "../support/browser";

// Every internal link of the public site answers something other than 404: a crawl from the home page and the pages the
// site names in its header and footer, reading each page's HTML as served (what a visitor without JavaScript and a
// search engine follow), plus the links the API reference widget adds in the browser. With the published PROBE results
// (a version that holds counts, not bugs) beside a small version scored here, so both kinds of repository pages and
// the version picker between them are crawled.
const webUrl = inject("webUrl");
const START = ["/", "/repositories", "/bug-types", "/method", "/submit", "/validity", "/docs/api"];
// Enough for every kind of page of both versions; a crawl of the whole site would mostly repeat reference-bug pages.
const MAX_PAGES = 400;

let browser: Browser;

/** The internal links of a page's HTML, as absolute paths with their query (fragments dropped). */
function linksOf(html: string, base: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const raw = match[1]!.replaceAll("&amp;", "&");
    if (!raw || raw.startsWith("#") || /^(mailto|javascript|data):/i.test(raw)) continue;
    const url = new URL(raw, base);
    if (url.origin !== new URL(webUrl).origin) continue;
    found.add(url.pathname + url.search);
  }
  return [...found];
}

beforeAll(async () => {
  await importReportedResults(path.resolve("data", "probe-reported.json"));
  const slug = await seedBenchmark();
  const user = await userWithToken();
  const response = await fetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
    body: JSON.stringify({
      benchmark: slug,
      model: "Link Agent",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost without trailing newline")],
    }),
  });
  const { id } = (await response.json()) as { id: string };
  expect((await waitForStatus(webUrl, id, user.token)).status).toBe("scored");
  await db.submission.update({ where: { id }, data: { reviewStatus: "approved" } });
  ({ browser } = await launchBrowser());
});

afterAll(async () => {
  await browser?.close();
});

describe("internal links", () => {
  it("answer no 404 anywhere on the public pages", { timeout: 600_000 }, async () => {
    const from = new Map<string, string>(START.map((p) => [p, "(start)"]));
    const status = new Map<string, number>();
    let frontier = [...START];
    let crawled = 0;
    while (frontier.length > 0 && crawled < MAX_PAGES) {
      const batch = frontier.slice(0, MAX_PAGES - crawled);
      crawled += batch.length;
      const next: string[] = [];
      await pMap(
        batch,
        async (link) => {
          const response = await fetch(`${webUrl}${link}`, { redirect: "follow" });
          status.set(link, response.status);
          const type = response.headers.get("content-type") ?? "";
          // API answers and downloads are checked, not read for links.
          if (!type.includes("text/html") || link.startsWith("/api/")) {
            await response.body?.cancel();
            return;
          }
          for (const target of linksOf(await response.text(), response.url)) {
            if (from.has(target)) continue;
            from.set(target, link);
            next.push(target);
          }
        },
        { concurrency: 4 },
      );
      frontier = next;
    }
    // The links left when the crawl stopped are still checked, unread.
    await pMap(
      frontier.filter((link) => !status.has(link)),
      async (link) => {
        const response = await fetch(`${webUrl}${link}`);
        status.set(link, response.status);
        await response.body?.cancel();
      },
      { concurrency: 4 },
    );

    // Links a script adds: the API reference renders its operations in the browser.
    const page = await browser.newPage();
    await page.goto(`${webUrl}/docs/api`, { waitUntil: "load" });
    await page.locator(".api-reference[data-rendered]").waitFor({ timeout: 60_000 });
    const scripted = await page
      .locator("a[href]")
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    await page.close();
    for (const href of scripted) {
      const url = new URL(href);
      if (url.origin !== new URL(webUrl).origin || status.has(url.pathname + url.search)) continue;
      const link = url.pathname + url.search;
      from.set(link, "/docs/api (rendered)");
      status.set(link, (await fetch(href)).status);
    }

    const broken = [...status].filter(([, s]) => s === 404).map(([link]) => `${from.get(link)} -> ${link}`);
    expect(broken).toEqual([]);
    expect(status.size).toBeGreaterThan(100);
    console.log(`link check: ${status.size} internal links, ${crawled} pages read, none answers 404`);
  });
});
