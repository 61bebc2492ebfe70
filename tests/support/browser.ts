import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

// Debian's Chromium for the browser tests, watching every page for Content-Security-Policy violations: a script or
// style the policy blocks is logged to the console, and the tests require there is none (the CSP carries a nonce
// per request, see proxy.ts, so a script without it would silently not run).
export type WatchedBrowser = { browser: Browser; cspViolations: string[] };

export async function launchBrowser(): Promise<WatchedBrowser> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const cspViolations: string[] = [];
  // Once per context: Playwright's newPage goes through newContext.
  const watched = new WeakSet<BrowserContext>();
  const watch = (context: BrowserContext) => {
    if (watched.has(context)) return;
    watched.add(context);
    context.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text()))
        cspViolations.push(`${message.location().url}: ${message.text()}`);
    });
  };
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watch(context);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    watch(page.context());
    return page;
  };
  return { browser, cspViolations };
}

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
type AxeViolation = { id: string; impact: string; nodes: { target: string[] }[] };

/** axe-core's violations on the page (WCAG A/AA rules and best practices), one line each: "url: impact rule at nodes". */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as AxeViolation[];
  return found.map((v) => `${page.url()}: ${v.impact} ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
