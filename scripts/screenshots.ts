// `npx tsx scripts/screenshots.ts [base-url]`: full-page screenshots of the running demo (`npm run demo`, default
// http://localhost:3000) at 1280 and 390 px wide, into docs/screenshots/ (linked from docs/operating.md). Debian's
// Chromium (/usr/bin/chromium) through playwright-core. A page over 400 KB as PNG is stored as JPEG (quality 70, lower
// for a long page until it fits).
import { mkdirSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { ROOT } from "./lib/processes";

const BASE = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const OUT = path.join(ROOT, "docs", "screenshots");
const DEMO = "probe-demo@2026.1";
const MAX_PNG_BYTES = 400_000;

type Row = { id: string; model: string; runs: number; source: string };

/** The demo's entries by model, from the public leaderboard API. */
async function demoEntries(): Promise<Map<string, Row>> {
  const response = await fetch(`${BASE}/api/v1/leaderboard?benchmark=${encodeURIComponent(DEMO)}`);
  if (!response.ok) throw new Error(`GET /api/v1/leaderboard answered ${response.status}: is the demo running?`);
  const { rows } = (await response.json()) as { rows: Row[] };
  return new Map(rows.map((r) => [r.model, r]));
}

async function capture(page: Page, name: string, url: string): Promise<string[]> {
  const written: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Settled when the page's requests (API view, chart code) are done and its fonts are laid out.
    await page.goto(`${BASE}${url}`, { waitUntil: "networkidle" });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const png = path.join(OUT, `${name}-${width}.png`);
    await page.screenshot({ path: png, fullPage: true });
    if (statSync(png).size <= MAX_PNG_BYTES) {
      written.push(png);
      continue;
    }
    unlinkSync(png);
    // A long page (a submission's every table) stays over the size at quality 70: stepped down, still legible.
    const jpeg = path.join(OUT, `${name}-${width}.jpg`);
    for (const quality of [70, 55, 40]) {
      await page.screenshot({ path: jpeg, fullPage: true, type: "jpeg", quality });
      if (statSync(jpeg).size <= MAX_PNG_BYTES) break;
    }
    written.push(jpeg);
  }
  return written;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const entries = await demoEntries();
  const fiveRuns = [...entries.values()].find((r) => r.source === "verified" && r.runs >= 5);
  const single = entries.get("Demo Agent A");
  if (!fiveRuns || !single)
    throw new Error("The demo's entries are not all scored yet (Demo Agent A and the five-run Demo Agent C)");
  const demo = encodeURIComponent(DEMO);
  const pages: [string, string][] = [
    ["leaderboard", "/"],
    ["submission-5-runs", `/submissions/${fiveRuns.id}`],
    ["analyses-single-run", `/submissions/${single.id}#analyses`],
    ["bug-types", `/bug-types?benchmark=${demo}`],
    ["validity", `/validity?benchmark=${demo}`],
    ["datasheet", "/benchmarks/probe-demo/2026.1"],
  ];
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage({ colorScheme: "light" });
    for (const [name, url] of pages) {
      for (const file of await capture(page, name, url))
        console.log(`${path.relative(ROOT, file)}  ${(statSync(file).size / 1024).toFixed(0)} KB  (${url})`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
