import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seedBenchmark } from "../support/fixtures";

// The repository page with an imported snapshot: the plan facts, the paginated pass table and the call-graph
// excerpts in a real browser (Debian Chromium), audited by axe-core like every other page.
const exec = promisify(execFile);
const webUrl = inject("webUrl");
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const work = mkdtempSync(path.join(tmpdir(), "probebench-plan-page-"));
let browser: Browser;
let slug: string;

beforeAll(async () => {
  slug = await seedBenchmark();
  // 24 directories of one module each, all calling into src/core: more passes than one page shows (20).
  const root = path.join(work, "ui");
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write(
    "src/core/render.ts",
    "export function renderChart(n: number) { return n; }\nexport function removeTooltip() {}\n",
  );
  for (let i = 0; i < 24; i++) {
    const dir = `src/widgets/w${String(i).padStart(2, "0")}`;
    write(
      `${dir}/index.ts`,
      `import { renderChart, removeTooltip } from "../../core/render";\nexport function widget${i}() {\n  renderChart(${i});\n  removeTooltip();\n}\n`,
    );
  }
  write("src/widgets/w00/index.test.ts", 'import { widget0 } from "./index";\nwidget0();\n');
  await exec(
    process.execPath,
    ["bin/probebench.js", "snapshot", "import", "--benchmark", `${slug}@1`, "--repo", "acme/ui", root],
    {
      env: { ...process.env, SNAPSHOT_STORE: path.join(work, "store") },
    },
  );
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});

afterAll(async () => {
  await browser?.close();
});

describe("repository page: audit plan", () => {
  it("shows the plan, pages through the passes and opens a call-graph excerpt, without axe violations", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${webUrl}/repositories/acme/ui?benchmark=${slug}@1`, { waitUntil: "load" });
    const section = page.locator("section[aria-labelledby=plan-heading]");
    await expect.poll(() => section.getByRole("heading", { name: "Audit plan" }).count()).toBe(1);
    await expect.poll(() => section.locator("dl.facts").innerText()).toMatch(/25 \(1 individual, 24 batches\)/);
    const rows = section.locator("table tbody tr");
    expect(await rows.count()).toBe(20);
    expect(await rows.first().locator("th").innerText()).toBe("pass-01");
    expect(await rows.first().innerText()).toContain("src/core/render.ts");

    // The core file has 24 call partners (2 + 24 x 60 > 1,000): a pass of its own, whose excerpt lists 40 of its
    // 48 call sites; a widget batch lists its 2 callees.
    expect(await rows.first().locator("td").first().innerText()).toBe("individual");
    await rows.first().locator("summary").click();
    expect(await rows.first().innerText()).toMatch(/Called from \(40 of 48\)/);
    await rows.nth(1).locator("summary").click();
    expect(await rows.nth(1).innerText()).toMatch(
      /Calls \(2\)\s+renderChart src\/core\/render.ts:1\s+removeTooltip src\/core\/render.ts:2/,
    );

    const found = await page.evaluate(AXE).then(async () =>
      page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string }[] }> };
          }
        ).axe;
        return (await axe.run(document, { resultTypes: ["violations"] })).violations.map((v) => `${v.impact} ${v.id}`);
      }),
    );
    expect(found).toEqual([]);

    await section.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    expect(await section.locator("table tbody tr").count()).toBe(5);
    expect(await section.locator("nav.pager").innerText()).toContain("21–25 of 25 passes");
    await section.getByText("Excluded files (1)").click();
    expect(await section.innerText()).toContain("src/widgets/w00/index.test.ts");

    // Phone width: the pass table scrolls inside its own frame, not the page.
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.close();
  });

  it("says so when a repository has no snapshot", async () => {
    const page = await browser.newPage();
    await page.goto(`${webUrl}/repositories/acme/parser?benchmark=${slug}@1`, { waitUntil: "load" });
    expect(await page.locator("section[aria-labelledby=plan-heading]").innerText()).toContain(
      "No snapshot of this repository has been imported",
    );
    await page.close();
  });
});
